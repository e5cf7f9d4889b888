import { useQueryClient } from "@tanstack/react-query";
import { BellOff, BellRing, Send } from "lucide-react";
import { useRef, useState } from "react";
import { errorText } from "../../domain/errors.ts";
import {
  PUSH_EVENT_LABELS,
  PUSH_EVENTS,
  PUSH_MSG,
  type PushEvent,
  type PushPreferences,
} from "../../domain/push.ts";
import { NOTIFICATIONS_TEXT as TEXT } from "../../domain/texts/notifications.ts";
import { Button } from "../components/button.tsx";
import { Skeleton } from "../components/feedback.tsx";
import { toast } from "../lib/toast.ts";
import {
  disablePush,
  enablePush,
  NoServiceWorker,
  PushPermissionDenied,
  pushSupport,
} from "./push-client.ts";
import { pushKeys, pushSettingsQuery } from "./queries.ts";
import { usePushSettings, useSavePushPreferences, useTestPush } from "./use-push-settings.ts";

/**
 * Settings → Notificaciones (docs/product.md#web-push): permission is asked only when she taps
 * 'Activar avisos'; once on, a switch per event and a test push.
 */
export function NotificationSettings() {
  const settings = usePushSettings();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [denied, setDenied] = useState(
    () => pushSupport() === "supported" && Notification.permission === "denied",
  );

  let content: React.ReactNode;
  const support = pushSupport();
  if (support === "unsupported") {
    content = <p className="text-ink-soft">{PUSH_MSG.unsupportedBrowser}</p>;
  } else if (support === "no-service-worker") {
    // `npm run dev`: no service worker, so no push. Said at once, not after a wait.
    content = (
      <div className="flex flex-col gap-1 text-ink-soft">
        <p>{PUSH_MSG.noServiceWorker}</p>
        {import.meta.env.DEV ? (
          <p className="text-sm">
            {TEXT.devHint.before} <code>{TEXT.devHint.build}</code> {TEXT.devHint.andThen}{" "}
            <code>{TEXT.devHint.preview}</code>.
          </p>
        ) : null}
      </div>
    );
  } else if (settings.isPending) {
    content = <Skeleton className="h-11 w-full" />;
  } else if (!settings.data) {
    content = <p className="text-ink-soft">{PUSH_MSG.notConfigured}</p>;
  } else if (!settings.data.publicKey) {
    content = <p className="text-ink-soft">{PUSH_MSG.notConfigured}</p>;
  } else {
    const { publicKey, preferences, deviceRegistered, endpoint } = settings.data;
    const enabled = deviceRegistered && endpoint !== null;

    async function turnOn() {
      setBusy(true);
      try {
        await enablePush(publicKey ?? "");
        toast.success(PUSH_MSG.enabled);
        setDenied(false);
      } catch (error) {
        if (error instanceof PushPermissionDenied) setDenied(Notification.permission === "denied");
        else if (error instanceof NoServiceWorker) toast.error(PUSH_MSG.notReady);
        else toast.error(errorText(error, PUSH_MSG.enableFailed));
      } finally {
        setBusy(false);
        await queryClient.invalidateQueries({ queryKey: pushKeys.all });
      }
    }

    async function turnOff() {
      setBusy(true);
      try {
        await disablePush();
        toast.success(PUSH_MSG.disabled);
      } catch (error) {
        toast.error(errorText(error, PUSH_MSG.saveFailed));
      } finally {
        setBusy(false);
        await queryClient.invalidateQueries({ queryKey: pushKeys.all });
      }
    }

    content = enabled ? (
      <div className="flex flex-col gap-4">
        <p className="font-bold text-success">{PUSH_MSG.enabled}</p>
        <EventSwitches preferences={preferences} />
        <div className="flex flex-col gap-2">
          <TestPushButton endpoint={endpoint} />
          <Button variant="ghost" onClick={turnOff} disabled={busy}>
            <BellOff aria-hidden="true" size={18} />
            {TEXT.disable}
          </Button>
        </div>
      </div>
    ) : (
      <div className="flex flex-col gap-3">
        {denied ? <p className="text-danger">{PUSH_MSG.permissionDenied}</p> : null}
        <Button onClick={turnOn} disabled={busy} className="w-full">
          <BellRing aria-hidden="true" size={18} />
          {TEXT.enable}
        </Button>
      </div>
    );
  }

  return (
    <section
      aria-labelledby="settings-notifications"
      className="rounded-3xl bg-surface p-5 shadow-sm"
    >
      <h2 id="settings-notifications" className="text-lg font-extrabold">
        {TEXT.title}
      </h2>
      <p className="mt-1 mb-4 text-ink-soft">{TEXT.intro}</p>
      {content}
    </section>
  );
}

function EventSwitches({ preferences }: { preferences: PushPreferences }) {
  const queryClient = useQueryClient();
  const save = useSavePushPreferences();
  // What she asked for while saves are under way (the switches move at once); null when the
  // screen shows the server's preferences, the only state it settles on.
  const [wanted, setWanted] = useState<PushPreferences | null>(null);
  const latest = useRef<PushPreferences | null>(null);
  const saving = useRef(false);
  // The cache, not only the prop: it already holds the server's answer when `wanted` clears,
  // while the prop follows a moment later (no flash of the old state).
  const shown =
    wanted ?? queryClient.getQueryData(pushSettingsQuery.queryKey)?.preferences ?? preferences;

  function toggle(event: PushEvent) {
    const base = latest.current ?? shown;
    const next = { ...base, [event]: !base[event] };
    latest.current = next;
    setWanted(next);
    if (!saving.current) void saveInTurn();
  }

  // One save at a time, each carrying everything she has asked for so far: two in flight could
  // reach the server out of order (last write wins), and an earlier one's answer would say
  // nothing of the later taps.
  async function saveInTurn() {
    saving.current = true;
    let sent: PushPreferences | null = null;
    let failure: unknown = null;
    while (latest.current !== sent) {
      sent = latest.current;
      if (!sent) break;
      try {
        // Its answer, now in the settings query, is what the server holds.
        await save.mutateAsync(sent);
        failure = null;
      } catch (error) {
        failure = error;
      }
      if (latest.current !== sent) continue;
      // Only her last save's failure counts: a later one carried the earlier taps too.
      if (failure) {
        toast.error(errorText(failure, PUSH_MSG.saveFailed));
        // A failed save may or may not have been applied: ask the server what it holds.
        await queryClient.invalidateQueries({ queryKey: pushSettingsQuery.queryKey });
      }
    }
    latest.current = null;
    saving.current = false;
    setWanted(null);
  }

  return (
    <ul className="flex flex-col gap-1" aria-label={TEXT.events}>
      {PUSH_EVENTS.map((event) => {
        const { label, hint } = PUSH_EVENT_LABELS[event];
        const id = `push-${event}`;
        return (
          <li key={event} className="flex min-h-11 items-center justify-between gap-3 py-1">
            <div>
              <span id={`${id}-label`} className="font-bold">
                {label}
              </span>
              <p id={`${id}-hint`} className="text-sm text-ink-soft">
                {hint}
              </p>
            </div>
            <button
              type="button"
              role="switch"
              aria-checked={shown[event]}
              aria-labelledby={`${id}-label`}
              aria-describedby={`${id}-hint`}
              onClick={() => toggle(event)}
              className={`relative inline-flex h-8 w-14 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary ${shown[event] ? "bg-primary" : "bg-ink-soft"}`}
            >
              <span
                aria-hidden="true"
                className={`inline-block h-6 w-6 rounded-full bg-white shadow transition-transform ${shown[event] ? "translate-x-7" : "translate-x-1"}`}
              />
            </button>
          </li>
        );
      })}
    </ul>
  );
}

function TestPushButton({ endpoint }: { endpoint: string | null }) {
  const test = useTestPush();
  return (
    <Button
      variant="secondary"
      disabled={test.isPending}
      onClick={() =>
        test.mutate(endpoint, {
          onSuccess: () => toast.success(PUSH_MSG.testSent),
          onError: (error) => toast.error(errorText(error, PUSH_MSG.testNotSent)),
        })
      }
    >
      <Send aria-hidden="true" size={18} />
      {TEXT.test}
    </Button>
  );
}
