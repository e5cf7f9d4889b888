import { act, waitFor } from "@testing-library/react";
import { expect } from "vitest";

/**
 * A ride chat's socket, opened and fed by the test (install with
 * `vi.stubGlobal("WebSocket", FakeWebSocket)`); `sent` holds what the app sent, parsed.
 */
export class FakeWebSocket extends EventTarget {
  static readonly OPEN = 1;
  static last: FakeWebSocket | undefined;
  readyState = 0;
  readonly sent: unknown[] = [];
  constructor(readonly url: string) {
    super();
    FakeWebSocket.last = this;
  }
  send(data: string) {
    if (data !== "ping") this.sent.push(JSON.parse(data));
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
}

/** Drops the app's current socket as the network would (1006), and waits for its next one. */
export async function dropAndReconnect() {
  const dropped = FakeWebSocket.last!;
  act(() => {
    dropped.readyState = 3;
    dropped.dispatchEvent(Object.assign(new Event("close"), { code: 1006 }));
  });
  await waitFor(() => expect(FakeWebSocket.last).not.toBe(dropped), { timeout: 2000 });
  return FakeWebSocket.last!;
}
