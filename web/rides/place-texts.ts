import { MSG } from "../../domain/messages.ts";

/** Where a ride's card (and its cancel dialog) is shown: the lists, or the ride's own page. */
export type RideCardPlace = "list" | "detail";

/**
 * The product (docs/product.md#joining-and-leaving) gives the ride detail page its own texts for
 * joining and leaving; the lists (feed, search, My Rides) use the card's. One table for both.
 * Cancelling has one set of texts, the cancel dialog's, wherever she cancels (cancel-dialog.tsx).
 */
/**
 * The waiting list's texts (docs/product.md#ride-waiting-list; ours): the same wherever the card
 * is.
 */
const WAITING_LIST_TEXTS = {
  waitingLeft: MSG.waitingListLeft,
  waitingJoinFailed: MSG.waitingListJoinFailed,
  waitingLeaveFailed: MSG.waitingListLeaveFailed,
} as const;

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
} as const;
