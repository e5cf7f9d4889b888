// Her open ride page follows what others do to it (the notification channel's 'ride-changed'
// frame): a place freed for the first in line makes her, 2nd, the 1st; the organizer taking her
// out of the ride leaves no 'Chat' or 'Desapuntarme' behind; the organizer's answer to her request
// replaces 'Has solicitado plaza'; the organizer's requests card shows a new request and a freed
// place. No reload, no focus change.
import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ChatInfoResponse } from "../../domain/api/chat.ts";
import type { RideDetail, RideRequestView } from "../../domain/api/rides.ts";
import { MSG } from "../../domain/messages.ts";
import ChatScreen from "../../web/chat/chat-screen.tsx";
import { NotificationsProvider } from "../../web/chat/notifications.tsx";
import { LazyToaster } from "../../web/lib/lazy-toaster.tsx";
import RideDetailScreen from "../../web/rides/ride-detail.tsx";
import { participantChatInfo } from "./helpers/chat-screen.tsx";
import { FakeWebSocket } from "./helpers/fake-websocket.ts";
import { ORGANIZER_VIEWER, rideDetail } from "./helpers/rides.ts";
import { signedInClient } from "./helpers/signed-in-client.ts";
import { toastShowing } from "./helpers/toasts.ts";

/** What GET /api/rides/r1 answers now: the ride, or a 404 (the ride hidden from her). */
let current: { status: number; body: unknown };
/** What DELETE /api/rides/r1/requests answers (her 'Retirar solicitud'). */
let withdrawAnswer: { status: number; body: unknown };

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
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = new URL(url, "http://x").pathname;
      if (path === "/api/rides/r1/requests" && init?.method === "DELETE") {
        return Response.json(withdrawAnswer.body, { status: withdrawAnswer.status });
      }
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
// Unmount before the stand-ins go: a screen that leaves (the chat marks itself read) still calls
// fetch, and the real one would then reach for a server in whichever test runs next.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

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
      <LazyToaster />
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

const approval = { joinMode: "approval", maxParticipants: 2, capacity: 2 } as const;
const pendingViewer = {
  ...viewer,
  joined: false,
  waitingPosition: null,
  request: "pending",
} as const;

describe("her request on an open ride page, answered by the organizer", () => {
  it("accepted: 'Has solicitado plaza' and 'Retirar solicitud' give way to 'Desapuntarme'", async () => {
    answer(rideDetail({ ...approval, participantCount: 1, viewer: pendingViewer }));
    const socket = await openRidePage();
    expect((await screen.findByRole("status")).textContent).toBe(MSG.requestPending);
    expect(
      (screen.getByRole("button", { name: MSG.requestWithdraw }) as HTMLButtonElement).disabled,
    ).toBe(false);

    answer(
      rideDetail({
        ...approval,
        participantCount: 2,
        participantIds: ["org", "u1"],
        viewer: { ...viewer, joined: true, waitingPosition: null, request: null },
      }),
    );
    act(() => socket.receive({ type: "ride-changed", rideId: "r1" }));

    expect(
      ((await screen.findByRole("button", { name: "Desapuntarme" })) as HTMLButtonElement).disabled,
    ).toBe(false);
    expect(screen.queryByText(MSG.requestPending)).toBeNull();
    expect(screen.queryByRole("button", { name: MSG.requestWithdraw })).toBeNull();
  });

  it("declined: her page says so instead of waiting", async () => {
    answer(rideDetail({ ...approval, participantCount: 1, viewer: pendingViewer }));
    const socket = await openRidePage();
    await screen.findByText(MSG.requestPending);

    answer(
      rideDetail({
        ...approval,
        participantCount: 1,
        viewer: { ...viewer, joined: false, waitingPosition: null, request: "declined" },
      }),
    );
    act(() => socket.receive({ type: "ride-changed", rideId: "r1" }));

    expect((await screen.findByText(`${MSG.requestDeclined}.`)).parentElement!.textContent).toBe(
      `${MSG.requestDeclined}. ${MSG.requestDeclinedText}`,
    );
    expect(screen.queryByText(MSG.requestPending)).toBeNull();
    expect(screen.queryByRole("button", { name: MSG.requestWithdraw })).toBeNull();
  });

  it("'Retirar solicitud' after an answer she had not seen: her own words, and her page catches up", async () => {
    answer(rideDetail({ ...approval, participantCount: 1, viewer: pendingViewer }));
    await openRidePage();
    const withdraw = await screen.findByRole("button", { name: MSG.requestWithdraw });
    withdrawAnswer = {
      status: 409,
      body: { error: { code: "conflict", message: MSG.requestAlreadyAnswered } },
    };
    answer(
      rideDetail({
        ...approval,
        participantCount: 2,
        viewer: { ...viewer, joined: true, waitingPosition: null, request: null },
      }),
    );

    await userEvent.setup().click(withdraw);

    expect((await toastShowing(MSG.requestWithdrawFailed)).type).toBe("error");
    // The server's reason, in the same toast.
    expect(
      screen.getByText(MSG.requestAlreadyAnswered).closest("[data-sonner-toast]")?.textContent,
    ).toContain(MSG.requestWithdrawFailed);
    expect(screen.queryByText(MSG.requestAnswerFailed)).toBeNull();
    await screen.findByRole("button", { name: "Desapuntarme" });
    expect(MSG.requestWithdrawFailed).toBe("No se pudo retirar tu solicitud");
  });
});

const request = (id: string, username: string): RideRequestView => ({
  id,
  rider: { id: `u-${id}`, username, avatarKey: "ava03", avatarUrl: null, verified: false },
  city: "Madrid",
  modalities: ["road"],
  levels: [],
  completedRides: 0,
  rodeWithGroup: 0,
  note: null,
  createdAt: Date.now(),
});

/** The organizer's view of her approval ride. */
const organizerView = (participantCount: number, requests: RideRequestView[]) =>
  rideDetail({
    ...approval,
    participantCount,
    participantIds: ["u1", "u2"].slice(0, participantCount),
    organizer: { id: "u1", username: "Ana", avatarKey: "ava01", avatarUrl: null, verified: false },
    pendingRequests: requests.length,
    requests,
    viewer: ORGANIZER_VIEWER,
  });

const requestsCard = () =>
  screen.getByRole("heading", { name: new RegExp(`^${MSG.requestsTitle}`) }).closest("section")!;

describe("the organizer's open requests card", () => {
  it("shows a new request as it comes", async () => {
    answer(organizerView(1, []));
    const socket = await openRidePage();
    expect(
      (await screen.findByRole("heading", { name: `${MSG.requestsTitle} (0)` })).textContent,
    ).toBe(`${MSG.requestsTitle} (0)`);

    answer(organizerView(1, [request("q1", "Carla")]));
    act(() => socket.receive({ type: "ride-changed", rideId: "r1" }));

    await screen.findByRole("heading", { name: `${MSG.requestsTitle} (1)` });
    expect(
      (
        within(requestsCard()).getByRole("button", {
          name: `${MSG.requestAccept} a Carla`,
        }) as HTMLButtonElement
      ).disabled,
    ).toBe(false);
  });

  it("'Aceptar' is no longer held back once a place frees", async () => {
    answer(organizerView(2, [request("q1", "Carla")]));
    const socket = await openRidePage();
    const accept = (await screen.findByRole("button", {
      name: `${MSG.requestAccept} a Carla`,
    })) as HTMLButtonElement;
    expect(accept.disabled).toBe(true);
    expect(within(requestsCard()).getByText(MSG.rideFull, { exact: false }).textContent).toBe(
      `${MSG.rideFull}: cuando se libere una plaza te avisaremos.`,
    );

    answer(organizerView(1, [request("q1", "Carla")]));
    act(() => socket.receive({ type: "ride-changed", rideId: "r1" }));

    await waitFor(() => expect(accept.disabled).toBe(false));
    expect(within(requestsCard()).queryByText(MSG.rideFull, { exact: false })).toBeNull();
  });
});

describe("her open chat of a ride she asked for", () => {
  it("opens to her once the organizer accepts her", async () => {
    const RIDE = "ride_0001";
    const joined = participantChatInfo(RIDE, 0);
    let info: ChatInfoResponse = {
      ...joined,
      isParticipant: false,
      canWrite: false,
      approval: { canRequest: false, request: "pending" },
    };
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        const path = new URL(url, "http://x").pathname;
        if (path === `/api/rides/${RIDE}/chat`) return Response.json(info);
        if (path === `/api/rides/${RIDE}/chat/messages`) {
          return Response.json({ messages: [], hasMore: false });
        }
        return Response.json({ chats: [], pending: [], lastSeenAt: new Date().toISOString() });
      }),
    );
    render(
      <QueryClientProvider client={signedInClient()}>
        <MemoryRouter initialEntries={[`/app/chat/${RIDE}`]}>
          <NotificationsProvider />
          <Routes>
            <Route path="/app/chat/:id" element={<ChatScreen />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await screen.findByRole("heading", { name: "El chat es para las participantes" });
    const channel = FakeWebSocket.last!;
    expect(channel.url).toMatch(/\/api\/notifications\/socket$/);
    act(() => channel.open());
    act(() => channel.receive({ type: "ready" }));

    info = joined;
    act(() => channel.receive({ type: "ride-changed", rideId: RIDE }));

    expect(
      ((await screen.findByLabelText("Escribe un mensaje")) as HTMLTextAreaElement).disabled,
    ).toBe(false);
    expect(screen.queryByRole("heading", { name: "El chat es para las participantes" })).toBeNull();
  });
});
