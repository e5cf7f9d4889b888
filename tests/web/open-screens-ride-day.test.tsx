// The ride day's open panels follow the group (the chat socket's 'participant' frame): a rider who
// joins inside the window shows in the organizer's 'Faltan' and in the group map's list, in
// 'Modo ruta' too, without a reload; one who leaves goes from them.
import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ChatInfoResponse } from "../../domain/api/chat.ts";
import { RIDE_DAY_MSG, type RideDayState } from "../../domain/ride-day.ts";
import { RIDE_DAY_TEXT } from "../../domain/ride-day-live.ts";
import { participantChatInfo, renderChatScreen } from "./helpers/chat-screen.tsx";
import { FakeWebSocket } from "./helpers/fake-websocket.ts";

const RIDE = "ride_0001";
const ANA = { userId: "u1", username: "Ana", avatarKey: "ava01" };
const BEA = { userId: "u2", username: "Bea", avatarKey: "ava02" };
const CARLA = { userId: "u3", username: "Carla", avatarKey: "ava03" };

/** Ana (the signed-in rider) organizes; the ride starts in 10 minutes: inside the window. */
const info: ChatInfoResponse = (() => {
  const base = participantChatInfo(RIDE, 0);
  return { ...base, ride: { ...base.ride, organizerId: "u1", startTime: Date.now() + 600_000 } };
})();

/** What GET /api/rides/:id/ride-day answers now: who is missing at the meeting point. */
let missing: { userId: string; username: string }[];

function dayState(): RideDayState {
  return {
    checkInOpen: true,
    arrivalOpen: false,
    opensAt: Date.now() - 60_000,
    me: { checkedIn: false, arrived: false, timerOff: false, asked: false },
    arrivals: [],
    checkIns: { present: [], missing },
    overdue: [],
  };
}

beforeEach(() => {
  missing = [];
  FakeWebSocket.last = undefined;
  vi.stubGlobal("WebSocket", FakeWebSocket);
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      const path = new URL(url, "http://x").pathname;
      if (path === `/api/rides/${RIDE}/chat`) return Response.json(info);
      if (path === `/api/rides/${RIDE}/chat/messages`) {
        return Response.json({ messages: [], hasMore: false });
      }
      if (path === `/api/rides/${RIDE}/ride-day`) return Response.json(dayState());
      if (path === `/api/rides/${RIDE}/route`) {
        return Response.json({
          segments: [],
          profile: [],
          distanceKm: null,
          elevationGain: null,
          maxElevation: null,
        });
      }
      return Response.json({ lastSeenAt: new Date().toISOString() });
    }),
  );
});

afterEach(() => {
  cleanup(); // before the stubs go: leaving the chat posts its read state
  vi.unstubAllGlobals();
});

/** The room's answer to the panel's 'live-join': the group as it is now. */
function groupIs(socket: FakeWebSocket, riders: (typeof ANA)[]) {
  act(() =>
    socket.receive({
      type: "live-state",
      organizerId: "u1",
      sweeperId: null,
      riders,
      positions: [],
      notices: [],
    }),
  );
}

const asksForGroup = (socket: FakeWebSocket) =>
  socket.sent.filter((f) => (f as { type: string }).type === "live-join").length;

const notSharing = (within: HTMLElement | Document = document) =>
  [...within.querySelectorAll('[data-testid="live-not-sharing"]')].map((p) => p.textContent);

/** Ana's chat open on the ride day, her group map open, the room answered with the group. */
async function openRideDay() {
  renderChatScreen(RIDE);
  await screen.findByLabelText("Escribe un mensaje");
  const socket = FakeWebSocket.last!;
  expect(socket.url).toMatch(/\/api\/rides\/ride_0001\/chat\/socket$/);
  act(() => socket.open());
  // The panel asks the room for the group once the socket is open.
  await waitFor(() => expect(asksForGroup(socket)).toBeGreaterThan(0));
  groupIs(socket, [ANA, BEA]);
  await userEvent
    .setup({ document })
    .click(await screen.findByRole("button", { name: RIDE_DAY_TEXT.groupMap }));
  return socket;
}

describe("a rider joins inside the window while the organizer's chat is open", () => {
  it("'Faltan' lists her, and the group map's list and 'Modo ruta' show her", async () => {
    const socket = await openRideDay();
    expect((await screen.findByRole("heading", { name: "Faltan (0)" })).textContent).toBe(
      "Faltan (0)",
    );
    expect(screen.getByText(RIDE_DAY_MSG.noneMissing).textContent).toBe("No falta nadie.");
    await waitFor(() =>
      expect(notSharing()).toEqual([`${RIDE_DAY_TEXT.notSharing}: Ana (tú), Bea`]),
    );
    const asked = asksForGroup(socket);

    // Carla joins: the room tells every open chat, and her place is read again.
    missing = [{ userId: CARLA.userId, username: CARLA.username }];
    act(() => socket.receive({ type: "participant", event: "joined", userId: CARLA.userId }));

    await screen.findByRole("heading", { name: "Faltan (1)" });
    expect(
      within(screen.getByRole("list", { name: "Faltan" })).getByRole("listitem").textContent,
    ).toBe("Carla");
    expect(screen.queryByText(RIDE_DAY_MSG.noneMissing)).toBeNull();
    await waitFor(() => expect(asksForGroup(socket)).toBe(asked + 1));
    groupIs(socket, [ANA, BEA, CARLA]);
    await waitFor(() =>
      expect(notSharing()).toEqual([`${RIDE_DAY_TEXT.notSharing}: Ana (tú), Bea, Carla`]),
    );

    await userEvent
      .setup({ document })
      .click(screen.getByRole("button", { name: RIDE_DAY_TEXT.routeMode }));
    const routeMode = await screen.findByRole("dialog");
    expect(notSharing(routeMode)).toEqual([`${RIDE_DAY_TEXT.notSharing}: Ana (tú), Bea, Carla`]);
  });

  it("a rider who leaves goes from 'Faltan' and from the group", async () => {
    missing = [{ userId: BEA.userId, username: BEA.username }];
    const socket = await openRideDay();
    await screen.findByRole("heading", { name: "Faltan (1)" });
    const asked = asksForGroup(socket);

    missing = [];
    act(() => socket.receive({ type: "participant", event: "left", userId: BEA.userId }));

    await screen.findByRole("heading", { name: "Faltan (0)" });
    await waitFor(() => expect(asksForGroup(socket)).toBe(asked + 1));
    groupIs(socket, [ANA]);
    await waitFor(() => expect(notSharing()).toEqual([`${RIDE_DAY_TEXT.notSharing}: Ana (tú)`]));
  });
});
