import { useNavigate } from "react-router-dom";
import { MSG } from "../../domain/messages.ts";
import { JOINED_DIALOG_TEXT as TEXT } from "../../domain/texts/rides-join-dialog.ts";
import { Button } from "../components/button.tsx";
import { Dialog, type ReturnFocus } from "../components/dialog.tsx";

/**
 * '¡Apuntada!' after joining, with the spec's three ways on (docs/product.md#ride-card); or, after
 * joining a full ride's waiting list, her place and what happens next
 * (docs/product.md#ride-waiting-list).
 */
export function JoinDialog({
  rideId,
  open,
  onOpenChange,
  waitingPosition,
  returnFocusTo,
}: {
  rideId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Set when she joined the waiting list rather than the ride. */
  waitingPosition?: number | undefined;
  returnFocusTo?: ReturnFocus;
}) {
  const navigate = useNavigate();
  const go = (path: string) => {
    onOpenChange(false);
    navigate(path);
  };
  if (waitingPosition !== undefined) {
    return (
      <Dialog
        open={open}
        onOpenChange={onOpenChange}
        title={MSG.waitingListJoinedTitle}
        description={`${MSG.waitingListPosition(waitingPosition)}. ${MSG.waitingListJoinedText}`}
        returnFocusTo={returnFocusTo}
      >
        <div className="flex flex-col gap-2">
          <Button onClick={() => onOpenChange(false)}>{TEXT.gotIt}</Button>
          <Button variant="ghost" onClick={() => go(`/app/ride/${rideId}`)}>
            {TEXT.info}
          </Button>
        </div>
      </Dialog>
    );
  }
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={TEXT.title}
      description={TEXT.text}
      returnFocusTo={returnFocusTo}
    >
      <div className="flex flex-col gap-2">
        <Button onClick={() => go(`/app/ride/${rideId}`)}>{TEXT.route}</Button>
        <Button variant="secondary" onClick={() => go(`/app/chat/${rideId}`)}>
          {TEXT.chat}
        </Button>
        <Button variant="ghost" onClick={() => go(`/app/ride/${rideId}`)}>
          {TEXT.info}
        </Button>
      </div>
    </Dialog>
  );
}
