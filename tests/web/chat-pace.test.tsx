import { act, cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MSG } from "../../domain/messages.ts";
import { participantChatInfo, renderChatScreen } from "./helpers/chat-screen.tsx";

const RIDE = "ride_0002";

const info = participantChatInfo(RIDE, 0);

/** The ride's chat socket: the test opens it, reads what the app sent and answers. */
class FakeWebSocket extends EventTarget {
  static readonly OPEN = 1;
  static last: FakeWebSocket | undefined;
  readyState = 0;
  readonly sent: { type: string; clientId?: string; text?: string }[] = [];
  constructor(readonly url: string) {
    super();
    FakeWebSocket.last = this;
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.dispatchEvent(new Event("open"));
  }
  receive(frame: unknown) {
    this.dispatchEvent(new MessageEvent("message", { data: JSON.stringify(frame) }));
  }
  sends() {
    return this.sent.filter((frame) => frame.type === "send");
  }
}

beforeEach(() => {
  FakeWebSocket.last = undefined;
  vi.stubGlobal("WebSocket", FakeWebSocket);
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      if (url === `/api/rides/${RIDE}/chat`) return Response.json(info);
      if (url.startsWith(`/api/rides/${RIDE}/chat/messages`)) {
        return Response.json({ messages: [], hasMore: false });
      }
      return Response.json({ lastSeenAt: new Date().toISOString() });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("a message refused as too fast", () => {
  it("shows 'Vas muy rápido. Espera un momento.' beside it, and 'Reintentar' sends it again", async () => {
    renderChatScreen(RIDE);
    const input = await screen.findByLabelText("Escribe un mensaje");
    act(() => {
      FakeWebSocket.last!.open();
      FakeWebSocket.last!.receive({ type: "history", messages: [], hasMore: false });
    });
    await userEvent.type(input, "¿Salimos ya?");
    await userEvent.click(screen.getByRole("button", { name: "Enviar" }));
    const [sent] = FakeWebSocket.last!.sends();
    expect(sent).toMatchObject({ type: "send", text: "¿Salimos ya?" });

    act(() => {
      FakeWebSocket.last!.receive({
        type: "error",
        code: "rate_limited",
        message: MSG.chatTooFast,
        clientId: sent!.clientId,
      });
    });
    const refusal = await screen.findByText("Vas muy rápido. Espera un momento.");
    // Her message stays on screen, marked, with the way to send it again.
    expect(screen.getByText("¿Salimos ya?").parentElement?.contains(refusal)).toBe(true);
    const retry = screen.getByRole("button", { name: MSG.retry });
    expect(refusal.contains(retry)).toBe(true);

    await userEvent.click(retry);
    expect(FakeWebSocket.last!.sends()).toEqual([sent, sent]);
    expect(screen.queryByText("Vas muy rápido. Espera un momento.")).toBeNull();
  });
});
