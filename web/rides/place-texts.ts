import { MSG } from "../../domain/messages.ts";

/** Where a ride's card (and its cancel dialog) is shown: the lists, or the ride's own page. */
export type RideCardPlace = "list" | "detail";

/**
 * Spec 02 §8 gives the ride detail page its own texts for joining, leaving and cancelling; the
 * lists (feed, search, My Rides) use the card's and the cancel dialog's. One table for both.
 */
export const PLACE_TEXTS = {
  list: {
    joined: { title: MSG.joinedTitle, description: MSG.joined },
    left: { title: MSG.leftTitle, description: MSG.left },
    joinFailed: MSG.joinFailedCard,
    leaveFailed: MSG.leaveFailed,
    cancelled: MSG.rideCancelledTitle,
    cancelNotAuthorized: MSG.cancelNotAuthorizedDialog,
    cancelFailed: MSG.cancelFailedRetry,
  },
  detail: {
    joined: { title: MSG.joinedShort, description: undefined },
    left: { title: MSG.leftShort, description: undefined },
    joinFailed: MSG.joinLeaveFailedDetail,
    leaveFailed: MSG.joinLeaveFailedDetail,
    cancelled: MSG.rideCancelledSuccess,
    cancelNotAuthorized: MSG.cancelNotAuthorized,
    cancelFailed: MSG.cancelFailed,
  },
} as const;
