// "Modo ruta": the group map full screen, with the screen kept on (Wake Lock where the browser
// has it), saying plainly that sharing pauses when the screen turns off, and that Rodamos is no
// emergency service.
import { type ReactNode, useEffect, useRef, useState } from "react";
import { RIDE_DAY_TEXT } from "../../domain/ride-day-live.ts";
import { ROUTE_MODE_TEXT as TEXT } from "../../domain/texts/ride-day.ts";
import { EmergencyNote } from "./emergency-note.tsx";

type WakeLockState = "pending" | "on" | "off" | "unsupported";

function useWakeLock(): WakeLockState {
  const [state, setState] = useState<WakeLockState>("pending");
  useEffect(() => {
    if (!("wakeLock" in navigator)) {
      setState("unsupported");
      return;
    }
    let lock: WakeLockSentinel | null = null;
    let done = false;
    const acquire = async () => {
      try {
        const next = await navigator.wakeLock.request("screen");
        if (done) {
          await next.release();
          return;
        }
        lock = next;
        setState("on");
        next.addEventListener("release", () => {
          if (!done) setState("off");
        });
      } catch {
        setState("off");
      }
    };
    void acquire();
    // The browser drops the lock when the page is hidden: take it again on the way back.
    const onVisible = () => {
      if (document.visibilityState === "visible") void acquire();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      done = true;
      document.removeEventListener("visibilitychange", onVisible);
      void lock?.release();
    };
  }, []);
  return state;
}

const WAKE_TEXT: Record<WakeLockState, string> = TEXT.wakeLock;

export function RouteMode({ onClose, children }: { onClose: () => void; children: ReactNode }) {
  const wake = useWakeLock();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") onClose();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [onClose]);
  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-labelledby="route-mode-title"
      className="fixed inset-0 z-50 flex flex-col gap-2 overflow-y-auto bg-bg p-3"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id="route-mode-title" ref={heading} tabIndex={-1} className="text-xl font-extrabold">
          {RIDE_DAY_TEXT.routeMode}
        </h2>
        <button
          type="button"
          onClick={onClose}
          className="min-h-11 rounded-full border-2 border-primary px-4 font-bold text-primary"
        >
          {TEXT.exit}
        </button>
      </div>
      <p className="rounded-2xl bg-accent-soft px-3 py-2 text-sm" data-testid="route-mode-note">
        {RIDE_DAY_TEXT.pausedNote} {WAKE_TEXT[wake]}
      </p>
      {children}
      <EmergencyNote />
    </div>
  );
}
