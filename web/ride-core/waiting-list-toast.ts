// What her app says when a waiting list changes her plans (docs/product.md#ride-waiting-list): a
// freed place is hers, or the ride she waited for was cancelled. Raised by the notification
// channel.

import type { WaitingListEvent } from "../../domain/notification-frame.ts";
import { SHELL_MSG, SHELL_TEXT } from "../../domain/texts/app.ts";
import { toast } from "../lib/toast.ts";

/** Her promotion is news; the chat's notice of it, arriving just after, is not (see below). */
const PROMOTION_QUIET_MS = 10_000;
const promotedAt = new Map<string, number>();

export function showWaitingListToast(
  frame: { event: WaitingListEvent; rideId: string; rideTitle: string },
  openRide: () => void,
) {
  if (frame.event === "promoted") {
    promotedAt.set(frame.rideId, Date.now());
    toast.success(SHELL_MSG.waitingListPromotedTitle, {
      id: `waiting-list-${frame.rideId}`,
      description: SHELL_MSG.waitingListPromotedText(frame.rideTitle),
      duration: 10_000,
      action: { label: SHELL_TEXT.viewRide, onClick: openRide },
    });
    return;
  }
  toast.info(SHELL_MSG.waitingListClosedTitle, {
    id: `waiting-list-${frame.rideId}`,
    description: SHELL_MSG.waitingListClosedText(frame.rideTitle),
    duration: 10_000,
  });
}

/**
 * The 'Conversación en curso' toast for a ride she was just given a place in would replace
 * '¡Tienes plaza!' with news of her own arrival ('X entra desde la lista de espera'): held back
 * for a few seconds after the promotion.
 */
export function justPromoted(rideId: string, now = Date.now()): boolean {
  const at = promotedAt.get(rideId);
  return at !== undefined && now - at < PROMOTION_QUIET_MS;
}
