// 'He rodado con ella' card (docs/product.md#connections), with the
// two anonymous questions about the ride (honest levels,
// docs/product.md#trust-signals-and-honest-levels). The ride detail shows it inside the window or
// when forced by #connections; it hides it for cancelled rides. The API enforces every rule; the
// card only mirrors them.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import clsx from "clsx";
import { Check } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import {
  CONNECTIONS_COMPLETED_EVENT,
  type SaveConnectionsResponse,
} from "../../domain/api/connections.ts";
import { MSG } from "../../domain/messages.ts";
import { CONNECTIONS_TEXT as TEXT } from "../../domain/texts/connections.ts";
import { Avatar } from "../components/avatar.tsx";
import { Button } from "../components/button.tsx";
import { RetryButton, Skeleton } from "../components/feedback.tsx";
import { toast } from "../lib/toast.ts";
import { LevelQuestions } from "./level-questions.tsx";
import { connectionKeys, rideConnectionsQuery, saveConnections } from "./queries.ts";

/** docs/product.md#connections: the forced card scrolls into view about 500 ms after mounting. */
const FORCED_SCROLL_DELAY_MS = 500;

/** 'Nuevas: Ana, Bea · Repetís: Cris (3×)' */
export function connectionsSummary(result: SaveConnectionsResponse): string {
  const parts: string[] = [];
  if (result.newRiders.length > 0) parts.push(TEXT.newRiders(result.newRiders.join(", ")));
  if (result.repeatRiders.length > 0) {
    parts.push(
      TEXT.repeatRiders(result.repeatRiders.map((r) => `${r.username} (${r.times}×)`).join(", ")),
    );
  }
  return parts.join(" · ");
}

export function ConnectionsCard({ rideId, forced = false }: { rideId: string; forced?: boolean }) {
  const queryClient = useQueryClient();
  const card = useRef<HTMLElement>(null);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [dismissed, setDismissed] = useState(false);
  // What she saved in this visit ('Nuevas conexiones: …'), shown in place of the form.
  const [savedSummary, setSavedSummary] = useState<string | null>(null);
  const justSaved = savedSummary !== null;
  // She answered the two questions in this visit: their thanks stay in place.
  const [levelsAnsweredNow, setLevelsAnsweredNow] = useState(false);

  const query = useQuery(rideConnectionsQuery(rideId));

  // Riders she checked in with at the meeting point come ticked (docs/product.md#ride-day), once.
  const preselectedOnce = useRef(false);
  useEffect(() => {
    const data = query.data;
    if (!data || preselectedOnce.current) return;
    preselectedOnce.current = true;
    // An answer from a worker older than this field (during a deploy) has none.
    const preselected = data.preselected ?? [];
    if (!data.alreadySaved && preselected.length > 0) setSelected(new Set(preselected));
  }, [query.data]);

  useEffect(() => {
    if (!forced) return;
    const timer = setTimeout(
      () => card.current?.scrollIntoView({ behavior: "smooth", block: "start" }),
      FORCED_SCROLL_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [forced]);

  const save = useMutation({
    mutationFn: (otherUserIds: string[]) => saveConnections(rideId, otherUserIds),
    onSuccess: (result) => {
      // The card itself shows whom she saved (savedSummary).
      toast.success(MSG.connectionsSaved);
      setSelected(new Set());
      setSavedSummary(connectionsSummary(result));
      void queryClient.invalidateQueries({ queryKey: connectionKeys.ride(rideId) });
      void queryClient.invalidateQueries({ queryKey: connectionKeys.pending });
      window.dispatchEvent(new CustomEvent(CONNECTIONS_COMPLETED_EVENT, { detail: { rideId } }));
    },
    onError: () => toast.error(MSG.connectionsSaveFailed),
  });

  if (dismissed) return null;
  if (query.isPending) {
    return forced ? <Skeleton className="h-40" /> : null;
  }
  if (!query.data) {
    return forced ? (
      <div className="flex flex-col items-start gap-2 rounded-2xl bg-surface p-4">
        <p className="text-ink-soft">{MSG.participantsLoadFailed}</p>
        <RetryButton onRetry={() => query.refetch()} />
      </div>
    ) : null;
  }
  const data = query.data;
  // Her two questions about the ride keep the card up until she answers (or says 'Ahora no').
  const asksLevels = data.levelQuestions.open || levelsAnsweredNow;
  const hidden = !forced && (!data.open || data.alreadySaved) && !justSaved && !asksLevels;
  if (hidden) return null;

  const toggle = (userId: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(userId)) next.delete(userId);
      else next.add(userId);
      return next;
    });

  return (
    <section
      ref={card}
      id="connections"
      aria-labelledby="connections-title"
      className="scroll-mt-4 rounded-3xl bg-surface p-5 shadow-sm"
    >
      <h2 id="connections-title" className="text-lg font-extrabold">
        {TEXT.title}
      </h2>
      {justSaved || data.alreadySaved ? (
        // Saved: what she recorded, instead of the checkboxes and 'Guardar conexiones'.
        <div role="status" className="mt-1 flex flex-col gap-1">
          <p className="flex items-center gap-1 text-sm font-semibold text-success">
            <Check aria-hidden="true" size={16} />
            {TEXT.saved}
          </p>
          {savedSummary ? <p className="text-sm text-ink-soft">{savedSummary}</p> : null}
        </div>
      ) : !data.open ? (
        <p className="mt-2 text-ink-soft">{MSG.connectionsWindowClosed}</p>
      ) : data.companions.length === 0 ? null : (
        <form
          className="mt-3 flex flex-col gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            if (selected.size > 0) save.mutate([...selected]);
          }}
        >
          <fieldset>
            <legend className="mb-2 text-ink-soft">{TEXT.question}</legend>
            <ul className="flex flex-col gap-1">
              {data.companions.map((c) => {
                const checked = selected.has(c.userId);
                return (
                  <li key={c.userId}>
                    <label
                      className={clsx(
                        "flex min-h-12 cursor-pointer items-center gap-3 rounded-2xl px-3 py-2",
                        checked ? "bg-primary-soft" : "hover:bg-bg",
                      )}
                    >
                      <input
                        type="checkbox"
                        className="size-5 accent-primary"
                        checked={checked}
                        onChange={() => toggle(c.userId)}
                      />
                      <Avatar avatarKey={c.avatarKey} size={36} alt="" />
                      <span className="flex-1 font-semibold">{c.username}</span>
                      {c.timesRodeWith > 0 ? (
                        <span className="text-sm text-ink-soft">{c.timesRodeWith}×</span>
                      ) : null}
                    </label>
                  </li>
                );
              })}
            </ul>
          </fieldset>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={save.isPending || selected.size === 0}>
              {save.isPending ? TEXT.saving : TEXT.save}
            </Button>
            <Button
              variant="ghost"
              onClick={() => {
                toast(MSG.connectionsSkipped);
                setDismissed(true);
              }}
            >
              {TEXT.notNow}
            </Button>
          </div>
        </form>
      )}
      {asksLevels ? (
        <div className="mt-4">
          <LevelQuestions
            rideId={rideId}
            onAnswered={() => {
              setLevelsAnsweredNow(true);
              void queryClient.invalidateQueries({ queryKey: connectionKeys.ride(rideId) });
            }}
          />
        </div>
      ) : null}
    </section>
  );
}
