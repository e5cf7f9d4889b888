import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ChatMessage } from "../../domain/chat-protocol.ts";
import { MSG } from "../../domain/messages.ts";
import { chatReducer, initialChatState, type UiMessage } from "../../web/chat/chat-state.ts";
import { participantChatInfo, renderChatScreen } from "./helpers/chat-screen.tsx";
import { dropAndReconnect, FakeWebSocket } from "./helpers/fake-websocket.ts";
import { signedInClient } from "./helpers/signed-in-client.ts";

const RIDE = "ride_0001";

const info = participantChatInfo(RIDE, 2);

const said = (id: string, minute: number, text: string): ChatMessage => ({
  id,
  rideId: RIDE,
  userId: "u2",
  kind: "user",
  text,
  createdAt: new Date(Date.now() - (10 - minute) * 60_000).toISOString(),
  author: { username: "Bea", avatarKey: "avatar-1" },
});

const offensive = said("m1", 1, "algo que no debe quedarse");
const newest = said("m2", 2, "¿Quedamos a las 9?");

beforeEach(() => {
  FakeWebSocket.last = undefined;
  vi.stubGlobal("WebSocket", FakeWebSocket);
  // The first reconnect comes after half the minimum backoff (jitter at its lowest).
  vi.spyOn(Math, "random").mockReturnValue(0);
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      if (url === `/api/rides/${RIDE}/chat`) return Response.json(info);
      if (url.startsWith(`/api/rides/${RIDE}/chat/messages`)) {
        return Response.json({ messages: [offensive, newest], hasMore: false });
      }
      return Response.json({ lastSeenAt: new Date().toISOString() });
    }),
  );
});

afterEach(() => {
  cleanup(); // before the stubs go: leaving the chat posts its read state
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** The log, message by message in its order: each item's text (name, message, time). */
const conversation = () =>
  within(screen.getByRole("log", { name: "Mensajes" }))
    .getAllByRole("listitem")
    .map((item) => item.textContent);

/** The socket opens, asks for what came after her newest message and gets `hidden` back. */
async function syncNaming(hidden: string[]) {
  await waitFor(() => expect(FakeWebSocket.last).toBeDefined());
  const socket = FakeWebSocket.last!;
  act(() => socket.open());
  expect(socket.sent[0]).toEqual({ type: "sync", after: newest.id });
  act(() => socket.receive({ type: "synced", messages: [], hasMore: false, hidden }));
}

describe("a message hidden while she was offline", () => {
  it("a reconnecting chat whose sync names a message she holds shows it hidden", async () => {
    renderChatScreen(RIDE, signedInClient());
    await screen.findByText(offensive.text);
    await syncNaming([]);
    expect(conversation()).toEqual([
      expect.stringContaining(offensive.text),
      expect.stringContaining(newest.text),
    ]);

    const socket = await dropAndReconnect();
    act(() => socket.open());
    expect(socket.sent[0]).toEqual({ type: "sync", after: newest.id });
    act(() =>
      socket.receive({ type: "synced", messages: [], hasMore: false, hidden: [offensive.id] }),
    );
    await screen.findByText(MSG.messageHidden);
    expect(screen.queryByText(offensive.text)).toBeNull();
    // The notice stands in the message's place; the newest one is untouched.
    expect(conversation()).toEqual([
      expect.stringContaining(MSG.messageHidden),
      expect.stringContaining(newest.text),
    ]);
  });

  it("a chat opened again starts from a first page without the hidden text", async () => {
    const client = signedInClient();
    const first = renderChatScreen(RIDE, client);
    await screen.findByText(offensive.text);
    await syncNaming([offensive.id]);
    await screen.findByText(MSG.messageHidden);
    first.unmount();

    // The cached page (never refetched) is what the chat shows before its socket answers.
    FakeWebSocket.last = undefined;
    renderChatScreen(RIDE, client);
    await screen.findByText(newest.text);
    expect(conversation()).toEqual([
      expect.stringContaining(MSG.messageHidden),
      expect.stringContaining(newest.text),
    ]);
    expect(screen.queryByText(offensive.text)).toBeNull();
  });

  it("a live `hidden` frame also leaves the cached first page", async () => {
    const client = signedInClient();
    const first = renderChatScreen(RIDE, client);
    await screen.findByText(offensive.text);
    await syncNaming([]);
    act(() =>
      FakeWebSocket.last!.receive({
        type: "hidden",
        message: { ...offensive, text: MSG.messageHidden, hidden: true },
      }),
    );
    await screen.findByText(MSG.messageHidden);
    first.unmount();

    renderChatScreen(RIDE, client);
    await screen.findByText(newest.text);
    expect(conversation()).toEqual([
      expect.stringContaining(MSG.messageHidden),
      expect.stringContaining(newest.text),
    ]);
    expect(screen.queryByText(offensive.text)).toBeNull();
  });
});

describe("chatReducer 'hide'", () => {
  it("hides the copies she holds, keeps their state and ignores ids she does not hold", () => {
    const pending: UiMessage = { ...said("m3", 3, "enviando"), status: "pending" };
    const held = chatReducer(
      chatReducer(initialChatState, { type: "page", messages: [offensive, newest], hasMore: true }),
      { type: "pending", message: pending },
    );
    const next = chatReducer(held, { type: "hide", ids: [offensive.id, pending.id, "nope"] });
    expect([...next.byId.values()]).toEqual([
      { ...offensive, text: MSG.messageHidden, hidden: true, status: "sent" },
      { ...newest, status: "sent" },
      { ...pending, text: MSG.messageHidden, hidden: true },
    ]);
    expect(next.hasOlder).toBe(true);
  });
});
