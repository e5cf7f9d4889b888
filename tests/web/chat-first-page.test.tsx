// The chat's first page of messages comes over HTTP; the socket's history can bring it too.
// When the HTTP page fails and nothing else has filled the chat, she must not read "no messages"
// in a conversation that may have them.
import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ChatInfoResponse } from "../../domain/api/chat.ts";
import type { ChatMessage } from "../../domain/chat-protocol.ts";
import { MSG } from "../../domain/messages.ts";
import ChatScreen from "../../web/chat/chat-screen.tsx";
import { FakeWebSocket } from "./helpers/fake-websocket.ts";
import { signedInClient } from "./helpers/signed-in-client.ts";

const RIDE = "ride_0001";
const EMPTY = "Aún no hay mensajes. ¡Saluda a la grupeta!";

const info: ChatInfoResponse = {
  ride: {
    id: RIDE,
    title: "Vuelta al pantano",
    startTime: Date.now() + 3_600_000,
    status: "published",
    cancelledByOrganizer: false,
    organizerId: "u2",
  },
  messageCount: 1,
  isParticipant: true,
  canWrite: true,
  canJoin: false,
};

const hello: ChatMessage = {
  id: "m1",
  rideId: RIDE,
  userId: "u2",
  kind: "user",
  text: "¿Quedamos a las 9?",
  createdAt: new Date().toISOString(),
  author: { username: "Bea", avatarKey: "avatar-1" },
};

/** The API: chat info, and a first page of messages that answers `page.messages` or fails. */
const page: { messages: ChatMessage[] | "fail" } = { messages: "fail" };

beforeEach(() => {
  page.messages = "fail";
  FakeWebSocket.last = undefined;
  vi.stubGlobal("WebSocket", FakeWebSocket);
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      if (url === `/api/rides/${RIDE}/chat`) return Response.json(info);
      if (url.startsWith(`/api/rides/${RIDE}/chat/messages`)) {
        return page.messages === "fail"
          ? Response.json({ error: { code: "internal", message: MSG.internal } }, { status: 500 })
          : Response.json({ messages: page.messages, hasMore: false });
      }
      return Response.json({ lastSeenAt: new Date().toISOString() });
    }),
  );
});

afterEach(() => {
  cleanup(); // before the stubs go: leaving the chat posts its read state
  vi.unstubAllGlobals();
});

function renderChat() {
  render(
    <QueryClientProvider client={signedInClient()}>
      <MemoryRouter initialEntries={[`/app/chat/${RIDE}`]}>
        <Routes>
          <Route path="/app/chat/:id" element={<ChatScreen />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("ride chat, first page of messages", () => {
  it("shows an error with 'Reintentar' when it fails, not the empty chat", async () => {
    renderChat();
    await screen.findByText(MSG.internal);
    expect(screen.queryByText(EMPTY)).toBeNull();

    page.messages = [hello];
    await userEvent.click(screen.getByRole("button", { name: MSG.retry }));
    await screen.findByText(hello.text);
    expect(screen.queryByText(MSG.internal)).toBeNull();
  });

  it("drops the error once the socket's history fills the chat", async () => {
    renderChat();
    await screen.findByText(MSG.internal);

    act(() => {
      FakeWebSocket.last!.open();
      FakeWebSocket.last!.receive({ type: "history", messages: [hello], hasMore: false });
    });
    await screen.findByText(hello.text);
    expect(screen.queryByText(MSG.internal)).toBeNull();
  });

  it("shows the empty chat when the socket's history says there is nothing yet", async () => {
    renderChat();
    await screen.findByText(MSG.internal);

    act(() => {
      FakeWebSocket.last!.open();
      FakeWebSocket.last!.receive({ type: "history", messages: [], hasMore: false });
    });
    await screen.findByText(EMPTY);
    expect(screen.queryByText(MSG.internal)).toBeNull();
  });
});
