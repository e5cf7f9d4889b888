// Over 400 lines and kept whole: the app's Spanish texts in one table, grouped by the rule each
// belongs to, so a wording is found (and changed) in one place.
// Spanish UI texts (docs/product.md#spanish-texts). Everything not marked "ours" is the wording of
// the app Rodamos rebuilds, kept verbatim; each group names the rule it belongs to in
// docs/product.md.
import {
  MAX_DISTANCE_KM,
  MAX_ELEVATION_M,
  MAX_PARTICIPANTS,
  MIN_PARTICIPANTS,
  PRODUCT_NAME,
  REQUEST_NOTE_MAX,
  RIDE_START_MAX_MONTHS,
  RIDE_TITLE_MAX,
} from "./constants.ts";
import { formatKm, formatMeters } from "./format.ts";
import { plural } from "./plural.ts";
import { SHELL_MSG } from "./texts/app.ts";

/** Ours: the chat notice when a freed place goes to the first in line ('{name}': her username). */
export const WAITING_LIST_PROMOTED_NOTICE = "{name} entra desde la lista de espera";

/** 1ª, 2ª, 3ª… (riders are women: the feminine ordinal). */
export function ordinalFeminine(n: number): string {
  return `${n}ª`;
}

export const MSG = {
  // --- docs/product.md#accounts-and-sign-in: sign-up, login, password ---
  signupMissingFields: "Por favor completa todos los campos",
  passwordTooShort: "La contraseña debe tener al menos 6 caracteres",
  signupNoUser: "Error al crear usuario",
  signupFailed: "Error al crear cuenta",
  signupSuccess: "¡Cuenta creada! Completa tu perfil",
  googleSignupFailed: "Error al crear cuenta con Google",
  loginFailed: "Credenciales incorrectas",
  loginSuccess: "¡Bienvenida de vuelta!",
  googleLoginFailed: "Error al iniciar sesión con Google",
  recoveryMailFailed: "Error al enviar el correo de recuperación",
  recoveryMailSentTitle: "Correo de recuperación enviado",
  recoveryMailSentText: "Revisa tu bandeja de entrada para restablecer tu contraseña",
  passwordUpdateFailed: (detail: string) => `Error al actualizar la contraseña: ${detail}`,
  passwordUpdated: "Contraseña actualizada correctamente",
  passwordUpdateUnexpected: "Error inesperado al actualizar la contraseña",
  passwordsDoNotMatch: "Las contraseñas no coinciden",
  forgotPasswordEmailFirst: "Por favor ingresa tu correo electrónico primero",
  logoutSuccess: "Sesión cerrada correctamente",
  logoutFailed: "Error al cerrar sesión",

  // --- docs/product.md#the-installable-app: app update checks ---
  updateUnsupported: "El navegador no soporta actualizaciones automáticas",
  updateCheckFailed: "No se pudo verificar actualizaciones",
  updateReloading: "La aplicación se recargará con la nueva versión",
  updateChecking: "Buscando actualizaciones...",
  updateFound: "Nueva versión encontrada",
  updateLatest: "Estás en la última versión",
  updateSettingsError:
    "No se pudo verificar actualizaciones. Intenta recargar la página manualmente.",

  // --- Launch sign-ups, the landing's "lista de espera" (docs/product.md#launch-sign-ups) ---
  errorTitle: SHELL_MSG.errorTitle,
  emailInvalid: "Por favor ingresa un email válido",
  launchSignupMissingInfoTitle: "Falta info",
  launchSignupMissingInfo: "Añade tu ciudad y al menos una modalidad.",
  launchSignupStep2FailedTitle: "Ups",
  launchSignupStep2Failed: "No pudimos guardar tus datos. Intenta de nuevo.",
  launchSignupStep2SuccessTitle: "¡Gracias!",
  launchSignupStep2Success: "Guardado.",
  launchSignupSaving: "Guardando...",

  // --- docs/product.md#usernames: username ---
  usernameRequired: "El nombre de usuario es requerido",
  usernameLength: "El nombre debe tener entre 3 y 20 caracteres",
  usernameChars: "Solo se permiten letras, números y guiones bajos",
  usernameEdgeUnderscore: "No puede empezar o terminar con guión bajo",
  usernameConsecutiveUnderscores: "No se permiten guiones bajos consecutivos",
  usernameBanned: "Elige otro nombre",
  usernameReserved: "Este nombre está reservado",
  /** Availability check while typing (docs/product.md#usernames). */
  usernameTaken: "Nombre ya en uso, prueba con otro",
  /**
   * Duplicate on save (docs/product.md#usernames, database unique violation). Note the slightly
   * different wording.
   */
  usernameTakenOnSave: "Nombre ya en uso, prueba otro",

  // --- docs/product.md#profiles: profile ---
  cityRequired: "La ciudad es obligatoria",
  modalitiesRequired: "Selecciona al menos una modalidad",
  profileUnauthenticated: "Usuario no autenticado",
  profileSetupFailed: "Error guardando perfil",
  profileEditFailed: "Error actualizando perfil",
  profileLoadFailed: "Error cargando perfil",
  profileSaved: "¡Perfil guardado!",
  profileUpdated: "¡Perfil actualizado!",

  // --- docs/product.md#referrals: referrals and invites ---
  referralClaimed: `Invitación registrada. ¡Bienvenida a ${PRODUCT_NAME}!`,
  inviteLinkCopied: "Enlace de invitación copiado.",
  shareFailed: "No se pudo compartir. Inténtalo de nuevo.",

  // --- docs/product.md#the-installable-app: offline screen (also used for network failures) ---
  offlineTitle: SHELL_MSG.offlineTitle,
  networkError: SHELL_MSG.networkError,
  retry: SHELL_MSG.retry,

  // --- docs/product.md#public-site: not-found page ---
  notFoundPage: "Oops! Da media vuelta y vuelve con la grupeta",

  // --- docs/product.md#joining-and-leaving: feed, join and leave ---
  feedLoadFailed: "No se pudieron cargar las salidas. Inténtalo de nuevo.",
  joinUnauthenticated: "Debes iniciar sesión para unirte a la salida",
  leaveUnauthenticated: "Debes iniciar sesión",
  alreadyJoinedTitle: "Ya estás apuntada",
  alreadyJoined: "Ya formas parte de esta salida",
  joinFailedCard: "No se pudo unir a la salida",
  joinFailedChat: "Error al unirse a la salida",
  joinLeaveFailedDetail: "Error al procesar la solicitud",
  leaveFailed: "No se pudo salir de la salida",
  joinedTitle: "¡Te has unido!",
  joined: "Te has unido a la salida correctamente",
  leftTitle: "Has salido",
  left: "Te has desapuntado de la salida",
  joinedShort: "Te has unido a la salida",
  leftShort: "Has salido de la salida",

  // --- docs/product.md#joining-and-leaving: join / leave rules ---
  rideStarted: "No puedes unirte a una salida que ya ha comenzado",
  leaveStarted: "No puedes salir de una salida que ya ha comenzado",

  // --- docs/product.md#creating-and-editing-rides: create and edit ---
  rideRequiredFields: "Por favor completa todos los campos obligatorios",
  ridePastStart: "No puedes crear una salida para una fecha y hora pasadas",
  rideDistanceElevationRequired: "Debes especificar distancia y desnivel aproximados",
  createUnauthenticated: "Debes iniciar sesión para crear una salida",
  rideLoadForEditFailed: "Error al cargar los datos de la salida",
  rideUpdateFailed: "Error al actualizar la salida",
  rideCreateFailed: "Error al crear la salida",
  /** Never shown: the ride and its organizer's participation are one transaction (ADR 0012). */
  organizerAutoJoinFailed:
    "Salida creada pero error al unirte automáticamente. Únete manualmente desde el detalle.",
  rideCreated: "¡Salida creada!",
  rideUpdated: "¡Salida actualizada!",
  meetingPointHint: "Indica lugar y ciudad para que el enlace a Google Maps funcione bien.",
  /** System chat message posted after an edit (docs/product.md#creating-and-editing-rides). */
  systemEditNotice:
    "📢 La organizadora ha actualizado esta salida. Revisa los nuevos detalles antes de rodar.",

  // --- docs/product.md#ride-detail, #ride-chat and #connections ---
  rideDetailLoadFailed: "Error al cargar los detalles de la salida",
  rideInfoLoadFailed: "Error al cargar la información de la salida",
  participantsLoadFailed: "Error al cargar los participantes",
  connectionsSaveFailed: "Error al guardar las conexiones",
  messageSendFailed: "Error al enviar el mensaje",
  rideGone: "Esta salida no existe o ha sido eliminada",
  invalidRideId: "ID de salida no válido",
  rideNotFound: "Salida no encontrada",
  chatClosed: "El chat solo está disponible hasta 12 horas después del inicio de la salida",
  connectionsSkipped: "No sumará a tus conexiones. Puedes hacerlo en las próximas 48h.",

  // --- docs/product.md#cancelling-and-deleting: cancel and delete ---
  cancelNotAuthorized: "No tienes permisos para cancelar esta salida",
  /**
   * The cancel dialog's variant ends with a full stop
   * (docs/product.md#cancelling-and-deleting).
   */
  cancelNotAuthorizedDialog: "No tienes permisos para cancelar esta salida.",
  cancelFailedRetry: "No se pudo cancelar la salida. Inténtalo de nuevo.",
  deleteNotAuthorized: "No tienes permisos para eliminar esta salida",
  deleteHasParticipants: "No puedes eliminar una salida con participantes. Cancélala en su lugar.",
  deleteFailed: "Error al eliminar la salida",
  rideDeletedSuccess: "Salida eliminada correctamente",
  /**
   * Cancelling says this wherever she cancels (the dialog's texts): the app Rodamos rebuilds also
   * had the old detail page's 'Salida cancelada correctamente' and 'Error al cancelar la salida'.
   */
  rideCancelledTitle: "Salida cancelada",
  rideCancelledNotice: "Se ha avisado a todas las participantes.",
  viewCancelled: "Ver canceladas",
  cancelledBanner: "Cancelada por la organizadora",
  /** A ride her suspension cancelled: true, and it names or blames nobody. */
  cancelledNeutralBanner: "Salida cancelada",

  // --- docs/product.md#route-and-gpx: GPX ---
  gpxEmpty: "Contenido GPX vacío",
  gpxNoCoordinates: "No se encontraron coordenadas válidas en el archivo GPX",
  gpxInvalidXml: "El archivo GPX tiene formato XML inválido",
  gpxInvalidFormat: "Formato de archivo GPX inválido o corrupto",
  gpxProcessingError: (detail: string) => `Error al procesar GPX: ${detail}`,
  // What exactly is wrong with her file, in Spanish; never a parser's English text.
  gpxInvalidXmlAt: (line: number, detail: string) =>
    `El archivo GPX tiene formato XML inválido (línea ${line}: ${detail})`,
  gpxXmlTextOutside: "hay texto fuera de las etiquetas; ¿es de verdad un archivo GPX?",
  gpxXmlAfterRoot: "hay contenido después del cierre de </gpx>",
  gpxXmlBadTag: "una etiqueta está mal escrita",
  gpxXmlUnclosedComment: "un comentario o bloque CDATA no se cierra",
  gpxXmlUnclosedTag: (name: string) => `la etiqueta <${name}> no se cierra`,
  gpxXmlMismatch: (open: string, close: string) => `se esperaba </${open}> y aparece </${close}>`,
  gpxDoctype:
    "Formato de archivo GPX inválido o corrupto: por seguridad no se admiten declaraciones DOCTYPE ni entidades",
  gpxNotGpx: "Formato de archivo GPX inválido o corrupto: es un XML, pero no un GPX",
  gpxTooDeep: "El archivo GPX tiene demasiadas etiquetas anidadas unas dentro de otras",
  gpxEncodingUnsupported: (label: string) =>
    `El archivo GPX usa una codificación que no sabemos leer (${label}). Guárdalo como UTF-8 y vuelve a subirlo.`,
  gpxWaypointsOnly: "Este GPX solo tiene puntos sueltos, no una ruta",
  gpxShortRoute: (km: string) =>
    `La ruta del GPX mide ${km}, menos del mínimo de 1 km de una salida: escribe tú la distancia que vais a recorrer.`,
  meetingPinInvalid: "El punto de encuentro del mapa no es válido",

  // --- docs/product.md#my-rides: My Rides ---
  upcomingLoadFailed: "No se pudieron cargar las salidas próximas",
  pastLoadFailed: "No se pudieron cargar las salidas pasadas",
  myRidesLoadFailed: "Error al cargar tus salidas",

  // --- docs/product.md#public-profile: profile and account ---
  /**
   * Never shown: the old app deleted the profile, then the account; here one call erases both
   * (docs/product.md#account-deletion), and its failure reads accountDeleteFailed.
   */
  profileDeleteFailed: "Error al eliminar el perfil",
  accountDeleteFailed: "Error al eliminar la cuenta",
  accountDeleted: "Cuenta eliminada correctamente",
  accountDeletedDetail: "Se han borrado todos tus datos.",
  profileNotFound: "Perfil no encontrado",

  // --- Ours: blocking and moderation (docs/product.md#blocking, #reports-and-moderation) ---
  accountSuspended: SHELL_MSG.accountSuspended,
  reportThanks: "Gracias. Lo revisaremos lo antes posible.",
  reportRepeated: "Ya nos lo habías enviado. Lo revisaremos lo antes posible.",
  reportReasonRequired: "Elige un motivo",
  reportDetailsTooLong: "El texto es demasiado largo (máximo 500 caracteres)",
  reportSelf: "No puedes denunciar algo tuyo",
  reportFailed: "No se pudo enviar la denuncia. Inténtalo de nuevo.",
  blockSelf: "No puedes bloquearte a ti misma",
  blocked: (username: string) => `Has bloqueado a ${username}`,
  unblocked: (username: string) => `Has desbloqueado a ${username}`,
  blockFailed: "No se pudo bloquear. Inténtalo de nuevo.",
  unblockFailed: "No se pudo desbloquear. Inténtalo de nuevo.",
  blockedListLoadFailed: "No se pudo cargar la lista de usuarias bloqueadas",
  removedFromRide: "Ya no forma parte de tu salida.",
  removeFromRideFailed: "No se pudo quitar de la salida. Inténtalo de nuevo.",
  removeStarted: "No puedes quitar a nadie de una salida que ya ha comenzado",
  /** The neutral notice she receives when an organizer removes her (no word about blocking). */
  removedFromRideMailSubject: "Cambios en una de tus salidas",
  removedFromRideMail: (title: string) =>
    `Ya no formas parte de la salida «${title}». La lista de participantes ha cambiado.`,
  messageHidden: "Mensaje ocultado por moderación",
  moderationReasonRequired: "Escribe el motivo",
  moderationReasonTooLong: "El motivo es demasiado largo (máximo 500 caracteres)",
  moderationSelf: "No puedes suspender tu propia cuenta",
  moderationModerator:
    "No puedes suspender a otra moderadora. Pide que la quiten antes de la lista de moderación.",
  moderationAlreadyDone: "Esto ya estaba hecho",
  moderationLoadFailed: "No se pudo cargar la moderación",
  moderationActionFailed: "No se pudo completar la acción. Inténtalo de nuevo.",

  // --- Ours: texts the spec does not give ---
  rateLimited: "Demasiados intentos. Espera un momento y vuelve a intentarlo.",
  rideFull: "Esta salida está completa",
  routeLoadFailed: "No se pudo cargar la ruta.",
  rideCancelledJoin: "Esta salida ha sido cancelada",
  organizerCannotLeave: "La organizadora no puede desapuntarse de su salida",
  notFound: "No encontrado",
  unauthenticated: "Debes iniciar sesión",
  invalidInput: SHELL_MSG.invalidInput,
  internal: SHELL_MSG.internal,
  /** A transient database failure (503): nothing is wrong with her request. */
  unavailable: "Ahora mismo no podemos procesar tu solicitud. Inténtalo de nuevo en unos segundos.",
  resetTokenInvalid: "El enlace de recuperación no es válido o ha caducado",
  crossOrigin: "Origen no permitido",
  emailTaken: "Ya existe una cuenta con este correo. Inicia sesión.",
  currentPasswordWrong: "la contraseña actual no es correcta",
  referralInvalid: "Esta invitación no es válida o ya se ha usado",
  referralOwn: "No puedes usar tu propia invitación",
  referralAlreadyUsed: "Ya te has registrado con otra invitación",
  recoveryMailSubject: "Restablece tu contraseña de Rodamos",
  invitationRequired:
    "Rodamos aún está en beta privada: necesitas una invitación para crear tu cuenta.",
  googleNotConfigured: "El acceso con Google no está disponible en este entorno",
  notAuthorized: "No tienes permisos para hacer esto",
  profileRequired: "Completa tu perfil para continuar",
  notParticipant: "Solo las participantes de esta salida pueden usar el chat",
  passwordTooLong: "La contraseña es demasiado larga",
  emailTooLong: "El email es demasiado largo",
  titleTooLong: "El título es demasiado largo",
  titleOneLine: "El título debe ir en una sola línea, sin saltos de línea ni caracteres de control",
  /** Under the create form's title once she reaches the limit (the field takes no more). */
  titleAtLimit: `Has llegado al máximo de ${RIDE_TITLE_MAX} caracteres`,
  cityTooLong: "El nombre de la ciudad es demasiado largo",
  meetingPointTooLong: "El punto de encuentro es demasiado largo",
  descriptionTooLong: "Los comentarios adicionales son demasiado largos",
  cancelReasonTooLong: "El motivo es demasiado largo",
  rideStartInvalid: "La fecha y hora de la salida no son válidas",
  distanceMin: "La distancia mínima es de 1 km",
  distanceMax: `La distancia máxima es de ${formatKm(MAX_DISTANCE_KM)}`,
  elevationMax: `El desnivel máximo es de ${formatMeters(MAX_ELEVATION_M)}`,
  rideStartTooFar: `No puedes crear una salida con más de ${RIDE_START_MAX_MONTHS} meses de antelación`,
  distanceStep: "La distancia admite como máximo un decimal",
  elevationInvalid: "El desnivel debe ser un número entero igual o mayor que 0",
  maxParticipantsRange: `El máximo de participantes debe estar entre ${MIN_PARTICIPANTS} y ${MAX_PARTICIPANTS}`,
  socialTagsMax: "Puedes elegir como máximo 2 etiquetas",
  connectionsNoneSelected: "Selecciona al menos una compañera",
  connectionsDuplicate: "Hay compañeras repetidas en la selección",
  connectionsWindowClosed:
    "Puedes guardar con quién has rodado desde 30 minutos hasta 48 horas después del inicio",
  connectionsNotCompanions: "Solo puedes elegir a otras participantes de esta salida",
  connectionsSaved: "¡Conexiones guardadas!",
  messageEmpty: "El mensaje no puede estar vacío",
  messageTooLong: SHELL_MSG.messageTooLong,
  /** docs/product.md#chat-pace: a message above the chat pace. */
  chatTooFast: "Vas muy rápido. Espera un momento.",
  payloadTooLarge: "El archivo es demasiado grande (máximo 5 MB)",
  /** A multipart body that does not parse (broken, cut, compressed). */
  formUnreadable: "No se pudo leer el formulario enviado. Revisa los datos e inténtalo de nuevo.",
  /** A body of another type than the route reads (JSON, or multipart with a GPX), or compressed. */
  unsupportedMediaType: "Formato de datos no admitido. Actualiza la app e inténtalo de nuevo.",
  maxParticipantsBelowJoined:
    "El máximo de participantes no puede ser menor que las participantes ya apuntadas",
  notParticipantLeave: "No formas parte de esta salida",
  rideAlreadyCancelled: "Esta salida ya está cancelada",
  cancelStarted: "No puedes cancelar una salida que ya ha comenzado",
  editStarted: "No puedes editar una salida que ya ha comenzado",
  routeParticipantsOnly: "La ruta solo está disponible para las participantes de la salida",
  /** docs/product.md#route-and-gpx: shown when there are no coordinates. */
  routeNotAvailable: "No hay ruta disponible",
  userNotFound: "Perfil no encontrado",
  rideLinkCopied: "Enlace de la salida copiado.",
  /** A blog article's body (a chunk of its own) did not load. */
  articleLoadFailed: "No se pudo cargar el artículo.",
  /**
   * System chat message posted when the organizer cancels (ours: the app Rodamos rebuilds gave no
   * text).
   */
  systemCancelNotice: (reason?: string | null) =>
    reason
      ? `❌ La organizadora ha cancelado esta salida. Motivo: ${reason}`
      : "❌ La organizadora ha cancelado esta salida.",
  /** The chat's notice when a suspension cancels the ride: says what happened, not who or why. */
  systemCancelNoticeNeutral: "❌ Esta salida se ha cancelado. Sentimos el cambio de planes.",

  // --- Ours: a full ride's waiting list (docs/product.md#ride-waiting-list) ---
  systemWaitingListPromoted: (name: string) => WAITING_LIST_PROMOTED_NOTICE.replace("{name}", name),
  waitingListJoin: "Apuntarme a la lista de espera",
  waitingListLeave: "Salir de la lista de espera",
  waitingListPosition: (position: number) =>
    `Estás la ${ordinalFeminine(position)} en la lista de espera`,
  waitingListCount: (n: number) => `Lista de espera (${n})`,
  waitingListJoinedTitle: "Estás en la lista de espera",
  waitingListJoinedText:
    "Si se libera una plaza antes de la salida, entrarás por orden de llegada y te avisaremos.",
  waitingListLeft: "Has salido de la lista de espera",
  waitingListJoinFailed: "No se pudo apuntarte a la lista de espera",
  waitingListLeaveFailed: "No se pudo salir de la lista de espera",
  waitingListNotFull: "Aún quedan plazas: puedes unirte directamente",
  waitingListNotOnIt: "No estás en la lista de espera de esta salida",
  waitingListPromotedTitle: SHELL_MSG.waitingListPromotedTitle,
  waitingListPromotedText: SHELL_MSG.waitingListPromotedText,
  waitingListClosedTitle: SHELL_MSG.waitingListClosedTitle,
  waitingListClosedText: SHELL_MSG.waitingListClosedText,
  waitingListOrganizerTitle: "Lista de espera",

  // --- Ours: honest levels (docs/product.md#trust-signals-and-honest-levels) ---
  paceQuestion: "¿El ritmo fue el anunciado?",
  waitedQuestion: "¿Se esperó a todas?",
  levelAnswersAnonymous: "Respuestas anónimas: la organizadora solo verá el total.",
  levelAnswersNone: "Responde al menos una de las dos preguntas",
  levelAnswersAlready: "Ya has respondido sobre esta salida",
  levelAnswersSaved: "¡Gracias! Tus respuestas son anónimas.",
  levelAnswersSaveFailed: "No se pudieron guardar tus respuestas",
  levelAnswersOrganizer: "La organizadora no puede responder sobre su propia salida",

  // --- Ours: 'Cerca de mí' (docs/product.md#meeting-pin-and-near-me) ---
  // The search screen's own words for it are NEAR_ORDER_TEXT (domain/texts/rides-search.ts).
  nearInvalid: "La ubicación no es válida",

  // --- Ours: join by approval (docs/product.md#join-by-approval) ---
  // The ride form's choice of it is JOIN_MODE_TEXT (domain/texts/rides-create.ts).
  requestPlace: "Solicitar plaza",
  requestNoteLabel: "Nota para la organizadora (opcional)",
  /** The API's refusal of a longer note (281 and more: 280 is allowed). */
  requestNoteTooLong: `La nota no puede superar los ${REQUEST_NOTE_MAX} caracteres`,
  /** Under the note once she reaches the limit (the field takes no more; the note is sent). */
  requestNoteAtLimit: `Has llegado al máximo de ${REQUEST_NOTE_MAX} caracteres`,
  requestSent: "Solicitud enviada",
  requestSentText: "La organizadora la verá y te avisaremos de su respuesta.",
  requestPending: "Has solicitado plaza. Te avisaremos cuando la organizadora responda.",
  /** The same, where a list of dates has room for a few words only. */
  requestPendingShort: "Has solicitado plaza",
  requestWithdraw: "Retirar solicitud",
  requestWithdrawn: "Has retirado tu solicitud",
  requestDeclined: "Esta vez no ha podido ser",
  requestDeclinedText: "La organizadora no ha podido darte plaza en esta salida.",
  requestFailed: "No se pudo enviar tu solicitud. Tu nota sigue aquí: vuelve a intentarlo.",
  requestAlready: "Ya has solicitado plaza en esta salida",
  requestAlreadyAnswered: "La organizadora ya ha respondido a tu solicitud",
  requestOpenRide: "Esta salida es abierta: puedes unirte directamente",
  requestNeeded: "Esta salida es con aprobación: solicita plaza",
  requestNotFound: "Esta solicitud ya no está pendiente",
  requestWithdrawNone: "No tienes ninguna solicitud pendiente en esta salida",
  requestWithdrawFailed: "No se pudo retirar tu solicitud",
  /** The organizer answers a request that ended: she joined (however) or withdrew it. */
  requestGone: "Esta solicitud ya no está pendiente: ya forma parte de la salida o la ha retirado",
  requestOrganizerOnly: "Solo la organizadora puede responder a las solicitudes",
  requestNoWaitingList:
    "Esta salida es con aprobación: solicita plaza en lugar de apuntarte a la lista",
  requestsTitle: "Solicitudes",
  requestsCount: (n: number) => plural(n, "solicitud", "solicitudes"),
  requestsEmpty: "No hay solicitudes pendientes.",
  requestAccept: "Aceptar",
  requestDecline: "Rechazar",
  requestAccepted: "Solicitud aceptada",
  requestDeclinedOrganizer: "Solicitud rechazada",
  requestDeclineConfirmTitle: (name: string) => `¿Rechazar la solicitud de ${name}?`,
  requestDeclineConfirmText:
    "No podrá volver a pedir plaza en esta salida. Le diremos que esta vez no ha podido ser, sin motivos.",
  requestAnswerFailed: "No se pudo responder a la solicitud",
  requestCompletedRides: (n: number) => plural(n, "salida completada", "salidas completadas"),
  requestRodeWithGroup: (n: number) => `Ha rodado con ${n} de tu grupeta`,
  meetingAreaHidden: "El punto exacto se comparte con las que van",
  meetingAreaLabel: "Zona aproximada",
} as const;

export type MessageKey = keyof typeof MSG;
