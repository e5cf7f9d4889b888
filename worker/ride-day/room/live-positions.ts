// Ride day in the ride's room (docs/product.md#ride-day): live positions for the group only, the
// escoba, and "Me he quedado atrás". A fix passes through this object to the open sockets of the
// ride's participants that asked for the group map within the window ("live-join"); each rider's
// latest fix is kept in the object's own storage, never in D1, R2 or a log line. It is erased when
// she stops, leaves, is removed or blocked, and by the room's alarm when the window ends.
import { eq } from "drizzle-orm";
import type { ClientMessage, ServerMessage } from "../../../domain/chat-protocol.ts";
import {
  LEFT_BEHIND_EVERY_MS,
  type LeftBehindNotice,
  type LiveFix,
  leftBehindPush,
  POSITION_EVERY_MS,
} from "../../../domain/ride-day-live.ts";
import { rideDayOpen, rideDayWindow } from "../../../domain/time.ts";
import { type ObjectDatabase, objectDb, writtenOnFirstUse } from "../../db/durable-storage.ts";
import { excluded } from "../../db/sql.ts";
import { sendPush } from "../../push/send.ts";
import { type RoomAccess, socketAccess } from "../../ride-core/access.ts";
import type { PartAlarms, RoomContext, RoomSocketState } from "../../rooms/room-part.ts";
import { closeFor, send, trySend } from "../../rooms/room-sockets.ts";
import { leftBehindRecipients, liveRide, liveRoster } from "./live-queries.ts";
import { liveNotices, livePace, livePositions, liveStatements } from "./storage.ts";

export type LiveJob = "live-erase";

type LiveFrame = Extract<
  ClientMessage,
  { type: "live-join" | "position" | "position-stop" | "left-behind" }
>;

/** The room's per-socket state plus whether she opened the group map. */
interface LiveSocketState extends RoomSocketState {
  /** Sent "live-join" inside the window: receives the group's fixes until the window ends. */
  live?: true;
}

type Pace = "position" | "left-behind";
const PACE_MS: Record<Pace, number> = {
  position: POSITION_EVERY_MS,
  "left-behind": LEFT_BEHIND_EVERY_MS,
};

const RIDE_ID_KEY = "live:ride-id";

export class LivePositions {
  /**
   * The room's own tables: only the latest fix per rider; the pace per rider and kind; the
   * notices for the organizer and the escoba. All erased when the window ends (eraseAll).
   */
  private readonly roomDb: ObjectDatabase;
  /** Every fix's statements (her pace, her latest fix), written on the first one. */
  private readonly fixSql = writtenOnFirstUse(() => liveStatements(this.roomDb));

  constructor(
    private readonly room: RoomContext,
    private readonly alarms: PartAlarms<LiveJob>,
    /** Her first fix since she started sharing: her safety timer starts (safety-timer.ts). */
    private readonly onFirstFix: (rideId: string, userId: string) => Promise<void>,
  ) {
    this.roomDb = objectDb(room.ctx.storage);
  }

  private get db() {
    return this.room.db;
  }

  /** A ride-day frame from one of the room's sockets. Every one is authorized here. */
  async handle(ws: WebSocket, state: LiveSocketState, msg: LiveFrame): Promise<void> {
    switch (msg.type) {
      case "live-join":
        return this.join(ws, state);
      case "position":
        return this.position(ws, state, msg);
      case "position-stop":
        this.forgetFix(state.userId);
        return;
      case "left-behind":
        return this.leftBehind(ws, state, msg.position ?? null);
    }
  }

  private async join(ws: WebSocket, state: LiveSocketState) {
    const now = Date.now();
    const [ride, access, roster] = await Promise.all([
      liveRide(this.db, state.rideId),
      socketAccess(this.db, state.rideId, [state.sessionId], now),
      liveRoster(this.db, state.rideId, state.userId),
    ]);
    if (!this.allowed(ws, state, access)) return;
    if (!ride || ride.status === "cancelled" || !rideDayOpen(ride.startTime, now)) {
      ws.serializeAttachment({ ...state, live: undefined });
      send(ws, { type: "live-refused", of: "live-join", code: "window_closed" });
      return;
    }
    ws.serializeAttachment({ ...state, live: true });
    await this.armErase(state.rideId, ride.startTime);
    const visible = new Set(roster.map((r) => r.userId));
    const positions = this.fixes().filter((fix) => visible.has(fix.userId));
    const looksAfter = state.userId === ride.organizerId || state.userId === ride.sweeperId;
    const notices = looksAfter ? this.notices().filter((n) => visible.has(n.userId)) : [];
    send(ws, {
      type: "live-state",
      organizerId: ride.organizerId,
      sweeperId: ride.sweeperId,
      riders: roster,
      positions,
      notices,
    });
  }

  private async position(
    ws: WebSocket,
    state: LiveSocketState,
    msg: Extract<LiveFrame, { type: "position" }>,
  ) {
    const now = Date.now();
    // Taken before any await: two frames at once cannot both pass.
    if (!this.withinPace(state.userId, "position", now)) {
      send(ws, { type: "live-refused", of: "position", code: "rate_limited" });
      return;
    }
    const listeners = this.liveSockets();
    const sessions = [...new Set([state.sessionId, ...listeners.map(([, s]) => s.sessionId)])];
    const [ride, access] = await Promise.all([
      liveRide(this.db, state.rideId),
      socketAccess(this.db, state.rideId, sessions, now, [state.userId]),
    ]);
    if (!this.allowed(ws, state, access)) return;
    if (!ride || ride.status === "cancelled" || !rideDayOpen(ride.startTime, now)) {
      send(ws, { type: "live-refused", of: "position", code: "window_closed" });
      return;
    }
    const fix: LiveFix = {
      userId: state.userId,
      lat: msg.lat,
      lng: msg.lng,
      accuracy: msg.accuracy,
      at: new Date(now).toISOString(),
    };
    const statements = this.fixSql();
    const first = !statements.hasFix.get({ userId: fix.userId });
    statements.putFix.run({ ...fix, at: now });
    await this.armErase(state.rideId, ride.startTime);
    if (first) await this.onFirstFix(state.rideId, state.userId);
    const frame = JSON.stringify({ type: "live-position", fix } satisfies ServerMessage);
    trySend(ws, frame);
    for (const [socket, listener] of listeners) {
      if (socket === ws) continue;
      const verdict = access.verdict(listener.sessionId, "session_ended");
      if (verdict !== "ok") {
        closeFor(socket, verdict);
        continue;
      }
      if (access.hides(listener.sessionId, state.userId)) continue;
      trySend(socket, frame);
    }
  }

  private async leftBehind(
    ws: WebSocket,
    state: LiveSocketState,
    given: LeftBehindNotice["position"],
  ) {
    const now = Date.now();
    const [ride, access] = await Promise.all([
      liveRide(this.db, state.rideId),
      socketAccess(this.db, state.rideId, [state.sessionId], now),
    ]);
    if (!this.allowed(ws, state, access)) return;
    if (!ride || ride.status === "cancelled" || !rideDayOpen(ride.startTime, now)) {
      send(ws, { type: "live-refused", of: "left-behind", code: "window_closed" });
      return;
    }
    if (!this.withinPace(state.userId, "left-behind", now)) {
      send(ws, { type: "live-refused", of: "left-behind", code: "rate_limited" });
      return;
    }
    const candidates = [ride.organizerId, ride.sweeperId].filter((id): id is string => !!id);
    const { recipientIds, username } = await leftBehindRecipients(
      this.db,
      state.rideId,
      state.userId,
      candidates,
    );
    const kept = this.fixes().find((fix) => fix.userId === state.userId);
    const position =
      given ?? (kept ? { lat: kept.lat, lng: kept.lng, accuracy: kept.accuracy } : null);
    const notice: LeftBehindNotice = {
      userId: state.userId,
      username,
      position,
      at: new Date(now).toISOString(),
    };
    this.roomDb
      .insert(liveNotices)
      .values({
        userId: notice.userId,
        username: notice.username,
        lat: position?.lat ?? null,
        lng: position?.lng ?? null,
        accuracy: position?.accuracy ?? null,
        at: now,
      })
      .onConflictDoUpdate({
        target: liveNotices.userId,
        set: {
          username: excluded(liveNotices.username),
          lat: excluded(liveNotices.lat),
          lng: excluded(liveNotices.lng),
          accuracy: excluded(liveNotices.accuracy),
          at: excluded(liveNotices.at),
        },
      })
      .run();
    await this.armErase(state.rideId, ride.startTime);
    // Their open chats see it now (their sockets re-checked first); their devices get a push.
    const sockets = recipientIds.flatMap((id) => this.room.ctx.getWebSockets(id));
    const states = sockets.map((s) => s.deserializeAttachment() as LiveSocketState);
    const theirs = await socketAccess(
      this.db,
      state.rideId,
      [...new Set(states.map((s) => s.sessionId))],
      now,
    );
    const frame = JSON.stringify({ type: "left-behind", notice } satisfies ServerMessage);
    for (const [i, socket] of sockets.entries()) {
      const verdict = theirs.verdict(states[i]!.sessionId, "session_ended");
      if (verdict === "ok") trySend(socket, frame);
      else closeFor(socket, verdict);
    }
    this.room.ctx.waitUntil(
      sendPush(this.room.env, recipientIds, null, {
        payload: leftBehindPush({ id: state.rideId, title: ride.title }, username, !!position),
        ttl: 60 * 60,
        urgency: "high",
      }).catch((error: unknown) =>
        console.warn("ride room: left-behind push failed", String(error)),
      ),
    );
    send(ws, { type: "left-behind-sent", told: recipientIds.length });
  }

  // ---------- Erasure ----------

  /** Her fix is erased and her dot leaves every open map ("Dejar de compartir"). */
  forgetFix(userId: string) {
    this.roomDb.delete(livePositions).where(eq(livePositions.userId, userId)).run();
    this.broadcastLive({ type: "live-gone", userId });
  }

  /** She left, was removed or deleted her account: her fix, her notice and her pace go. */
  forgetRider(userId: string) {
    this.roomDb.delete(liveNotices).where(eq(liveNotices.userId, userId)).run();
    this.roomDb.delete(livePace).where(eq(livePace.userId, userId)).run();
    this.forgetFix(userId);
  }

  /**
   * Two riders of this ride blocked each other: both fixes and notices are erased (the next fix
   * of each reaches everyone but the other, see position()).
   */
  ridersBlocked(a: string, b: string) {
    this.forgetRider(a);
    this.forgetRider(b);
  }

  /** The organizer named another escoba (or none): open maps mark her. */
  sweeperChanged(sweeperId: string | null) {
    this.broadcastLive({ type: "live-sweeper", sweeperId });
  }

  /** The window ended: everything the ride day kept here is erased and the maps close. */
  async eraseAll() {
    this.roomDb.delete(livePositions).run();
    this.roomDb.delete(liveNotices).run();
    this.roomDb.delete(livePace).run();
    const frame = JSON.stringify({
      type: "live-refused",
      of: "live-join",
      code: "window_closed",
    } satisfies ServerMessage);
    for (const [socket, state] of this.liveSockets()) {
      socket.serializeAttachment({ ...state, live: undefined });
      trySend(socket, frame);
    }
  }

  /** What the object keeps (tests prove the erasures with it). */
  stored(): { positions: LiveFix[]; notices: LeftBehindNotice[] } {
    return { positions: this.fixes(), notices: this.notices() };
  }

  // ---------- Helpers ----------

  private allowed(ws: WebSocket, state: LiveSocketState, access: RoomAccess): boolean {
    const verdict = access.verdict(state.sessionId, "session_ended");
    if (verdict === "ok") return true;
    send(ws, { type: "live-refused", of: "live-join", code: "not_participant" });
    closeFor(ws, verdict);
    return false;
  }

  private withinPace(userId: string, kind: Pace, now: number): boolean {
    const statements = this.fixSql();
    const last = statements.paceAt.get({ userId, kind })?.at;
    if (last !== undefined && now - last < PACE_MS[kind]) return false;
    statements.setPace.run({ userId, kind, at: now });
    return true;
  }

  /** The erase runs when the window closes (an edited start moves it with the next fix). */
  private async armErase(rideId: string, startTime: number) {
    if ((await this.room.ctx.storage.get(RIDE_ID_KEY)) !== rideId) {
      await this.room.ctx.storage.put(RIDE_ID_KEY, rideId);
    }
    const at = rideDayWindow(startTime).closesAt;
    if ((await this.alarms.dueAt("live-erase")) !== at) await this.alarms.set("live-erase", at);
  }

  private liveSockets(): [WebSocket, LiveSocketState][] {
    return this.room.ctx.getWebSockets().flatMap((socket) => {
      const state = socket.deserializeAttachment() as LiveSocketState | null;
      return state?.live ? [[socket, state] as [WebSocket, LiveSocketState]] : [];
    });
  }

  private broadcastLive(frame: ServerMessage) {
    const data = JSON.stringify(frame);
    for (const [socket] of this.liveSockets()) trySend(socket, data);
  }

  private fixes(): LiveFix[] {
    return this.roomDb
      .select()
      .from(livePositions)
      .all()
      .map((row) => ({ ...row, at: new Date(row.at).toISOString() }));
  }

  private notices(): LeftBehindNotice[] {
    return this.roomDb
      .select()
      .from(liveNotices)
      .all()
      .map((row) => ({
        userId: row.userId,
        username: row.username,
        position:
          row.lat === null || row.lng === null
            ? null
            : { lat: row.lat, lng: row.lng, accuracy: row.accuracy ?? 0 },
        at: new Date(row.at).toISOString(),
      }));
  }
}
