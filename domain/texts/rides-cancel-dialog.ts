// The cancel dialog (docs/product.md#cancelling-and-deleting), loaded with it, the same wherever
// she cancels.

export const CANCEL_DIALOG_TEXT = {
  title: "¿Cancelar la salida?",
  text: "La salida quedará marcada como cancelada y avisaremos a todas las participantes. Desaparecerá de En marcha y la seguirás viendo en tu historial, en Ya rodadas > Canceladas.",
  confirm: "Sí, cancelar salida",
  cancelling: "Cancelando...",
  scope: "¿Qué fechas cancelas?",
  reason: "Motivo de cancelación (opcional)",
  reasonPlaceholder: "Explica brevemente por qué cancelas la salida...",
} as const;
