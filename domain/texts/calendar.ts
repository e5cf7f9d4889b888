// Settings → Calendario (docs/product.md#calendar): her private feed's card.

/** The card's toasts and its state when the feed was stopped. */
export const CALENDAR_MSG = {
  created: "Enlace creado. Cópialo y añádelo a tu calendario.",
  copied: "Enlace copiado.",
  copyFailed: "No se pudo copiar. Selecciona el enlace y cópialo a mano.",
  revoked: "Enlace revocado: ya no funciona.",
  failed: "No se pudo completar. Inténtalo de nuevo.",
  stopped:
    "Tu enlace dejó de funcionar al cambiar la contraseña o cerrar la sesión en todos los dispositivos. Crea uno nuevo y actualízalo en tu calendario.",
};

export const CALENDAR_TEXT = {
  title: "Calendario",
  intro:
    "Un enlace privado para suscribirte desde Google Calendar, Apple o Outlook: tus próximas salidas aparecen solas y se actualizan si cambian. No lo compartas.",
  yourLink: "Tu enlace de calendario",
  copy: "Copiar enlace",
  /** The URL is shown once: afterwards only the date it was made ('12 de marzo de 2027'). */
  active: (createdOn: string) =>
    `Tienes un enlace activo, creado el ${createdOn}. Por seguridad solo se muestra al crearlo: si lo perdiste, crea uno nuevo.`,
  replace: "Crear un enlace nuevo",
  revoke: "Revocar enlace",
  revoking: "Revocando...",
  revokeTitle: "¿Revocar el enlace?",
  revokeText:
    "Tu calendario dejará de recibir tus salidas por este enlace. Si luego quieres volver a suscribirte, crea uno nuevo.",
  create: "Crear enlace de calendario",
} as const;
