// The moderators' shared pieces (/app/moderacion): the refresh, dates, and an action with
// the reason the audit keeps.
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { cityTimeZone } from "../../domain/cities.ts";
import { errorText } from "../../domain/errors.ts";
import { formatLongDate, formatTime } from "../../domain/format.ts";
import { MSG } from "../../domain/messages.ts";
import { labelledTime, rideStartTexts } from "../../domain/ride-time.ts";
import { MODERATION_REASON_MAX } from "../../domain/safety.ts";
import { MODERATION_TEXT as TEXT } from "../../domain/texts/safety-moderation.ts";
import { Button } from "../components/button.tsx";
import { Dialog } from "../components/dialog.tsx";
import { inputClass } from "../components/field.tsx";
import { toast } from "../lib/toast.ts";
import { safetyKeys } from "./queries.ts";

/** A moment of the moderation's own (a report, an action), on her clock. */
export function when(ms: number) {
  return `${formatLongDate(ms)}, ${formatTime(ms)}`;
}

/**
 * A ride's start on the ride's stored clock, labelled when hers differs (domain/ride-time.ts). A
 * report's snapshot taken before rides stored their zone has none: its city's, as it was then.
 */
export function rideWhen(ride: { startTime: number; timeZone?: string; city: string }) {
  const start = rideStartTexts({
    startTime: ride.startTime,
    timeZone: ride.timeZone ?? cityTimeZone(ride.city),
  });
  return `${start.longDate}, ${labelledTime(start)}`;
}

/** Refetches the queue, the suspended accounts and the audit after an action. */
export function useRefreshModeration() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: safetyKeys.moderation });
}

/**
 * A moderator action with its reason, which the audit keeps: `title` and `confirmLabel` say
 * what it does; `send` makes the API call with the reason.
 */
export function ActionDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  send,
  done,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  send: (reason: string) => Promise<unknown>;
  done: string;
}) {
  const refresh = useRefreshModeration();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const reasonId = useId();
  const errorId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!reason.trim()) {
      setError(MSG.moderationReasonRequired);
      return;
    }
    setBusy(true);
    try {
      await send(reason.trim());
      toast.success(done);
      setReason("");
      onOpenChange(false);
      refresh();
    } catch (err) {
      toast.error(errorText(err, MSG.moderationActionFailed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !busy && onOpenChange(next)}
      title={title}
      description={description}
    >
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={reasonId} className="font-bold">
            {TEXT.reason}
          </label>
          <textarea
            id={reasonId}
            className={`${inputClass} min-h-20`}
            maxLength={MODERATION_REASON_MAX}
            value={reason}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(e) => {
              setReason(e.target.value);
              setError(null);
            }}
          />
          {error ? (
            <p id={errorId} role="alert" className="text-sm font-semibold text-danger">
              {error}
            </p>
          ) : null}
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" disabled={busy} onClick={() => onOpenChange(false)}>
            {TEXT.cancel}
          </Button>
          <Button type="submit" variant="danger" disabled={busy}>
            {confirmLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
