// An open chat follows its ride live: a cancellation closes the input as
// soon as its notice arrives, a rename changes the header, a send the server refused is never
// counted, and a chat past its window shows only the closed notice (or its history).
import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ChatInfoResponse } from "../../domain/api/chat.ts";
import type { ChatMessage } from "../../domain/chat-protocol.ts";
import { MSG } from "../../domain/messages.ts";
import ChatScreen from "../../web/chat/chat-screen.tsx";
import { FakeWebSocket } from "./helpers/fake-websocket.ts";
import { signedInClient } from "./helpers/signed-in-client.ts";

vi.mock("../../web/lib/toast.ts", () => ({
  toast: Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn() }),
}));

const RIDE = "ride_0001";
const EMPTY = "Aún no hay mensajes. ¡Saluda a la grupeta!";
const HOUR = 3_600_000;

const openInfo = (): ChatInfoResponse => ({
  ride: {
    id: RIDE,
    title: "Vuelta al pantano",
    startTime: Date.now() + HOUR,
    status: "published",
    cancelledByOrganizer: false,
    organizerId: "u2",
  },
  messageCount: 1,
  isParticipant: true,
  canWrite: true,
  canJoin: false,
});

const hello: ChatMessage = {
  id: "m1",
  rideId: RIDE,
  userId: "u2",
  kind: "user",
  text: "¿Quedamos a las 9?",
  createdAt: new Date(Date.now() - 60_000).toISOString(),
  author: { username: "Bea", avatarKey: "ava02" },
};

const notice = (text: string): ChatMessage => ({
  id: crypto.randomUUID(),
  rideId: RIDE,
  userId: null,
  kind: "system",
  text,
  createdAt: new Date().toISOString(),
});

/** What the API answers now: the test changes the ride as the organizer would. */
let info: ChatInfoResponse;
let history: ChatMessage[];

beforeEach(() => {
  info = openInfo();
  history = [hello];
  FakeWebSocket.last = undefined;
  vi.stubGlobal("WebSocket", FakeWebSocket);
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      if (url === `/api/rides/${RIDE}/chat`) return Response.json(info);
      if (url.startsWith(`/api/rides/${RIDE}/chat/messages`)) {
        return Response.json({ messages: history, hasMore: false });
      }
      return Response.json({ lastSeenAt: new Date().toISOString() });
    }),
  );
});

afterEach(() => {
  cleanup(); // before the stubs go: leaving the chat posts its read state
  vi.unstubAllGlobals();
});

async function openChat() {
  render(
    <QueryClientProvider client={signedInClient()}>
      <MemoryRouter initialEntries={[`/app/chat/${RIDE}`]}>
        <Routes>
          <Route path="/app/chat/:id" element={<ChatScreen />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  await screen.findByText(hello.text);
  act(() => FakeWebSocket.last!.open());
}

const input = () => screen.queryByRole("textbox", { name: "Escribe un mensaje" });
const countText = () => screen.getByTestId("chat-count").textContent;
/** What stands where the composer was once the chat is closed to her. */
const closedNotice = () =>
  screen.getByRole("log", { name: "Mensajes" }).nextElementSibling?.textContent;

describe("an open chat follows its ride", () => {
  it("closes the input as soon as the cancellation notice arrives", async () => {
    await openChat();
    expect(input()).toHaveProperty("disabled", false);

    info = {
      ...openInfo(),
      ride: { ...openInfo().ride, status: "cancelled", cancelledByOrganizer: true },
      canWrite: false,
    };
    act(() =>
      FakeWebSocket.last!.receive({
        type: "message",
        message: notice(MSG.systemCancelNotice("Lluvia")),
      }),
    );
    await waitFor(() => expect(input()).toBeNull());
    // In the composer's place, under the messages.
    expect(closedNotice()).toBe(MSG.cancelledBanner);
  });

  it("a ride a suspension cancelled closes with 'Salida cancelada', naming nobody", async () => {
    await openChat();
    info = { ...openInfo(), ride: { ...openInfo().ride, status: "cancelled" }, canWrite: false };
    act(() =>
      FakeWebSocket.last!.receive({
        type: "message",
        message: notice(MSG.systemCancelNoticeNeutral),
      }),
    );
    await waitFor(() => expect(input()).toBeNull());
    expect(closedNotice()).toBe(MSG.cancelledNeutralBanner);
    expect(screen.queryByText(MSG.cancelledBanner)).toBeNull();
  });

  it("never counts a send the server refused, and offers no retry once the chat is closed", async () => {
    await openChat();
    expect(countText()).toBe("1 mensaje");

    // The ride was cancelled a moment before her send reached the room.
    info = {
      ...openInfo(),
      ride: { ...openInfo().ride, status: "cancelled", cancelledByOrganizer: true },
      canWrite: false,
    };
    await userEvent.type(input()!, "¿Sigue en pie?{Enter}");
    const frame = FakeWebSocket.last!.sent.find((f) => (f as { type: string }).type === "send") as {
      clientId: string;
    };
    expect(countText()).toBe("1 mensaje");
    act(() =>
      FakeWebSocket.last!.receive({
        type: "error",
        code: "ride_cancelled",
        message: MSG.rideCancelledJoin,
        clientId: frame.clientId,
      }),
    );
    await waitFor(() => expect(input()).toBeNull());
    expect(countText()).toBe("1 mensaje");
    // Her message stays, with the server's reason and no time.
    expect(screen.getByText("¿Sigue en pie?").parentElement?.textContent).toBe(
      `¿Sigue en pie?${MSG.rideCancelledJoin}`,
    );
    expect(screen.queryByRole("button", { name: MSG.retry })).toBeNull();
  });

  it("shows the new title after the organizer renames the ride", async () => {
    await openChat();
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Vuelta al pantano");

    info = { ...openInfo(), ride: { ...openInfo().ride, title: "Vuelta al embalse" } };
    act(() =>
      FakeWebSocket.last!.receive({ type: "message", message: notice(MSG.systemEditNotice) }),
    );
    await screen.findByRole("heading", { name: "Vuelta al embalse" });
  });
});

describe("a chat past its 12-hour window", () => {
  const closed = (): ChatInfoResponse => ({
    ...openInfo(),
    ride: { ...openInfo().ride, startTime: Date.now() - 13 * HOUR },
    messageCount: 0,
    canWrite: false,
  });

  it("shows only the closed notice when nobody wrote", async () => {
    info = closed();
    history = [];
    render(
      <QueryClientProvider client={signedInClient()}>
        <MemoryRouter initialEntries={[`/app/chat/${RIDE}`]}>
          <Routes>
            <Route path="/app/chat/:id" element={<ChatScreen />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await screen.findByText(MSG.chatClosed);
    // The first page is in: no placeholder left in the message list.
    const log = screen.getByRole("log", { name: "Mensajes" });
    await waitFor(() => expect(log.querySelector(".animate-pulse")).toBeNull());
    expect(screen.queryByText(EMPTY)).toBeNull();
    expect(input()).toBeNull();
  });

  it("shows its history above the closed notice", async () => {
    info = { ...closed(), messageCount: 1 };
    await openChat();
    expect(closedNotice()).toBe(MSG.chatClosed);
    expect(screen.queryByText(EMPTY)).toBeNull();
  });
});
