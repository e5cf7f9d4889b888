// A ride's page, /app/ride/:id (docs/product.md#ride-detail). Its card speaks through
// rides-card.ts; its messages are MSG's.

export const RIDE_DETAIL_TEXT = {
  addToCalendar: "Añadir al calendario",
  participants: "Participantes",
  waitingListRule: "Si se libera una plaza antes de la salida, entra la primera de la lista.",
  manage: "Gestiona tu salida",
  edit: "Editar",
  cancel: "Cancelar salida",
  delete: "Eliminar",
  deleteTitle: "¿Eliminar la salida?",
  deleteText: "Solo puedes eliminarla mientras no haya otras participantes. No podrás recuperarla.",
  deleteConfirm: "Eliminar salida",
  route: "Ruta completa",
  routeMapOf: (title: string) => `Mapa de la ruta ${title}`,
  downloadGpx: "Descargar GPX",
} as const;

/** What 'Ruta completa' says to a rider outside the group: her way in, or who the route is for. */
const THEN = "verás la ruta completa y podrás descargar el GPX.";
export const ROUTE_LOCKED_TEXT = {
  join: "Únete a la salida para ver la ruta completa y descargar el GPX.",
  joinWaitingList: `Apúntate a la lista de espera: si te llega una plaza, ${THEN}`,
  onWaitingList: `Estás en la lista de espera: si te llega una plaza, ${THEN}`,
  request: `Solicita plaza: si la organizadora te acepta, ${THEN}`,
  requested: `Si la organizadora acepta tu solicitud, ${THEN}`,
  participantsOnly: "La ruta completa y el GPX son solo para las participantes de esta salida.",
} as const;
