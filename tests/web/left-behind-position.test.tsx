// "Me he quedado atrás" sends where she is now (docs/product.md#ride-day): her current position
// when the browser gives it within 5 s, else her last shared fix, else none. A fix from before
// she stopped sharing never goes out as current (the room stamps the notice with its arrival).
import { QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ClientMessage } from "../../domain/chat-protocol.ts";
import { RIDE_DAY_TEXT } from "../../domain/ride-day-live.ts";
import { LiveChannel } from "../../web/ride-day/live-channel.ts";
import RideDayPanel from "../../web/ride-day/ride-day-panel.tsx";
import { signedInClient } from "./helpers/signed-in-client.ts";

type Watcher = { ok: PositionCallback; fail: PositionErrorCallback };
let watchers: Map<number, Watcher>;
/** What the browser answers when asked where she is now: a place, or nothing (it stays silent). */
let now: { lat: number; lng: number; accuracy: number } | null;

function withGeolocation() {
  watchers = new Map();
  now = null;
  let next = 1;
  Object.defineProperty(navigator, "geolocation", {
    configurable: true,
    value: {
      watchPosition: (ok: PositionCallback, fail: PositionErrorCallback) => {
        watchers.set(next, { ok, fail });
        return next++;
      },
      clearWatch: (id: number) => watchers.delete(id),
      getCurrentPosition: (ok: PositionCallback) => {
        const fix = now;
        if (fix) {
          queueMicrotask(() =>
            ok({
              coords: { latitude: fix.lat, longitude: fix.lng, accuracy: fix.accuracy },
            } as GeolocationPosition),
          );
        }
      },
    },
  });
}

function moveTo(lat: number, lng: number, accuracy = 10) {
  act(() => {
    for (const w of watchers.values()) {
      w.ok({ coords: { latitude: lat, longitude: lng, accuracy } } as GeolocationPosition);
    }
  });
}

let sent: ClientMessage[];
function renderPanel() {
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

const leftBehindFrames = () => sent.filter((f) => f.type === "left-behind");

/** Lets the clock run `ms` and the promises it settles finish. */
async function wait(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

const A = { lat: 40.41, lng: -3.7, accuracy: 10 };
const B = { lat: 40.52, lng: -3.61, accuracy: 15 };

beforeEach(() => {
  sent = [];
  withGeolocation();
  vi.useFakeTimers({ toFake: ["Date", "setTimeout", "clearTimeout"] });
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

describe("'Me he quedado atrás' sends where she is now", () => {
  it("after she stopped sharing at A, sends B where the browser says she is now", async () => {
    renderPanel();
    fireEvent.click(screen.getByRole("button", { name: RIDE_DAY_TEXT.share }));
    moveTo(A.lat, A.lng, A.accuracy);
    fireEvent.click(screen.getByRole("button", { name: `· ${RIDE_DAY_TEXT.stop}` }));
    await wait(20 * 60_000);

    now = B;
    fireEvent.click(screen.getByRole("button", { name: RIDE_DAY_TEXT.leftBehind }));
    await wait(0);
    expect(leftBehindFrames()).toEqual([{ type: "left-behind", position: B }]);
  });

  it("after she stopped sharing, sends no position if the browser gives none in 5 s", async () => {
    renderPanel();
    fireEvent.click(screen.getByRole("button", { name: RIDE_DAY_TEXT.share }));
    moveTo(A.lat, A.lng, A.accuracy);
    fireEvent.click(screen.getByRole("button", { name: `· ${RIDE_DAY_TEXT.stop}` }));

    fireEvent.click(screen.getByRole("button", { name: RIDE_DAY_TEXT.leftBehind }));
    await wait(5000);
    expect(leftBehindFrames()).toEqual([{ type: "left-behind" }]);
  });

  it("while sharing, her current position comes before her last shared fix", async () => {
    renderPanel();
    fireEvent.click(screen.getByRole("button", { name: RIDE_DAY_TEXT.share }));
    moveTo(A.lat, A.lng, A.accuracy);

    now = B;
    fireEvent.click(screen.getByRole("button", { name: RIDE_DAY_TEXT.leftBehind }));
    await wait(0);
    expect(leftBehindFrames()).toEqual([{ type: "left-behind", position: B }]);
  });

  it("while sharing at A, sends A once the browser gave no current position in 5 s", async () => {
    renderPanel();
    fireEvent.click(screen.getByRole("button", { name: RIDE_DAY_TEXT.share }));
    moveTo(A.lat, A.lng, A.accuracy);

    fireEvent.click(screen.getByRole("button", { name: RIDE_DAY_TEXT.leftBehind }));
    await wait(4999);
    // Still waiting for where she is now.
    expect(leftBehindFrames()).toEqual([]);
    expect(
      screen.getByRole<HTMLButtonElement>("button", { name: RIDE_DAY_TEXT.leftBehind }).disabled,
    ).toBe(true);
    await wait(1);
    expect(leftBehindFrames()).toEqual([{ type: "left-behind", position: A }]);
  });
});
