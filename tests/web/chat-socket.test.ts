// The reconnecting socket (web/chat/socket.ts) against a fake WebSocket and fake timers: it comes
// back after a close with a growing, capped backoff, says its status, pings, gives up on the
// final close codes, and never queues: a send while closed says false (the caller resends).
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { backoffDelay, ReconnectingSocket, socketURL } from "../../web/chat/socket.ts";
import { urlClient } from "../../web/lib/api.ts";

class FakeSocket extends EventTarget {
  static readonly OPEN = 1;
  static all: FakeSocket[] = [];
  readyState = 0;
  readonly sent: string[] = [];
  closedWith: number | undefined;
  constructor(readonly url: string) {
    super();
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close(code?: number) {
    this.closedWith = code;
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.dispatchEvent(new Event("open"));
  }
  /** The server or the network closed it. */
  drop(code = 1006) {
    this.readyState = 3;
    this.dispatchEvent(Object.assign(new Event("close"), { code }));
  }
  receive(data: string) {
    this.dispatchEvent(new MessageEvent("message", { data }));
  }
}

const latest = () => FakeSocket.all.at(-1)!;

function start(extra: Partial<ConstructorParameters<typeof ReconnectingSocket>[0]> = {}) {
  const events = {
    status: [] as string[],
    opens: 0,
    messages: [] as string[],
    gone: [] as number[],
  };
  const socket = new ReconnectingSocket({
    url: urlClient().rides[":id"].chat.socket.$url({ param: { id: "ride_0001" } }),
    onStatus: (s) => events.status.push(s),
    onOpen: () => events.opens++,
    onMessage: (data) => events.messages.push(data),
    onGone: (code) => events.gone.push(code),
    ...extra,
  });
  socket.start();
  return { socket, events };
}

beforeEach(() => {
  FakeSocket.all = [];
  vi.stubGlobal("WebSocket", FakeSocket);
  vi.useFakeTimers();
  // No jitter: every delay is its full value.
  vi.spyOn(Math, "random").mockReturnValue(1);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("socketURL", () => {
  it("opens the API client's http address as ws and its https address as wss", () => {
    expect(socketURL(new URL("http://localhost:5173/api/notifications/socket"))).toBe(
      "ws://localhost:5173/api/notifications/socket",
    );
    expect(socketURL(new URL("https://rodamos.app/api/rides/r1/chat/socket"))).toBe(
      "wss://rodamos.app/api/rides/r1/chat/socket",
    );
  });
});

describe("the reconnecting socket", () => {
  it("connects to the path on this origin and reports connecting, then open", () => {
    const { socket, events } = start();
    expect(FakeSocket.all).toHaveLength(1);
    expect(latest().url).toBe(`ws://${window.location.host}/api/rides/ride_0001/chat/socket`);
    expect(socket.isOpen).toBe(false);
    latest().open();
    expect(socket.isOpen).toBe(true);
    expect(events.status).toEqual(["connecting", "open"]);
    expect(events.opens).toBe(1);
    socket.stop();
  });

  it("reconnects after a close, waiting longer each time up to the cap", () => {
    const { socket, events } = start({ minDelayMs: 1000, maxDelayMs: 4000 });
    latest().drop();
    expect(events.status.at(-1)).toBe("closed");
    // 1 s, 2 s, 4 s, then capped at 4 s.
    for (const delay of [1000, 2000, 4000, 4000]) {
      const before = FakeSocket.all.length;
      vi.advanceTimersByTime(delay - 1);
      expect(FakeSocket.all).toHaveLength(before);
      vi.advanceTimersByTime(1);
      expect(FakeSocket.all).toHaveLength(before + 1);
      latest().drop();
    }
    socket.stop();
  });

  it("starts the backoff over once a connection opens, and calls onOpen on every reconnect", () => {
    const { socket, events } = start({ minDelayMs: 1000 });
    latest().drop();
    vi.advanceTimersByTime(1000);
    latest().drop();
    vi.advanceTimersByTime(2000);
    latest().open();
    expect(events.opens).toBe(1);
    latest().drop();
    // Back to the first delay.
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.all).toHaveLength(4);
    latest().open();
    expect(events.opens).toBe(2);
    expect(events.status).toEqual([
      "connecting",
      "closed",
      "connecting",
      "closed",
      "connecting",
      "open",
      "closed",
      "connecting",
      "open",
    ]);
    socket.stop();
  });

  it("sends only while open and queues nothing: the caller resends after onOpen", () => {
    const { socket } = start();
    expect(socket.send("antes")).toBe(false);
    latest().open();
    expect(socket.send("abierto")).toBe(true);
    latest().drop();
    expect(socket.send("cerrado")).toBe(false);
    vi.advanceTimersByTime(1000);
    latest().open();
    expect(FakeSocket.all.map((s) => s.sent)).toEqual([["abierto"], []]);
    socket.stop();
  });

  it("passes messages on, but not the keep-alive's pong", () => {
    const { socket, events } = start();
    latest().open();
    latest().receive('{"type":"read-state"}');
    latest().receive("pong");
    expect(events.messages).toEqual(['{"type":"read-state"}']);
    socket.stop();
  });

  it("pings every 25 seconds while open, and only the open socket's own timer pings", () => {
    const { socket } = start();
    const first = latest();
    first.open();
    vi.advanceTimersByTime(25_000);
    expect(first.sent).toEqual(["ping"]);
    vi.advanceTimersByTime(10_000);
    first.drop();
    vi.advanceTimersByTime(1000);
    const second = latest();
    second.open();
    // A timer left from the first socket would ping 14 s from now; the second's own, at 25 s.
    vi.advanceTimersByTime(24_999);
    expect(second.sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(second.sent).toEqual(["ping"]);
    expect(first.sent).toEqual(["ping"]);
    socket.stop();
    vi.advanceTimersByTime(60_000);
    expect(second.sent).toEqual(["ping"]);
  });

  it("gives up on 4003 (no longer a participant) and reports it", () => {
    const { socket, events } = start();
    latest().open();
    latest().drop(4003);
    vi.advanceTimersByTime(60_000);
    expect(events.gone).toEqual([4003]);
    expect(FakeSocket.all).toHaveLength(1);
    socket.stop();
  });

  it("reconnects after 4001 (her session ended: a new cookie may be there)", () => {
    const { socket, events } = start();
    latest().drop(4001);
    vi.advanceTimersByTime(1000);
    expect(events.gone).toEqual([]);
    expect(FakeSocket.all).toHaveLength(2);
    socket.stop();
  });

  it("retries at once when the browser comes back online or the page is visible again", () => {
    const { socket } = start({ minDelayMs: 10_000 });
    latest().drop();
    window.dispatchEvent(new Event("online"));
    expect(FakeSocket.all).toHaveLength(2);
    latest().drop();
    document.dispatchEvent(new Event("visibilitychange"));
    expect(FakeSocket.all).toHaveLength(3);
    // Not while a connection is already under way.
    window.dispatchEvent(new Event("online"));
    expect(FakeSocket.all).toHaveLength(3);
    socket.stop();
  });

  it("stops for good: closes the socket, and neither a close nor 'online' brings it back", () => {
    const { socket, events } = start();
    const ws = latest();
    ws.open();
    socket.stop();
    expect(ws.closedWith).toBe(1000);
    ws.drop();
    window.dispatchEvent(new Event("online"));
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
    expect(events.status).toEqual(["connecting", "open"]);
  });

  it("ignores the events of a socket it already replaced", () => {
    const { socket, events } = start();
    const old = latest();
    old.drop();
    vi.advanceTimersByTime(1000);
    old.receive("tarde");
    old.open();
    expect(events.messages).toEqual([]);
    expect(events.opens).toBe(0);
    socket.stop();
  });
});

describe("the backoff delay", () => {
  it("doubles from the minimum up to the cap, with jitter between half and all of it", () => {
    expect(backoffDelay(0, 500, 15_000, () => 1)).toBe(500);
    expect(backoffDelay(3, 500, 15_000, () => 1)).toBe(4000);
    expect(backoffDelay(10, 500, 15_000, () => 1)).toBe(15_000);
    expect(backoffDelay(10, 500, 15_000, () => 0)).toBe(7500);
  });
});
