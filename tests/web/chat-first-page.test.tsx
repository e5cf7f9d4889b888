import { act, cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ChatMessage } from "../../domain/chat-protocol.ts";
import { MSG } from "../../domain/messages.ts";
import { participantChatInfo, renderChatScreen } from "./helpers/chat-screen.tsx";
import { FakeWebSocket } from "./helpers/fake-websocket.ts";

const RIDE = "ride_0001";
const EMPTY = "Aún no hay mensajes. ¡Saluda a la grupeta!";

const info = participantChatInfo(RIDE, 1);

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

describe("ride chat, first page of messages", () => {
  it("shows an error with 'Reintentar' when it fails, not the empty chat", async () => {
    renderChatScreen(RIDE);
    await screen.findByText(MSG.internal);
    expect(screen.queryByText(EMPTY)).toBeNull();

    page.messages = [hello];
    await userEvent.click(screen.getByRole("button", { name: MSG.retry }));
    await screen.findByText(hello.text);
    expect(screen.queryByText(MSG.internal)).toBeNull();
  });

  it("drops the error once the socket's history fills the chat", async () => {
    renderChatScreen(RIDE);
    await screen.findByText(MSG.internal);

    act(() => {
      FakeWebSocket.last!.open();
      FakeWebSocket.last!.receive({ type: "history", messages: [hello], hasMore: false });
    });
    await screen.findByText(hello.text);
    expect(screen.queryByText(MSG.internal)).toBeNull();
  });

  it("shows the empty chat when the socket's history says there is nothing yet", async () => {
    renderChatScreen(RIDE);
    await screen.findByText(MSG.internal);

    act(() => {
      FakeWebSocket.last!.open();
      FakeWebSocket.last!.receive({ type: "history", messages: [], hasMore: false });
    });
    await screen.findByText(EMPTY);
    expect(screen.queryByText(MSG.internal)).toBeNull();
  });
});
