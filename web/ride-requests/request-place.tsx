// 'Solicitar plaza' on a 'Con aprobación' ride's card (docs/product.md#join-by-approval): the
// button, then her request's status; the dialog with her note loads on her first tap
// (request-dialog.tsx), so a list of cards carries no dialog code.
import { Hourglass } from "lucide-react";
import { lazy, Suspense, useRef, useState } from "react";
import type { RideSummary } from "../../domain/api/rides.ts";
import { errorText } from "../../domain/errors.ts";
import { MSG } from "../../domain/messages.ts";
import { Button } from "../components/button.tsx";
import { toast } from "../lib/toast.ts";
import { useWithdrawRequest } from "./queries.ts";

const RequestDialog = lazy(() => import("./request-dialog.tsx"));

export function RequestPlace({ ride, canRequest }: { ride: RideSummary; canRequest: boolean }) {
  const [open, setOpen] = useState(false);
  // Mounted from her first tap on: the dialog then returns focus to the button when it closes.
  const [wanted, setWanted] = useState(false);
  const [note, setNote] = useState("");
  // Her request sent, 'Solicitar plaza' is gone: focus lands where she can take it back.
  const withdrawButton = useRef<HTMLButtonElement>(null);
  const withdraw = useWithdrawRequest();
  const status = ride.viewer.request;

  async function onWithdraw() {
    try {
      await withdraw.mutateAsync(ride.id);
      toast.success(MSG.requestWithdrawn);
    } catch (error) {
      toast.error(MSG.requestWithdrawFailed, { description: errorText(error) });
    }
  }

  return (
    <>
      {status === "pending" ? (
        <p
          className="flex basis-full items-center gap-2 rounded-xl bg-accent-soft px-3 py-2 text-sm font-bold"
          role="status"
        >
          <Hourglass aria-hidden="true" size={16} />
          {MSG.requestPending}
        </p>
      ) : null}
      {status === "declined" || status === "expired" ? (
        <p className="basis-full rounded-xl bg-bg px-3 py-2 text-sm" role="status">
          <span className="font-bold">{MSG.requestDeclined}. </span>
          {status === "declined" ? MSG.requestDeclinedText : null}
        </p>
      ) : null}
      {canRequest ? (
        <Button
          onClick={() => {
            setWanted(true);
            setOpen(true);
          }}
        >
          {MSG.requestPlace}
        </Button>
      ) : null}
      {status === "pending" ? (
        <Button
          ref={withdrawButton}
          variant="ghost"
          onClick={onWithdraw}
          disabled={withdraw.isPending}
        >
          {MSG.requestWithdraw}
        </Button>
      ) : null}
      {wanted ? (
        <Suspense fallback={null}>
          <RequestDialog
            ride={ride}
            open={open}
            setOpen={setOpen}
            note={note}
            setNote={setNote}
            returnFocusTo={withdrawButton}
          />
        </Suspense>
      ) : null}
    </>
  );
}
