// A full ride's waiting list on its card (docs/product.md#ride-waiting-list): 'Apuntarme a la lista
// de espera' in place of the spec's disabled 'Completa', then her place with a way out. The API
// decides; these buttons only ask and say what it answered.
import { Hourglass } from "lucide-react";
import type { RideSummary } from "../../domain/api/rides.ts";
import { errorText } from "../../domain/errors.ts";
import { MSG } from "../../domain/messages.ts";
import type { RideCardActions } from "../../domain/ride-card.ts";
import { PLACE_TEXTS, type RideCardPlace } from "../../domain/texts/rides-card.ts";
import { Button } from "../components/button.tsx";
import { toast } from "../lib/toast.ts";
import { useJoinWaitingList, useLeaveWaitingList } from "../ride-core/queries.ts";

export function WaitingListButtons({
  ride,
  actions,
  place,
  onJoined,
}: {
  ride: RideSummary;
  actions: Pick<RideCardActions, "canJoinWaitingList" | "onWaitingList">;
  place: RideCardPlace;
  /** Her place once she is on the list (the card opens its dialog). */
  onJoined: (position: number) => void;
}) {
  const join = useJoinWaitingList();
  const leave = useLeaveWaitingList();
  const texts = PLACE_TEXTS[place];

  async function onJoin() {
    try {
      const { ride: updated } = await join.mutateAsync(ride.id);
      const position = updated.viewer.waitingPosition;
      if (position === null) {
        // A place was free after all and the list gave it to her at once.
        toast.success(MSG.waitingListPromotedTitle, {
          description: MSG.waitingListPromotedText(ride.title),
        });
        return;
      }
      // The dialog that opens says it (her place, what happens next): no toast over it.
      onJoined(position);
    } catch (error) {
      toast.error(texts.waitingJoinFailed, {
        description: errorText(error),
      });
    }
  }

  async function onLeave() {
    try {
      await leave.mutateAsync(ride.id);
      toast.success(texts.waitingLeft);
    } catch (error) {
      toast.error(texts.waitingLeaveFailed, {
        description: errorText(error),
      });
    }
  }

  const position = ride.viewer.waitingPosition;
  return (
    <>
      {actions.onWaitingList && position !== null ? (
        <p
          className="flex basis-full items-center gap-2 rounded-xl bg-accent-soft px-3 py-2 text-sm font-bold"
          role="status"
        >
          <Hourglass aria-hidden="true" size={16} />
          {MSG.waitingListPosition(position)}
        </p>
      ) : null}
      {actions.canJoinWaitingList ? (
        <Button onClick={onJoin} disabled={join.isPending}>
          {MSG.waitingListJoin}
        </Button>
      ) : null}
      {actions.onWaitingList ? (
        <Button variant="ghost" onClick={onLeave} disabled={leave.isPending}>
          {MSG.waitingListLeave}
        </Button>
      ) : null}
    </>
  );
}
