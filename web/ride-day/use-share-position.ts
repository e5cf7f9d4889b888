// "Compartir mi ubicación con la grupeta": watchPosition while the page is visible (a browser gives
// a hidden page no position, so sharing pauses and resumes when she comes back), at most one fix
// per POSITION_EVERY_MS (the room refuses faster ones), and a clear state when she said no.
import { useCallback, useEffect, useRef, useState } from "react";
import { POSITION_EVERY_MS } from "../../domain/ride-day-live.ts";

export type ShareStatus = "off" | "starting" | "sharing" | "paused" | "denied" | "unsupported";

export interface Fix {
  lat: number;
  lng: number;
  accuracy: number;
}

/** How soon a fix the socket could not take yet is tried again. */
const RETRY_MS = 1000;

/** A little over the room's pace, so a fix never arrives a hair too early. */
const SEND_EVERY_MS = POSITION_EVERY_MS + 500;

function usePageVisible(): boolean {
  const [visible, setVisible] = useState(() => document.visibilityState === "visible");
  useEffect(() => {
    const update = () => setVisible(document.visibilityState === "visible");
    document.addEventListener("visibilitychange", update);
    return () => document.removeEventListener("visibilitychange", update);
  }, []);
  return visible;
}

export function useSharePosition(options: {
  /** Sends a fix; false when the socket is not open (the next one goes instead). */
  send: (fix: Fix) => boolean;
  /** Tells the room she stopped (her fix is erased). */
  stopped: () => void;
}) {
  const { send, stopped } = options;
  const [wanted, setWanted] = useState(false);
  const [status, setStatus] = useState<ShareStatus>("off");
  const visible = usePageVisible();
  const lastSent = useRef(0);
  const pending = useRef<Fix | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef<Fix | null>(null);
  const sendRef = useRef(send);
  sendRef.current = send;

  const flush = useCallback(() => {
    timer.current = undefined;
    const fix = pending.current;
    if (!fix) return;
    if (sendRef.current(fix)) {
      lastSent.current = Date.now();
      pending.current = null;
    } else {
      // The socket is (re)connecting: the browser may not report again while she stands still.
      timer.current = setTimeout(flush, RETRY_MS);
    }
  }, []);

  const offer = useCallback(
    (fix: Fix) => {
      latest.current = fix;
      pending.current = fix;
      const wait = lastSent.current + SEND_EVERY_MS - Date.now();
      if (wait <= 0) flush();
      else if (timer.current === undefined) timer.current = setTimeout(flush, wait);
    },
    [flush],
  );

  useEffect(() => {
    if (!wanted) return;
    if (!("geolocation" in navigator)) {
      setStatus("unsupported");
      setWanted(false);
      return;
    }
    if (!visible) {
      setStatus("paused");
      return;
    }
    setStatus((current) => (current === "sharing" ? current : "starting"));
    const geolocation = navigator.geolocation;
    const id = geolocation.watchPosition(
      (position) => {
        setStatus("sharing");
        offer({
          lat: position.coords.latitude,
          lng: position.coords.longitude,
          accuracy: position.coords.accuracy,
        });
      },
      (error) => {
        // Only a refusal ends it: a position that is late or briefly unavailable comes next.
        if (error.code === error.PERMISSION_DENIED) {
          latest.current = null;
          setStatus("denied");
          setWanted(false);
        }
      },
      { enableHighAccuracy: true, maximumAge: 5000 },
    );
    return () => {
      geolocation.clearWatch(id);
      clearTimeout(timer.current);
      timer.current = undefined;
    };
  }, [wanted, visible, offer]);

  const start = useCallback(() => setWanted(true), []);
  const stop = useCallback(() => {
    setWanted(false);
    setStatus("off");
    pending.current = null;
    // Her last shared fix stands in only while she shares: kept, it would later go out as current.
    latest.current = null;
    stopped();
  }, [stopped]);

  return { status, sharing: wanted, start, stop, latest };
}

/** How long "Me he quedado atrás" waits for where she is now (docs/product.md#ride-day). */
export const CURRENT_FIX_WAIT_MS = 5000;

/** Where she is now, if the browser says so within CURRENT_FIX_WAIT_MS ("Me he quedado atrás"). */
export function currentFix(): Promise<Fix | null> {
  if (!("geolocation" in navigator)) return Promise.resolve(null);
  return new Promise((resolve) => {
    // The browser's own timeout does not count while it asks her permission: this one always ends.
    const timer = setTimeout(() => resolve(null), CURRENT_FIX_WAIT_MS);
    const done = (fix: Fix | null) => {
      clearTimeout(timer);
      resolve(fix);
    };
    navigator.geolocation.getCurrentPosition(
      (p) => done({ lat: p.coords.latitude, lng: p.coords.longitude, accuracy: p.coords.accuracy }),
      () => done(null),
      { enableHighAccuracy: true, timeout: CURRENT_FIX_WAIT_MS, maximumAge: 30_000 },
    );
  });
}
