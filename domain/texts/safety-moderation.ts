// /app/moderacion, the moderators' screen (docs/product.md#reports-and-moderation). Its messages
// are MSG's, the reasons and actions' names in domain/safety.ts.
import { plural } from "../plural.ts";

export const MODERATION_TEXT = {
  title: "Moderación",
  queue: "Denuncias",
  suspended: "Suspendidas",
  audit: "Registro",
  auditLabel: "Registro de acciones",
  noReports: "No hay denuncias pendientes.",
  noSuspended: "No hay cuentas suspendidas.",
  noActions: "Aún no hay acciones registradas.",
  more: "Ver más",
  loading: "Cargando...",
  /** A suspended account: 'ana@example.com · desde 12/03 10:00'. */
  since: (email: string, when: string) => `${email} · desde ${when}`,
  lift: "Levantar la suspensión",
  liftOf: (name: string) => `Levantar la suspensión de ${name}`,
  liftTitle: (name: string) => `¿Levantar la suspensión de ${name}?`,
  liftText: "Podrá volver a iniciar sesión. Sus salidas canceladas siguen canceladas.",
  lifted: "Suspensión levantada",
  /** The action dialog's reason, kept in the audit. */
  reason: "Motivo (queda en el registro)",
  cancel: "Cancelar",
} as const;

/** One report of the queue. */
export const REPORT_CARD_TEXT = {
  kinds: {
    user: "Perfil",
    ride: "Salida",
    message: "Mensaje",
    request: "Solicitud de plaza",
    group: "Grupo",
  },
  reporter: "Denuncia",
  reportedRider: "Denunciada",
  ride: "Salida",
  group: "Grupo",
  deletedAccount: "Cuenta eliminada",
  /** Who reported: 'ana · 2 denuncias anteriores'. */
  reporterFacts: (name: string, earlier: number) =>
    `${name} · ${plural(earlier, "denuncia anterior", "denuncias anteriores")}`,
  /** Who was reported: 'bea (bea@example.com) · 1 denuncia abierta · Suspendida'. */
  reportedFacts: (name: string, email: string, open: number, suspended: boolean) =>
    `${name} (${email}) · ${plural(open, "denuncia abierta", "denuncias abiertas")}${suspended ? " · Suspendida" : ""}`,
  participants: (n: number) => plural(n, "participante", "participantes"),
  cancelled: " · Cancelada",
  organizedBy: (username: string | null) => `organiza ${username ?? "una cuenta eliminada"}`,
  messageIn: (name: string, rideTitle: string) => `${name} en «${rideTitle}»`,
  requestIn: (name: string, rideTitle: string) => `${name} pidió plaza en «${rideTitle}»`,
  noNote: "(sin nota)",
  showContext: "Ver la conversación",
  context: "Conversación alrededor del mensaje",
  systemNotice: "Aviso",
  reportedMark: " (denunciado)",
  hiddenMark: " (oculto)",
  dismiss: "Descartar",
  dismissTitle: "¿Descartar la denuncia?",
  dismissed: "Denuncia descartada",
  /** Dismissing a report whose message is already hidden. */
  close: "Cerrar la denuncia",
  closeTitle: "¿Cerrar la denuncia?",
  closed: "Denuncia cerrada",
  dismissText: "Sale de la cola sin más acciones.",
  hide: "Ocultar mensaje",
  hideTitle: "¿Ocultar el mensaje?",
  hideText: (hiddenText: string) =>
    `Todas verán «${hiddenText}» en su lugar, también en los chats abiertos.`,
  hidden: "Mensaje ocultado",
  suspend: "Suspender cuenta",
  suspendTitle: (name: string | null) => `¿Suspender la cuenta de ${name}?`,
  suspendText:
    "Se cierran sus sesiones al momento, se cancelan sus próximas salidas con aviso a las participantes, sale de las salidas de otras y no podrá iniciar sesión.",
  suspendedDone: "Cuenta suspendida",
} as const;
