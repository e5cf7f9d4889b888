// Grupos (docs/product.md#grupos): every Spanish text of the API's answers and the group screens.
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
