// A websocket that comes back: exponential backoff with jitter, a keep-alive ping (answered by
// the Durable Object's auto-response without waking it), and an immediate retry when the
// browser comes back online or the page becomes visible.

export type SocketStatus = "connecting" | "open" | "closed";

export interface ReconnectingSocketOptions {
  /** The route's address from the API client, `urlClient()….socket.$url()` (http or https). */
  url: URL;
  onOpen?: () => void;
  onMessage: (data: string) => void;
  onStatus?: (status: SocketStatus) => void;
  /** The server closed for good (e.g. 4003: she is no longer a participant). */
  onGone?: (code: number) => void;
  minDelayMs?: number;
  maxDelayMs?: number;
}

const PING_EVERY_MS = 25_000;
/**
 * Close codes after which reconnecting cannot help: 4003 is CLOSE_CODES.notParticipant, 4004
 * CLOSE_CODES.suspended (domain/chat-protocol.ts, not imported: it would bring zod into the
 * first screen). 4001, her session ended, is worth a reconnect: after a password change her
 * tab has a new cookie.
 */
const FINAL_CODES = new Set([4003, 4004]);

/** A route's http(s) address as its websocket's: ws on http, wss on https. */
export function socketURL(url: URL): string {
  const ws = new URL(url);
  ws.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  return ws.href;
}

export function backoffDelay(attempt: number, minMs: number, maxMs: number, random = Math.random) {
  const base = Math.min(maxMs, minMs * 2 ** attempt);
  return Math.round(base * (0.5 + random() * 0.5));
}

export class ReconnectingSocket {
  private ws: WebSocket | null = null;
  private attempt = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private stopped = false;

  constructor(private readonly options: ReconnectingSocketOptions) {}

  start() {
    this.stopped = false;
    window.addEventListener("online", this.retryNow);
    document.addEventListener("visibilitychange", this.onVisibility);
    this.connect();
  }

  stop() {
    this.stopped = true;
    window.removeEventListener("online", this.retryNow);
    document.removeEventListener("visibilitychange", this.onVisibility);
    clearTimeout(this.retryTimer);
    clearInterval(this.pingTimer);
    const ws = this.ws;
    this.ws = null;
    if (ws && ws.readyState <= WebSocket.OPEN) ws.close(1000, "bye");
  }

  get isOpen() {
    return this.ws?.readyState === WebSocket.OPEN;
  }

  /** False when not connected: the caller keeps the frame and sends it after reconnecting. */
  send(data: string): boolean {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return false;
    this.ws.send(data);
    return true;
  }

  private connect() {
    if (this.stopped) return;
    clearTimeout(this.retryTimer);
    this.options.onStatus?.("connecting");
    const ws = new WebSocket(socketURL(this.options.url));
    this.ws = ws;
    ws.addEventListener("open", () => {
      if (this.ws !== ws) return;
      this.attempt = 0;
      this.options.onStatus?.("open");
      clearInterval(this.pingTimer);
      this.pingTimer = setInterval(() => this.send("ping"), PING_EVERY_MS);
      this.options.onOpen?.();
    });
    ws.addEventListener("message", (event) => {
      if (this.ws !== ws || event.data === "pong") return;
      this.options.onMessage(String(event.data));
    });
    ws.addEventListener("close", (event) => {
      if (this.ws !== ws) return;
      this.ws = null;
      clearInterval(this.pingTimer);
      this.options.onStatus?.("closed");
      if (this.stopped) return;
      if (FINAL_CODES.has(event.code)) {
        this.options.onGone?.(event.code);
        return;
      }
      this.scheduleRetry();
    });
  }

  private scheduleRetry() {
    const delay = backoffDelay(
      this.attempt++,
      this.options.minDelayMs ?? 1000,
      this.options.maxDelayMs ?? 15_000,
    );
    this.retryTimer = setTimeout(() => this.connect(), delay);
  }

  private retryNow = () => {
    if (!this.stopped && !this.ws) {
      this.attempt = 0;
      this.connect();
    }
  };

  private onVisibility = () => {
    if (document.visibilityState === "visible") this.retryNow();
  };
}
