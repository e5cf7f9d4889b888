// The ride-day panel under test: the browser's geolocation as a stand-in the test moves, and the
// panel rendered on a live channel whose frames the test reads.
import { QueryClientProvider } from "@tanstack/react-query";
import { act, render } from "@testing-library/react";
import { afterEach, beforeEach, vi } from "vitest";
import type { ClientMessage } from "../../../domain/chat-protocol.ts";
import { LiveChannel } from "../../../web/ride-day/live-channel.ts";
import RideDayPanel from "../../../web/ride-day/ride-day-panel.tsx";
import { signedInClient } from "./signed-in-client.ts";

type Watcher = { ok: PositionCallback; fail: PositionErrorCallback };
type Fix = { lat: number; lng: number; accuracy: number };

/**
 * Installs the stand-in on `navigator.geolocation` (remove it after the test). `here.now` is what
 * the browser answers when asked where she is now: a place, "unavailable" (it says it cannot
 * tell) or "silent" (it never answers).
 */
export function fakeGeolocation() {
  const watchers = new Map<number, Watcher>();
  const here: { now: Fix | "unavailable" | "silent" } = { now: "unavailable" };
  let next = 1;
  Object.defineProperty(navigator, "geolocation", {
    configurable: true,
    value: {
      watchPosition: (ok: PositionCallback, fail: PositionErrorCallback) => {
        watchers.set(next, { ok, fail });
        return next++;
      },
      clearWatch: (id: number) => watchers.delete(id),
      getCurrentPosition: (ok: PositionCallback, fail: PositionErrorCallback) => {
        const fix = here.now;
        if (fix === "unavailable") fail({ code: 2, message: "" } as GeolocationPositionError);
        else if (fix !== "silent") {
          queueMicrotask(() =>
            ok({
              coords: { latitude: fix.lat, longitude: fix.lng, accuracy: fix.accuracy },
            } as GeolocationPosition),
          );
        }
      },
    },
  });
  return {
    watchers,
    here,
    /** Every watch hears she is at (lat, lng). */
    moveTo(lat: number, lng: number, accuracy = 10) {
      act(() => {
        for (const w of watchers.values()) {
          w.ok({ coords: { latitude: lat, longitude: lng, accuracy } } as GeolocationPosition);
        }
      });
    },
    /** She refuses the browser her position. */
    refuse() {
      act(() => {
        for (const w of watchers.values()) {
          w.fail({ code: 1, PERMISSION_DENIED: 1, message: "" } as GeolocationPositionError);
        }
      });
    },
  };
}

/** The panel on a live channel that records each frame it sends in `sent`. */
export function renderRideDayPanel(sent: ClientMessage[]) {
  const live = new LiveChannel();
  live.sendFrame = (frame) => {
    sent.push(frame);
    return true;
  };
  render(
    <QueryClientProvider client={signedInClient()}>
      <RideDayPanel rideId="ride-1" live={live} />
    </QueryClientProvider>,
  );
  return live;
}

/**
 * For every test of the file: a new geolocation stand-in and list of sent frames, the route's
 * profile answered empty; read them through the returned object (they change per test).
 */
export function rideDayPanelEachTest() {
  const current = {
    geo: undefined as unknown as ReturnType<typeof fakeGeolocation>,
    sent: [] as ClientMessage[],
  };
  beforeEach(() => {
    current.sent = [];
    current.geo = fakeGeolocation();
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ segments: [], profile: [] })),
    );
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, "geolocation");
  });
  return current;
}
