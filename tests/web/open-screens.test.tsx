// Her open ride page follows what others do to it (the notification channel's 'ride-changed'
// frame): a place freed for the first in line makes her, 2nd, the 1st; the organizer taking her
// out of the ride leaves no 'Chat' or 'Desapuntarme' behind. No reload, no focus change.
import { QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { RideDetail } from "../../domain/api/rides.ts";
import { MSG } from "../../domain/messages.ts";
import { NotificationsProvider } from "../../web/chat/notifications.tsx";
import RideDetailScreen from "../../web/rides/ride-detail.tsx";
import { FakeWebSocket } from "./helpers/fake-websocket.ts";
import { rideDetail } from "./helpers/rides.ts";
import { signedInClient } from "./helpers/signed-in-client.ts";

/** What GET /api/rides/r1 answers now: the ride, or a 404 (the ride hidden from her). */
let current: { status: number; body: unknown };

const full = { participantCount: 2, maxParticipants: 2, capacity: 2 } as const;
const viewer = { isOrganizer: false, rodeWithCount: 0, rodeWith: [] };

function answer(ride: RideDetail) {
  current = { status: 200, body: { ride } };
}

beforeEach(() => {
  FakeWebSocket.last = undefined;
  vi.stubGlobal("WebSocket", FakeWebSocket);
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      const path = new URL(url, "http://x").pathname;
      if (path === "/api/rides/r1") return Response.json(current.body, { status: current.status });
      if (path.endsWith("/connections")) {
        return Response.json({
          open: false,
          alreadySaved: false,
          companions: [],
          levelQuestions: { open: false, answered: false },
        });
      }
      return Response.json({ chats: [], pending: [] });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

/** Her ride page open, with the app's notification channel connected. */
async function openRidePage() {
  render(
    <QueryClientProvider client={signedInClient()}>
      <MemoryRouter initialEntries={["/app/ride/r1"]}>
        <NotificationsProvider />
        <Routes>
          <Route path="/app/ride/:id" element={<RideDetailScreen />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  // Testing Library's waitFor: the ride's first answer may land meanwhile, inside act.
  await waitFor(() =>
    expect(FakeWebSocket.last?.url).toMatch(/^ws:\/\/[^/]+\/api\/notifications\/socket$/),
  );
  const socket = FakeWebSocket.last!;
  act(() => socket.open());
  act(() => socket.receive({ type: "ready" }));
  return socket;
}

describe("her open ride page on a 'ride-changed' frame", () => {
  it("2nd in line, then the first got a freed place: it says she is 1st", async () => {
    answer(
      rideDetail({
        ...full,
        waitingCount: 2,
        viewer: { ...viewer, joined: false, waitingPosition: 2, request: null },
      }),
    );
    const socket = await openRidePage();
    const place = await screen.findByText(MSG.waitingListPosition(2), { exact: false });
    expect(place.getAttribute("role")).toBe("status");

    answer(
      rideDetail({
        ...full,
        waitingCount: 1,
        viewer: { ...viewer, joined: false, waitingPosition: 1, request: null },
      }),
    );
    act(() => socket.receive({ type: "ride-changed", rideId: "r1" }));

    // The same live region says it, so a screen reader hears the change.
    await waitFor(() => expect(place.textContent).toBe(MSG.waitingListPosition(1)));
    expect(screen.queryByText(MSG.waitingListPosition(2), { exact: false })).toBeNull();
    expect(MSG.waitingListPosition(1)).toBe("Estás la 1ª en la lista de espera");
  });

  it("taken out of the ride by its organizer: no 'Chat', no 'Desapuntarme'", async () => {
    answer(
      rideDetail({
        participantCount: 2,
        participantIds: ["org", "u1"],
        viewer: { ...viewer, joined: true, waitingPosition: null, request: null },
      }),
    );
    const socket = await openRidePage();
    expect(
      ((await screen.findByRole("button", { name: "Desapuntarme" })) as HTMLButtonElement).disabled,
    ).toBe(false);
    expect(screen.getByRole("link", { name: "Chat" }).getAttribute("href")).toBe("/app/chat/r1");

    // She and the organizer are now blocked: the ride answers as one that does not exist.
    current = {
      status: 404,
      body: { error: { code: "not_found", message: MSG.rideNotFound } },
    };
    act(() => socket.receive({ type: "ride-changed", rideId: "r1" }));

    await screen.findByText(MSG.rideNotFound);
    expect(screen.getByRole("link", { name: "Volver al inicio" }).getAttribute("href")).toBe(
      "/app/feed",
    );
    expect(screen.queryByRole("button", { name: "Desapuntarme" })).toBeNull();
    expect(screen.queryByRole("link", { name: "Chat" })).toBeNull();
  });
});
