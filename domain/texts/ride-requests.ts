// Join by approval (docs/product.md#join-by-approval): the organizer's list of requests on her
// ride's page. Its messages and most labels are MSG's, which the API shares; her request's dialog
// loads its own (ride-requests-dialog.ts).

export const REQUESTS_CARD_TEXT = {
  count: (title: string, n: number) => `${title} (${n})`,
  /** After MSG.rideFull: 'Esta salida está completa: cuando se libere una plaza te avisaremos.' */
  fullThen: (rideFull: string) => `${rideFull}: cuando se libere una plaza te avisaremos.`,
  request: (name: string) => `Solicitud de ${name}`,
  /** 'Aceptar a Ana', 'Rechazar a Ana': the button's name for a screen reader. */
  answerTo: (answer: string, name: string) => `${answer} a ${name}`,
  report: "Denunciar",
  reportTitle: (name: string) => `Denunciar la solicitud de ${name}`,
} as const;
