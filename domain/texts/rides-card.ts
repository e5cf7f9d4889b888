// The ride card (docs/product.md#ride-card), shown by the feed, the search, 'Mis salidas' and the
// ride's page, and the lists of cards. The dialogs it opens load their texts with them
// (rides-join-dialog.ts, rides-cancel-dialog.ts).
import { MSG } from "../messages.ts";

export const RIDE_CARD_TEXT = {
  meetingPoint: "Punto de encuentro:",
  meetingPointOf: (place: string) => `Punto de encuentro: ${place}`,
  openInMaps: "Abrir en Google Maps",
  /** An approval ride's area on its map: 'Zona aproximada del punto de encuentro en Madrid'. */
  meetingAreaOf: (areaLabel: string, city: string) =>
    `${areaLabel} del punto de encuentro en ${city}`,
  organizer: "Organizadora:",
  participants: "Participantes",
  chat: "Chat",
  description: "Comentarios adicionales:",
  join: "UNIRME",
  leave: "Desapuntarme",
  share: "Compartir",
  cancel: "Cancelar salida",
  /** 'Has rodado con 2 de las que van'; once the ride has been, '… de las que fueron'. */
  rodeWith: (count: number, past: boolean) =>
    `Has rodado con ${count} de las que ${past ? "fueron" : "van"}`,
  rodeWithNames: (names: string) => `Con quién has rodado: ${names}`,
} as const;

/** Under a list of cards. */
export const RIDE_LIST_TEXT = {
  more: "Cargar más",
  loading: "Cargando...",
} as const;

/** Where a ride's card (and its cancel dialog) is shown: the lists, or the ride's own page. */
export type RideCardPlace = "list" | "detail";

/**
 * The waiting list's texts (docs/product.md#ride-waiting-list; ours): the same wherever the card
 * is.
 */
const WAITING_LIST_TEXTS = {
  waitingLeft: MSG.waitingListLeft,
  waitingJoinFailed: MSG.waitingListJoinFailed,
  waitingLeaveFailed: MSG.waitingListLeaveFailed,
} as const;

/**
 * The product (docs/product.md#joining-and-leaving) gives the ride detail page its own texts for
 * joining and leaving; the lists (feed, search, My Rides) use the card's. One table for both.
 * Cancelling has one set of texts, the cancel dialog's, wherever she cancels.
 */
export const PLACE_TEXTS = {
  list: {
    joined: { title: MSG.joinedTitle, description: MSG.joined },
    left: { title: MSG.leftTitle, description: MSG.left },
    joinFailed: MSG.joinFailedCard,
    leaveFailed: MSG.leaveFailed,
    ...WAITING_LIST_TEXTS,
  },
  detail: {
    joined: { title: MSG.joinedShort, description: undefined },
    left: { title: MSG.leftShort, description: undefined },
    joinFailed: MSG.joinLeaveFailedDetail,
    leaveFailed: MSG.joinLeaveFailedDetail,
    ...WAITING_LIST_TEXTS,
  },
} as const satisfies Record<RideCardPlace, unknown>;
