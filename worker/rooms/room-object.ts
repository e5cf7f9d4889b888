// What every room class shares (worker/ride-room/, worker/group-room/): its storage brought to its
// newest migration, the hibernation wiring, each socket frame handed to the part that answers it,
// and the one alarm running each due job of its parts. A room class builds its parts and adds its
// RPC methods; those must stay on the room class itself (or here) for the stubs' types.
import { DurableObject } from "cloudflare:workers";
import { type MigrationBundle, migrateOnStart } from "../db/durable-storage.ts";
import type { Bindings } from "../env.ts";
import { RoomAlarms } from "./room-alarms.ts";
import { type RoomContext, roomContext } from "./room-part.ts";
import type { RoomParts } from "./room-parts.ts";
import { acceptRoomSocket, roomSocketClosed, roomSocketMessage } from "./room-socket-events.ts";
import { closeQuietly } from "./room-sockets.ts";

/** The worker authenticates a socket's upgrade and checks membership before forwarding it here. */
export abstract class RoomObject extends DurableObject<Bindings> {
  /** What the parts read of the room: its state, and its bindings at the moment of use. */
  protected readonly room: RoomContext = roomContext(this.ctx, () => this.env);
  /** The room's one alarm, shared by the parts' jobs. */
  protected readonly alarms = new RoomAlarms(this.ctx.storage);
  /** The room's parts, built by the room class from `room` and `alarms`. */
  protected abstract readonly parts: RoomParts;

  constructor(ctx: DurableObjectState, env: Bindings, migrations: MigrationBundle) {
    super(ctx, env);
    // Answered by the runtime without waking the object: keeps idle rooms hibernated.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair("ping", "pong"));
    // The room's own tables (its storage/schema.ts) at their newest version before anything else.
    migrateOnStart(ctx, migrations);
  }

  override async fetch(request: Request): Promise<Response> {
    return acceptRoomSocket(this.ctx, request);
  }

  override async webSocketMessage(ws: WebSocket, raw: string | ArrayBuffer) {
    await roomSocketMessage(ws, raw, this.parts);
  }

  override async alarm() {
    await this.alarms.run();
  }

  override async webSocketClose(ws: WebSocket, code: number) {
    roomSocketClosed(ws, code);
  }

  override async webSocketError(ws: WebSocket) {
    closeQuietly(ws, 1011);
  }

  /** How many sockets are open (tests and diagnostics). */
  async connectionCount(): Promise<number> {
    return this.ctx.getWebSockets().length;
  }
}
