import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CalendarPlus, Copy, RefreshCw, Trash2 } from "lucide-react";
import { useState } from "react";
import { errorText } from "../../domain/errors.ts";
import { formatLongDate } from "../../domain/format.ts";
import { CALENDAR_MSG, CALENDAR_TEXT as TEXT } from "../../domain/texts/calendar.ts";
import { Button } from "../components/button.tsx";
import { ConfirmDialog } from "../components/dialog.tsx";
import { Skeleton } from "../components/feedback.tsx";
import { toast } from "../lib/toast.ts";
import {
  calendarFeedQuery,
  calendarKeys,
  createCalendarFeed,
  revokeCalendarFeed,
} from "./queries.ts";

/**
 * Settings → Calendario (docs/product.md#calendar): her personal feed URL. The server keeps only
 * its hash, so the URL is shown once, right after it is made; later she can replace or revoke it.
 */
export function CalendarSettings() {
  const queryClient = useQueryClient();
  const feed = useQuery(calendarFeedQuery);
  const [fresh, setFresh] = useState<string | null>(null);
  const [confirmRevoke, setConfirmRevoke] = useState(false);
  const create = useMutation({
    mutationFn: createCalendarFeed,
    onSuccess: (made) => {
      setFresh(made.url);
      toast.success(CALENDAR_MSG.created);
      void queryClient.invalidateQueries({ queryKey: calendarKeys.feed });
    },
    onError: (error) => toast.error(errorText(error, CALENDAR_MSG.failed)),
  });
  const revoke = useMutation({
    mutationFn: revokeCalendarFeed,
    onSuccess: () => {
      setFresh(null);
      setConfirmRevoke(false);
      toast.success(CALENDAR_MSG.revoked);
      void queryClient.invalidateQueries({ queryKey: calendarKeys.feed });
    },
    onError: (error) => toast.error(errorText(error, CALENDAR_MSG.failed)),
  });

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(CALENDAR_MSG.copied);
    } catch {
      toast.error(CALENDAR_MSG.copyFailed);
    }
  }

  const state = feed.data;
  const busy = create.isPending || revoke.isPending;
  return (
    <section aria-labelledby="settings-calendar" className="rounded-3xl bg-surface p-5 shadow-sm">
      <h2 id="settings-calendar" className="text-lg font-extrabold">
        {TEXT.title}
      </h2>
      <p className="mt-1 mb-4 text-ink-soft">{TEXT.intro}</p>
      {feed.isPending ? (
        <Skeleton className="h-11 w-full" />
      ) : !state ? (
        <p className="text-ink-soft">{CALENDAR_MSG.failed}</p>
      ) : (
        <div className="flex flex-col gap-3">
          {fresh ? (
            <>
              <label htmlFor="calendar-feed-url" className="font-bold">
                {TEXT.yourLink}
              </label>
              <input
                id="calendar-feed-url"
                readOnly
                value={fresh}
                onFocus={(e) => e.currentTarget.select()}
                className="min-h-11 w-full rounded-xl border border-line bg-background px-3 text-sm"
              />
              <Button onClick={() => copy(fresh)}>
                <Copy aria-hidden="true" size={18} />
                {TEXT.copy}
              </Button>
            </>
          ) : state.status === "active" ? (
            <p>{TEXT.active(formatLongDate(state.createdAt))}</p>
          ) : state.status === "stopped" ? (
            <p className="text-danger">{CALENDAR_MSG.stopped}</p>
          ) : null}
          {state.status === "active" ? (
            <div className="flex flex-col gap-2">
              <Button variant="secondary" onClick={() => create.mutate()} disabled={busy}>
                <RefreshCw aria-hidden="true" size={18} />
                {TEXT.replace}
              </Button>
              <Button variant="ghost" onClick={() => setConfirmRevoke(true)} disabled={busy}>
                <Trash2 aria-hidden="true" size={18} />
                {TEXT.revoke}
              </Button>
              <ConfirmDialog
                open={confirmRevoke}
                onOpenChange={setConfirmRevoke}
                title={TEXT.revokeTitle}
                description={TEXT.revokeText}
                confirmLabel={revoke.isPending ? TEXT.revoking : TEXT.revoke}
                busy={revoke.isPending}
                onConfirm={() => revoke.mutate()}
              />
            </div>
          ) : (
            <Button onClick={() => create.mutate()} disabled={busy}>
              <CalendarPlus aria-hidden="true" size={18} />
              {TEXT.create}
            </Button>
          )}
        </div>
      )}
    </section>
  );
}
