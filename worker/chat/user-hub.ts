import { DurableObject } from "cloudflare:workers";
import type { NotificationFrame } from "../../domain/chat-protocol.ts";
import type { Bindings } from "../env.ts";

/** Header the worker sets on the upgrade it forwards (clients cannot set it: see routes.ts). */
export const HUB_USER_HEADER = "X-Rodamos-User-Id";

/**
 * One Durable Object per user: her notification channel while the app is open, so badges and
 * the 'Conversación en curso' toast update without one socket per ride. Ride rooms call
 * `notify` after storing a message; it forwards the frame to her open tabs.
 */
export class UserHub extends DurableObject<Bindings> {
  constructor(ctx: DurableObjectState, env: Bindings) {
    super(ctx, env);
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair("ping", "pong"));
  }

  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade") !== "websocket") {
      return new Response("Expected a websocket upgrade", { status: 426 });
    }
    const userId = request.headers.get(HUB_USER_HEADER);
    if (!userId) return new Response("Missing identity", { status: 400 });
    const pair = new WebSocketPair();
    const [client, server] = Object.values(pair) as [WebSocket, WebSocket];
    this.ctx.acceptWebSocket(server, [userId]);
    // From here on `notify` reaches this socket: the client refetches what it may have missed.
    server.send(JSON.stringify({ type: "ready" } satisfies NotificationFrame));
    return new Response(null, { status: 101, webSocket: client });
  }

  /** Forwards a notification to every open tab of hers; returns how many received it. */
  async notify(frame: NotificationFrame): Promise<number> {
    const data = JSON.stringify(frame);
    let delivered = 0;
    for (const socket of this.ctx.getWebSockets()) {
      try {
        socket.send(data);
        delivered++;
      } catch {
        // A tab closing under us.
      }
    }
    return delivered;
  }

  /** The channel is one-way: anything but the auto-answered ping is ignored. */
  override async webSocketMessage() {}

  override async webSocketClose(ws: WebSocket, code: number) {
    try {
      ws.close(code === 1005 || code === 1006 ? 1000 : code, "closing");
    } catch {
      // already closed
    }
  }
}
