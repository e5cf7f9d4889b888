import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach } from "vitest";
import type { ServerMessage } from "../../../domain/chat-protocol.ts";
import { type Browser, ORIGIN } from "./http.ts";
import { roomEventComing } from "./room-activity.ts";

/** A test-side websocket that queues every frame so a test can wait for the next matching one. */
export class TestSocket {
  readonly frames: unknown[] = [];
  private waiters: { match: (f: unknown) => boolean; resolve: (f: unknown) => void }[] = [];
  closed: { code: number; reason: string } | null = null;

  constructor(readonly ws: WebSocket) {
    ws.addEventListener("message", (event) => {
      const data = String(event.data);
      const frame: unknown = data === "pong" ? "pong" : JSON.parse(data);
      this.frames.push(frame);
      const index = this.waiters.findIndex((w) => w.match(frame));
      if (index >= 0) {
        const [waiter] = this.waiters.splice(index, 1);
        waiter!.resolve(frame);
      }
    });
    ws.addEventListener("close", (event) => {
      this.closed = { code: event.code, reason: event.reason };
    });
  }

  send(frame: unknown) {
    this.ws.send(typeof frame === "string" ? frame : JSON.stringify(frame));
  }

  /** The first frame (already received or next) of that type matching `where`. */
  next<T extends ServerMessage["type"]>(
    type: T,
    where: (f: Extract<ServerMessage, { type: T }>) => boolean = () => true,
    timeoutMs = 3000,
  ): Promise<Extract<ServerMessage, { type: T }>> {
    const match = (f: unknown) =>
      typeof f === "object" &&
      f !== null &&
      (f as { type?: string }).type === type &&
      where(f as Extract<ServerMessage, { type: T }>);
    const seen = this.frames.findIndex(match);
    if (seen >= 0) {
      const [frame] = this.frames.splice(seen, 1);
      return Promise.resolve(frame as Extract<ServerMessage, { type: T }>);
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no '${type}' frame within ${timeoutMs} ms`)),
        timeoutMs,
      );
      this.waiters.push({
        match,
        resolve: (f) => {
          clearTimeout(timer);
          // Consumed: remove from the queue so the next call waits for a new one.
          const i = this.frames.indexOf(f);
          if (i >= 0) this.frames.splice(i, 1);
          resolve(f as Extract<ServerMessage, { type: T }>);
        },
      });
    });
  }

  /** Any frame (e.g. notifications, which are not ServerMessages) matching `match`. */
  nextRaw<T>(match: (f: unknown) => boolean, timeoutMs = 3000): Promise<T> {
    const seen = this.frames.findIndex(match);
    if (seen >= 0) return Promise.resolve(this.frames.splice(seen, 1)[0] as T);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("no matching frame in time")), timeoutMs);
      this.waiters.push({
        match,
        resolve: (f) => {
          clearTimeout(timer);
          const i = this.frames.indexOf(f);
          if (i >= 0) this.frames.splice(i, 1);
          resolve(f as T);
        },
      });
    });
  }

  /**
   * Sends "ping" and waits for the object's auto-answered "pong", which travels behind every
   * frame the object sent before it: once it is here, so are they.
   */
  async delivered() {
    this.send("ping");
    await this.nextRaw((f) => f === "pong");
  }

  close() {
    roomEventComing();
    try {
      this.ws.close(1000, "done");
    } catch {
      // already closed
    }
  }
}

/** Opens a websocket through the worker with her cookie and (by default) our Origin. */
export async function openSocket(
  browser: Browser,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ res: Response; socket: TestSocket | null }> {
  const res = await browser.fetch(path, {
    headers: { Upgrade: "websocket", Origin: ORIGIN, ...headers },
  });
  if (res.status !== 101 || !res.webSocket) return { res, socket: null };
  res.webSocket.accept();
  return { res, socket: new TestSocket(res.webSocket) };
}

/** Opens a ride's chat socket and fails the test when it is refused. */
export async function openChat(browser: Browser, rideId: string) {
  const { res, socket } = await openSocket(browser, `/api/rides/${rideId}/chat/socket`);
  if (!socket) throw new Error(`chat socket refused: ${res.status} ${await res.text()}`);
  return socket;
}

export const sendFrame = (text: string, clientId: string = crypto.randomUUID()) => ({
  type: "send" as const,
  clientId,
  text,
});

/**
 * For a test file that opens sockets: every socket pushed on `open`, and every chat opened with
 * `chat`, is closed after each test. Call it once at the file's top level.
 */
export function socketsClosedAfterEach() {
  const open: TestSocket[] = [];
  afterEach(() => {
    for (const s of open.splice(0)) s.close();
  });
  async function chat(browser: Browser, rideId: string) {
    const socket = await openChat(browser, rideId);
    open.push(socket);
    return socket;
  }
  return { open, chat };
}

/**
 * For tests about something else than the chat pace (docs/product.md#chat-pace) that send more than
 * it allows: the ride's room forgets her earlier sends, as if minutes had passed.
 */
export async function forgetChatPace(rideId: string) {
  const room = env.RIDE_ROOM.get(env.RIDE_ROOM.idFromName(rideId));
  await runInDurableObject(room, (_, state) => {
    state.storage.sql.exec("DELETE FROM chat_pace");
  });
}
