// 'Propón una ruta' and 'Edita tu grupeta': the ride form
// (docs/product.md#creating-and-editing-rides).

/** Ours: '¿Quién puede unirse?' (docs/product.md#join-by-approval). */
export const JOIN_MODE_TEXT = {
  label: "¿Quién puede unirse?",
  open: "Abierta",
  openHint: "Cualquiera puede unirse mientras queden plazas.",
  approval: "Con aprobación",
  approvalHint:
    "Cada una solicita plaza y tú decides. El punto exacto solo lo ven las que aceptes.",
} as const;
