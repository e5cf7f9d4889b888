// The ride day in the chat (docs/product.md#check-in-and-arrivals): "Estoy en el punto de encuentro", "He
// llegado a casa" and her safety-timer switch; the group's arrivals; for the organizer, who is at
// the meeting point and who is missing, and for her and the escoba, who has not said she arrived.
// Loaded with the chat only (lazily). The API decides what she may see; this panel shows it.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId } from "react";
import { ApiError } from "../../domain/errors.ts";
import { MSG } from "../../domain/messages.ts";
import {
  ARRIVAL_UNDO_SHOWN_MS,
  RIDE_DAY_MSG,
  type RideDayPerson,
  type RideDayState,
} from "../../domain/ride-day.ts";
import { CHECK_IN_TEXT as TEXT } from "../../domain/texts/ride-day.ts";
import { Button } from "../components/button.tsx";
import { toast } from "../lib/toast.ts";
import {
  callMissing,
  checkIn,
  markArrived,
  rideDayKeys,
  rideDayQuery,
  setSafetyTimer,
  undoArrival,
} from "./queries.ts";

function errorText(error: unknown) {
  return error instanceof ApiError ? error.message : MSG.internal;
}

function names(people: RideDayPerson[]) {
  return people.map((p) => p.username).join(", ");
}

export default function CheckInPanel({
  rideId,
  isOrganizer,
}: {
  rideId: string;
  isOrganizer: boolean;
}) {
  const queryClient = useQueryClient();
  const headingId = useId();
  const timerId = useId();
  const query = useQuery(rideDayQuery(rideId));
  // Every write answers with her new state: shown at once; a failure changes nothing and says so.
  const saved = (state: RideDayState) => queryClient.setQueryData(rideDayKeys.state(rideId), state);
  const onError = (error: unknown) => toast.error(errorText(error));
  const checkInWrite = useMutation({
    mutationFn: () => checkIn(rideId),
    onSuccess: saved,
    onError,
  });
  const undoWrite = useMutation({
    mutationFn: () => undoArrival(rideId),
    onSuccess: (next: RideDayState) => {
      saved(next);
      // A toast of its own: sonner closes the 'arrived' toast when its 'Deshacer' is tapped, and
      // an answer that came back before that toast had left updated the leaving toast, which
      // then went with the confirmation in it (seen in CI).
      toast.success(RIDE_DAY_MSG.arrivalUndone, { id: "arrival-undone" });
    },
    onError,
  });
  // A tap on the wrong button is taken back from the toast, for a few seconds.
  const arrivedWrite = useMutation({
    mutationFn: () => markArrived(rideId),
    onSuccess: (next: RideDayState) => {
      saved(next);
      toast.success(RIDE_DAY_MSG.arrived, {
        id: "arrival",
        duration: ARRIVAL_UNDO_SHOWN_MS,
        action: { label: RIDE_DAY_MSG.arrivalUndo, onClick: () => undoWrite.mutate() },
      });
    },
    onError,
  });
  const timerWrite = useMutation({
    mutationFn: (on: boolean) => setSafetyTimer(rideId, on),
    onSuccess: saved,
    onError,
  });
  const callWrite = useMutation({
    mutationFn: () => callMissing(rideId),
    onSuccess: ({ called }) =>
      toast.success(called === 0 ? RIDE_DAY_MSG.noneMissing : TEXT.called(called)),
    onError,
  });

  const state = query.data;
  // Nothing to show until her state is here (an answer without it, from a worker older than
  // the ride day during a deploy, shows nothing rather than failing the chat).
  if (!state?.me) return null;
  const busy = checkInWrite.isPending || arrivedWrite.isPending || undoWrite.isPending;

  return (
    <section
      aria-labelledby={headingId}
      className="shrink-0 border-b border-line py-2 text-sm"
      data-testid="ride-day"
    >
      <h2 id={headingId} className="sr-only">
        {TEXT.title}
      </h2>
      {state.me.asked ? (
        <div role="alert" className="mb-2 rounded-2xl bg-accent-soft px-3 py-2">
          <p className="font-bold">{RIDE_DAY_MSG.askTitle}</p>
          <Button
            className="mt-1"
            disabled={arrivedWrite.isPending}
            onClick={() => arrivedWrite.mutate()}
          >
            {TEXT.imHome}
          </Button>
        </div>
      ) : null}
      {state.overdue && state.overdue.length > 0 ? (
        <ul role="alert" className="mb-2 rounded-2xl bg-danger/10 px-3 py-2 font-semibold">
          {state.overdue.map((p) => (
            <li key={p.userId}>{RIDE_DAY_MSG.overdue(p.username)}</li>
          ))}
        </ul>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        {!isOrganizer && state.checkInOpen ? (
          state.me.checkedIn ? (
            <p role="status" className="font-semibold text-success">
              {TEXT.checkedIn}
            </p>
          ) : (
            <Button variant="secondary" disabled={busy} onClick={() => checkInWrite.mutate()}>
              {TEXT.checkIn}
            </Button>
          )
        ) : null}
        {state.arrivalOpen && !state.me.asked ? (
          state.me.arrived ? (
            <p role="status" className="font-semibold text-success">
              {TEXT.arrived}
            </p>
          ) : (
            <Button variant="ghost" disabled={busy} onClick={() => arrivedWrite.mutate()}>
              {TEXT.imHome}
            </Button>
          )
        ) : null}
      </div>
      {!state.me.arrived ? (
        <div className="mt-1 flex items-start gap-2">
          <input
            id={timerId}
            type="checkbox"
            className="mt-1 size-5 accent-primary"
            checked={!state.me.timerOff}
            disabled={timerWrite.isPending}
            onChange={(event) => timerWrite.mutate(event.target.checked)}
          />
          <label htmlFor={timerId} className="text-ink-soft">
            {TEXT.timer}
          </label>
        </div>
      ) : null}
      {state.arrivals.length > 0 ? (
        <p className="mt-1" data-testid="ride-day-arrivals">
          <span className="font-semibold">{TEXT.arrivals}</span> {names(state.arrivals)}
        </p>
      ) : null}
      {state.checkIns ? <CheckInsView state={state} onCall={callWrite} /> : null}
    </section>
  );
}

function CheckInsView({
  state,
  onCall,
}: {
  state: RideDayState;
  onCall: { mutate: () => void; isPending: boolean };
}) {
  const checkIns = state.checkIns;
  if (!checkIns || !state.checkInOpen) return null;
  return (
    <div className="mt-2 grid gap-2 sm:grid-cols-2" data-testid="ride-day-check-ins">
      <div>
        <h3 className="font-bold">{TEXT.presentCount(checkIns.present.length)}</h3>
        {checkIns.present.length === 0 ? (
          <p className="text-ink-soft">{TEXT.noneYet}</p>
        ) : (
          <ul aria-label={TEXT.present}>
            {checkIns.present.map((p) => (
              <li key={p.userId}>✓ {p.username}</li>
            ))}
          </ul>
        )}
      </div>
      <div>
        <h3 className="font-bold">{TEXT.missingCount(checkIns.missing.length)}</h3>
        {checkIns.missing.length === 0 ? (
          <p className="text-ink-soft">{RIDE_DAY_MSG.noneMissing}</p>
        ) : (
          <>
            <ul aria-label={TEXT.missing}>
              {checkIns.missing.map((p) => (
                <li key={p.userId}>{p.username}</li>
              ))}
            </ul>
            <Button
              variant="secondary"
              className="mt-1"
              disabled={onCall.isPending}
              onClick={() => onCall.mutate()}
            >
              {TEXT.callMissing}
            </Button>
          </>
        )}
      </div>
    </div>
  );
}
