// What useRideChat sends on every (re)connect of its socket: the backfill after the last message
// she holds (or the latest page when she holds none), then each message still pending (written
// while disconnected), then her read state; and an older page only while connected.
import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ChatMessage } from "../../domain/chat-protocol.ts";
import { useRideChat } from "../../web/chat/use-ride-chat.ts";
import { dropAndReconnect, FakeWebSocket } from "./helpers/fake-websocket.ts";
import { signedInClient } from "./helpers/signed-in-client.ts";

vi.mock("../../web/lib/toast.ts", () => ({
  toast: Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn() }),
}));

const RIDE = "ride_0001";

const said = (id: string, minute: number): ChatMessage => ({
  id,
  rideId: RIDE,
  userId: "u2",
  kind: "user",
  text: `texto ${id}`,
  createdAt: new Date(Date.UTC(2026, 10, 20, 9, minute)).toISOString(),
});

let firstPage: { messages: ChatMessage[]; hasMore: boolean };

beforeEach(() => {
  firstPage = { messages: [said("m1", 1), said("m2", 2)], hasMore: true };
  FakeWebSocket.last = undefined;
  vi.stubGlobal("WebSocket", FakeWebSocket);
  // The first reconnect comes after half the minimum backoff (jitter at its lowest).
  vi.spyOn(Math, "random").mockReturnValue(0);
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) =>
      url.startsWith(`/api/rides/${RIDE}/chat/messages`)
        ? Response.json(firstPage)
        : Response.json({ lastSeenAt: new Date().toISOString() }),
    ),
  );
});

afterEach(() => {
  cleanup(); // before the stubs go: leaving the chat posts its read state
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function renderChat() {
  const client = signedInClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(
    () =>
      useRideChat({
        rideId: RIDE,
        enabled: true,
        canWrite: true,
        myUserId: "u1",
        myAuthor: { username: "Ana", avatarKey: "ava01" },
      }),
    { wrapper },
  );
}

describe("the chat's socket frames", () => {
  it("asks for the latest page when she holds nothing yet", async () => {
    firstPage = { messages: [], hasMore: false };
    const { result } = renderChat();
    await waitFor(() => expect(result.current.loadingFirstPage).toBe(false));
    act(() => FakeWebSocket.last!.open());
    expect(FakeWebSocket.last!.sent).toEqual([{ type: "history", limit: 30 }, { type: "read" }]);
  });

  it("backfills after the last message, and resends what she wrote while disconnected", async () => {
    const { result } = renderChat();
    await waitFor(() => expect(result.current.messages).toHaveLength(2));
    act(() => FakeWebSocket.last!.open());
    expect(FakeWebSocket.last!.sent).toEqual([{ type: "sync", after: "m2" }, { type: "read" }]);

    const socket = await dropAndReconnect();
    // The reconnect timer set the status outside act: React renders it a moment after.
    await waitFor(() => expect(result.current.status).toBe("connecting"));
    act(() => void result.current.send("  ¿Salimos a las 9?  "));
    const pending = result.current.messages.at(-1)!;
    expect(pending).toMatchObject({ status: "pending", text: "¿Salimos a las 9?" });
    expect(socket.sent).toEqual([]);

    act(() => socket.open());
    expect(result.current.status).toBe("open");
    expect(socket.sent).toEqual([
      { type: "sync", after: "m2" },
      { type: "send", clientId: pending.id, text: "¿Salimos a las 9?" },
      { type: "read" },
    ]);

    // The ack turns it sent; the next reconnect backfills after it and resends nothing.
    act(() =>
      socket.receive({
        type: "ack",
        clientId: pending.id,
        message: { ...said(pending.id, 3), userId: "u1", text: pending.text },
      }),
    );
    const again = await dropAndReconnect();
    act(() => again.open());
    expect(again.sent).toEqual([{ type: "sync", after: pending.id }, { type: "read" }]);
  });

  it("asks for an older page only while connected, before the oldest message she holds", async () => {
    const { result } = renderChat();
    await waitFor(() => expect(result.current.hasOlder).toBe(true));
    act(() => result.current.loadOlder());
    expect(result.current.loadingOlder).toBe(false);

    act(() => FakeWebSocket.last!.open());
    act(() => result.current.loadOlder());
    expect(result.current.loadingOlder).toBe(true);
    expect(FakeWebSocket.last!.sent.at(-1)).toEqual({ type: "history", before: "m1", limit: 30 });
  });

  it("asks again while a backfill says there is more", async () => {
    const { result } = renderChat();
    await waitFor(() => expect(result.current.messages).toHaveLength(2));
    act(() => FakeWebSocket.last!.open());
    act(() =>
      FakeWebSocket.last!.receive({
        type: "synced",
        messages: [said("m3", 3), said("m4", 4)],
        hasMore: true,
      }),
    );
    expect(FakeWebSocket.last!.sent.at(-1)).toEqual({ type: "sync", after: "m4" });
    expect(result.current.messages.map((m) => m.id)).toEqual(["m1", "m2", "m3", "m4"]);
  });
});
