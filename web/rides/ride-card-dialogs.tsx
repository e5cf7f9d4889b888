// The ride card's dialogs ('Te has unido', 'Cancelar salida'): lazy, and preloaded once the
// screen is idle.
import { lazy, Suspense } from "react";
import type { ReturnFocus } from "../components/dialog.tsx";

// The dialogs (and Radix behind them) are not part of the first paint of a list of cards: they
// load once the screen is idle, so they are there by the time she taps.
const loadJoinDialog = () => import("./join-dialog.tsx");
const loadCancelDialog = () => import("./cancel-dialog.tsx");
const JoinDialog = lazy(() => loadJoinDialog().then((m) => ({ default: m.JoinDialog })));
const CancelDialog = lazy(() => loadCancelDialog().then((m) => ({ default: m.CancelDialog })));

let dialogsRequested = false;

export function preloadDialogsWhenIdle() {
  if (dialogsRequested) return;
  dialogsRequested = true;
  const load = () => {
    void loadJoinDialog().catch(() => {});
    void loadCancelDialog().catch(() => {});
  };
  if (typeof requestIdleCallback === "function") requestIdleCallback(load, { timeout: 3000 });
  else setTimeout(load, 1000);
}

export function RideCardDialogs({
  rideId,
  joinedOpen,
  onJoinedOpenChange,
  waitingPosition,
  cancelOpen,
  onCancelOpenChange,
  returnFocusTo,
  inSeries,
}: {
  rideId: string;
  /** A date of a regular grupeta (the cancel dialog offers "Esta y las siguientes"). */
  inSeries: boolean;
  joinedOpen: boolean;
  onJoinedOpenChange: (open: boolean) => void;
  /** Her place when the dialog is about the waiting list rather than the ride. */
  waitingPosition: number | undefined;
  cancelOpen: boolean;
  onCancelOpenChange: (open: boolean) => void;
  /** The card: her button is gone once she joined or cancelled, so focus comes back to it. */
  returnFocusTo: ReturnFocus;
}) {
  return (
    <Suspense fallback={null}>
      {joinedOpen ? (
        <JoinDialog
          rideId={rideId}
          open={joinedOpen}
          onOpenChange={onJoinedOpenChange}
          waitingPosition={waitingPosition}
          returnFocusTo={returnFocusTo}
        />
      ) : null}
      {cancelOpen ? (
        <CancelDialog
          rideId={rideId}
          inSeries={inSeries}
          open={cancelOpen}
          onOpenChange={onCancelOpenChange}
          returnFocusTo={returnFocusTo}
        />
      ) : null}
    </Suspense>
  );
}
