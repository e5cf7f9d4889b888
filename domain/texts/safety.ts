// Reporting (docs/product.md#reports-and-moderation): the buttons and menus that open the report
// dialog, and the dialog. Its messages are MSG's, the reasons REPORT_REASON_LABELS
// (domain/safety.ts). Blocking loads with other screens and has its own module (safety-block.ts),
// as has the moderation screen (safety-moderation.ts).

export const SAFETY_TEXT = {
  report: "Denunciar",
  cancel: "Cancelar",
  reportUser: (username: string) => `Denunciar a ${username}`,
  reportRide: "Denunciar esta salida",
  reportMessage: "Denunciar este mensaje",
  messageOptions: (username: string) => `Opciones del mensaje de ${username}`,
  messageOf: (username: string) => `Mensaje de ${username}`,
} as const;

export const REPORT_DIALOG_TEXT = {
  anonymous: "No le diremos a nadie que has sido tú.",
  reason: "Motivo",
  details: "Cuéntanos más (opcional)",
  send: "Enviar denuncia",
  sending: "Enviando...",
} as const;
