// Grupos (docs/product.md#grupos): every Spanish text of the API's answers and the group screens.
import { REQUEST_NOTE_MAX } from "../constants.ts";
import { plural } from "../plural.ts";

export const GROUP_NAME_MIN = 3;
export const GROUP_NAME_MAX = 60;
export const GROUP_DESCRIPTION_MAX = 1000;
/** Groups one account may have created that are not archived. */
export const GROUPS_CREATED_MAX = 3;
export const GROUP_MEMBERS_MAX = 500;
export const GROUP_LEADERS_MAX = 5;

export const GROUP_MSG = {
  // ---- The form and its refusals ----
  createTitle: "Crear un grupo",
  nameLabel: "Nombre del grupo",
  nameRequired: "Ponle un nombre al grupo",
  nameLength: `El nombre debe tener entre ${GROUP_NAME_MIN} y ${GROUP_NAME_MAX} caracteres`,
  nameBanned: "Ese nombre no está permitido. Elige otro.",
  nameTaken: "Ya hay un grupo con ese nombre o uno que se le parece mucho. Elige otro.",
  descriptionTooLong: `La descripción no puede superar los ${GROUP_DESCRIPTION_MAX} caracteres`,
  levelsRequired: "Elige al menos un nivel",
  createdCap: `Ya has creado ${GROUPS_CREATED_MAX} grupos: es el máximo por cuenta`,
  joinModeOpen: "Abierto",
  joinModeApproval: "Con aprobación",
  // ---- Joining and leaving ----
  join: "Unirme al grupo",
  request: "Solicitar unirme",
  leave: "Salir del grupo",
  leader: "líder",
  full: `Este grupo ya tiene ${GROUP_MEMBERS_MAX} miembros: está completo`,
  alreadyMember: "Ya formas parte de este grupo",
  notMember: "No formas parte de este grupo",
  requestNeeded: "Este grupo es con aprobación: solicita unirte",
  verifiedOnly:
    "Este grupo es solo para compañeras verificadas. Para ser verificada, rueda con compañeras verificadas y marca «Estoy en el punto de encuentro»: tras la salida podrán respaldarte.",
  /** To a leader accepting a request from before her group became 'Solo verificadas'. */
  requestNotVerified:
    "Este grupo es solo para compañeras verificadas y ella aún no lo está: no puedes aceptarla.",
  verifiedOnlyOption: "Solo verificadas",
  verifiedOnlyHint: "Solo podrán entrar compañeras verificadas. Las que ya están se quedan.",
  requestOpenGroup: "Este grupo es abierto: puedes unirte directamente",
  requestAlready: "Ya has solicitado unirte a este grupo",
  requestAnswered: "Una líder ya ha respondido a tu solicitud",
  requestDeclined: "Esta vez no ha podido ser",
  requestNotPending: "Esta solicitud ya no está pendiente",
  requestWithdrawNone: "No tienes ninguna solicitud pendiente en este grupo",
  inviteInvalid: "Este enlace de invitación ya no es válido",
  // ---- Leaders ----
  leadersOnly: "Solo las líderes del grupo pueden hacerlo",
  leadersCap: `Un grupo puede tener como mucho ${GROUP_LEADERS_MAX} líderes`,
  alreadyLeader: "Ya es líder del grupo",
  lastLeader: "El grupo necesita al menos una líder: nombra a otra antes",
  memberNotFound: "Esta persona no forma parte del grupo",
  notFound: "No encontramos este grupo",
  // ---- Group rides ----
  publishIn: "Publicar en",
  publishSelf: "Solo yo",
  visibilityGroup: "Solo el grupo",
  visibilityOpen: "Abierta",
  groupRide: "Salida de un grupo",
  groupRideShare: "Esta salida es de un grupo de Rodamos: solo sus miembros ven los detalles.",
  cannotPublish: "No puedes publicar salidas en este grupo",
  pushSwitchLabel: "Nuevas salidas de mis grupos",
  pushSwitchHint: "Cuando alguien publica una salida en un grupo del que formas parte.",
  pushNewRideTitle: (group: string) => `Nueva salida en «${group}»`,
  // ---- The public preview (/grupo/<slug>) ----
  previewSummary: (city: string, modalities: string) => `Grupo de ${modalities} en ${city}`,
  previewOpen: "Ver el grupo en Rodamos",
  previewDiscover: "Descubrir grupos en Rodamos",
  // ---- Safety ----
  reportKind: "Grupo",
  suspendedAlready: "Este grupo ya está suspendido",
  // ---- Counts and pushes ----
  members: (n: number) => plural(n, "miembro", "miembros"),
  pushNewLeaderTitle: "Ahora eres líder",
  pushNewLeaderBody: (group: string) =>
    `Eres la nueva líder de «${group}»: la última líder ha dejado el grupo.`,
  pushRequestTitle: "Nueva solicitud",
  pushRequestBody: (name: string, group: string) => `${name} quiere unirse a «${group}».`,
  pushAcceptedTitle: "¡Ya estás dentro!",
  pushAcceptedBody: (group: string) => `Te han aceptado en «${group}».`,
  pushDeclinedBody: (group: string) =>
    `Tu solicitud para unirte a «${group}» no ha salido adelante.`,
} as const;

/** 'Grupos' in the search (/app/search?ver=grupos): by text, city, modality and level. */
export const GROUP_SEARCH_TEXT = {
  title: "Buscar grupos",
  search: "Buscar grupos",
  placeholder: "Nombre del grupo, ciudad o zona…",
  city: "Ciudad",
  near: "Cerca de mí",
  nearCity: (city: string) => `Grupos de ${city}, tu ciudad.`,
  nearUnknown: "Indica tu ciudad en tu perfil para ver los grupos cerca de ti.",
  results: "Resultados",
  loading: "Cargando grupos",
  empty: "No hay grupos con estos filtros. ¿Y si creas uno?",
  create: GROUP_MSG.createTitle,
  loadFailed: "No hemos podido cargar los grupos.",
  more: "Ver más grupos",
  yours: "Tu grupo",
} as const;

/** 'Tus grupos' in the feed: her groups, each with its next ride. */
export const YOUR_GROUPS_TEXT = {
  title: "Tus grupos",
  nextRide: "Próxima salida:",
  noRide: "Sin salidas próximas",
  groupOnly: GROUP_MSG.visibilityGroup,
} as const;

/** The group's page (/app/grupo/<slug>): its facts, joining, the members and the requests. */
export const GROUP_PAGE_TEXT = {
  loading: "Cargando el grupo",
  loadFailed: "No hemos podido cargar el grupo.",
  leaders: "Líderes",
  description: "Sobre el grupo",
  membersTitle: "Miembros",
  openGroup: GROUP_MSG.joinModeOpen,
  approvalGroup: GROUP_MSG.joinModeApproval,
  pending: "Tu solicitud está pendiente: una líder te responderá.",
  withdraw: "Retirar solicitud",
  joined: "¡Ya formas parte del grupo!",
  left: "Has salido del grupo",
  leaveConfirmTitle: "¿Salir del grupo?",
  leaveConfirmText:
    "Dejarás de ver sus salidas solo para el grupo. Si eres la última líder, la miembro más antigua pasará a ser líder.",
  actionFailed: "No ha salido bien",
  // ---- The request dialog ----
  noteLabel: "Nota para las líderes (opcional)",
  noteAtLimit: `Has llegado al máximo de ${REQUEST_NOTE_MAX} caracteres`,
  send: "Enviar solicitud",
  sending: "Enviando...",
  cancel: "Cancelar",
  requestSent: "Solicitud enviada",
  requestSentText: "Te avisaremos cuando una líder responda.",
  // ---- The leaders' requests ----
  requestsTitle: "Solicitudes",
  requestsEmpty: "No hay solicitudes pendientes.",
  accept: "Aceptar",
  decline: "Rechazar",
  answerTo: (action: string, name: string) => `${action} a ${name}`,
  accepted: "Solicitud aceptada",
  declined: "Solicitud rechazada",
  declineConfirmTitle: (name: string) => `¿Rechazar la solicitud de ${name}?`,
  declineConfirmText:
    "No podrá volver a solicitar unirse. Le diremos que esta vez no ha podido ser, sin motivos.",
  completedRides: (n: number) => plural(n, "salida completada", "salidas completadas"),
  rodeWithMembers: (n: number) => `Ha rodado con ${plural(n, "miembro", "miembros")} del grupo`,
} as const;

/** The leaders' management on the group's page: the group, its people, its invitation link. */
export const GROUP_MANAGE_TEXT = {
  title: "Gestionar el grupo",
  edit: "Editar el grupo",
  save: "Guardar cambios",
  saving: "Guardando...",
  saved: "Cambios guardados",
  saveFailed: "No se pudieron guardar los cambios",
  cancel: "Cancelar",
  membersMayPublish: "Las miembros pueden publicar salidas",
  membersMayPublishHint: "Si lo apagas, solo las líderes publican salidas en el grupo.",
  people: "Miembros y líderes",
  makeLeader: "Nombrar líder",
  removeLeader: "Quitar como líder",
  remove: "Quitar del grupo",
  forName: (action: string, name: string) => `${action}: ${name}`,
  removeConfirmTitle: (name: string) => `¿Quitar a ${name} del grupo?`,
  removeConfirmText:
    "Dejará de ser miembro y saldrá de las salidas solo para el grupo a las que se había unido.",
  removed: (name: string) => `${name} ya no forma parte del grupo`,
  leaderNamed: (name: string) => `${name} ahora es líder`,
  leaderRemoved: (name: string) => `${name} ya no es líder`,
  invite: "Enlace de invitación",
  inviteHint: "Quien lo abra entra directamente en el grupo, aunque sea con aprobación.",
  inviteCreate: "Crear enlace de invitación",
  inviteCopy: "Copiar enlace",
  inviteCopied: "Enlace copiado",
  inviteRevoke: "Revocar enlace",
  inviteRevoked: "Enlace revocado: ya no sirve",
  inviteRevokeConfirmTitle: "¿Revocar el enlace?",
  inviteRevokeConfirmText:
    "Quien lo tenga ya no podrá usarlo para unirse. Puedes crear otro cuando quieras.",
  /** On the group's page opened from an invitation link. */
  inviteJoin: "Unirme con la invitación",
} as const;

/** 'Denunciar grupo' for anyone on its page, and a moderator's 'Suspender grupo'. */
export const GROUP_SAFETY_TEXT = {
  report: "Denunciar grupo",
  suspend: "Suspender grupo",
  suspendTitle: (name: string) => `¿Suspender «${name}»?`,
  suspendText:
    "Su página dejará de verse, se cancelan sus próximas salidas con aviso a las participantes y su charla se cierra. Sus datos se guardan.",
  suspended: "Grupo suspendido",
} as const;

/** The invitation link's parameter on the group's page: /app/grupo/<slug>?invitacion=<token>. */
export const GROUP_INVITE_PARAM = "invitacion";

/** 'Crear un grupo' (/app/grupos/nuevo). */
export const GROUP_CREATE_TEXT = {
  title: GROUP_MSG.createTitle,
  name: GROUP_MSG.nameLabel,
  city: "Ciudad",
  cityPlaceholder: "Empieza a escribir la ciudad",
  description: "Descripción (opcional)",
  descriptionAtLimit: `Has llegado al máximo de ${GROUP_DESCRIPTION_MAX} caracteres`,
  levels: "Niveles",
  joinMode: "¿Quién puede unirse?",
  open: GROUP_MSG.joinModeOpen,
  openHint: "Cualquiera puede unirse al momento.",
  approval: GROUP_MSG.joinModeApproval,
  approvalHint: "Cada persona lo solicita y una líder la acepta.",
  submit: "Crear el grupo",
  saving: "Creando...",
  created: "¡Grupo creado!",
  failed: "No se pudo crear el grupo",
} as const;
