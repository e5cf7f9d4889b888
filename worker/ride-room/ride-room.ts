// One Durable Object per ride, made of parts (docs/decisions/0052-the-ride-room-made-of-parts.md,
// worker/rooms/room-part.ts): the chat (worker/chat/room/), the ride day (worker/ride-day/room/),
// the reminders and the roster push (here), the share image (worker/share/stored-image.ts) and the
// forecast (worker/weather/forecast.ts). This class builds them; the sockets, the alarm and the
// storage's migration are every room's (worker/rooms/room-object.ts); its RPC methods, which must
// stay on the class for the stubs' types, delegate.
import type { ChatMessage, ServerMessage } from "../../domain/chat-protocol.ts";
import { ChatRoom } from "../chat/room/chat-room.ts";
import type { Bindings } from "../env.ts";
import { socketAccess } from "../ride-core/access.ts";
import { RideDay, type RideDayAnswer, type RideDayCommand } from "../ride-day/room/ride-day.ts";
import type { RideDayJob } from "../ride-day/room/safety-timer.ts";
import { RoomObject } from "../rooms/room-object.ts";
import { RoomParts } from "../rooms/room-parts.ts";
import {
  closeFor,
  closeRiderSockets,
  recheckRiderSockets,
  trySend,
} from "../rooms/room-sockets.ts";
import { type CurrentPreviewImage, PreviewImageDrawer } from "../share/stored-image.ts";
import { type ForecastRide, RideForecasts } from "../weather/forecast.ts";
import { Reminders } from "./reminders.ts";
import { RosterPush } from "./roster-push.ts";
import roomMigrations from "./storage/migrations/migrations.js";

/**
 * The worker authenticates a socket's upgrade and checks membership before forwarding it here.
 * D1 is the system of record (docs/decisions/0011-ride-chat.md), so evicting this object loses
 * nothing.
 */
export class RideRoom extends RoomObject {
  /** The forecast at the start: one provider call per hour, however many ask at once. */
  private readonly forecasts = new RideForecasts(this.env);
  /** The ride's share image: one drawing per version, whoever asks. */
  private readonly previewImages = new PreviewImageDrawer(this.env);
  private readonly chat = new ChatRoom(this.room, this.alarms);
  private readonly reminders = new Reminders(this.room, this.alarms, this.forecasts);
  private readonly roster = new RosterPush(this.room, this.alarms);
  private readonly rideDay = new RideDay(this.room, this.alarms);
  /** In this order when a rider goes or the ride is called off. */
  protected readonly parts = new RoomParts([this.chat, this.reminders, this.roster, this.rideDay]);

  constructor(ctx: DurableObjectState, env: Bindings) {
    super(ctx, env, roomMigrations);
  }

  // ---------- RPC for the rest of the worker ----------

  /** Stores and broadcasts a system notice (edit, cancellation). */
  async postSystemMessage(rideId: string, text: string): Promise<ChatMessage | null> {
    return this.chat.postSystemMessage(rideId, text);
  }

  /**
   * A message already stored in D1 by someone else's transaction (the rides API writes the
   * edit notice in the same batch as the edit): broadcast it and update the badges.
   */
  async announceStoredMessage(rideId: string, messageId: string): Promise<boolean> {
    return this.chat.announceStoredMessage(rideId, messageId);
  }

  /**
   * A moderator hid one of the room's messages (already marked in D1): every open chat swaps
   * its copy for 'Mensaje ocultado por moderación' at once. Returns whether the message exists.
   */
  async messageHidden(rideId: string, messageId: string): Promise<boolean> {
    return this.chat.messageHidden(rideId, messageId);
  }

  /** The ride's current share image, drawn here at most once per version; null: no such ride. */
  async sharePreviewImage(rideId: string): Promise<CurrentPreviewImage | null> {
    return this.previewImages.current(rideId);
  }

  /** The forecast at the ride's start (worker/weather/routes.ts); null when there is none. */
  async forecast(ride: ForecastRide) {
    return this.forecasts.forecast(ride, Date.now());
  }

  /** She joined the ride: tell the room (and, in a while, the organizer). */
  async participantJoined(userId: string, rideId?: string, startTime?: number): Promise<void> {
    this.broadcast({ type: "participant", event: "joined", userId });
    if (!rideId) return;
    await this.roster.changed(rideId, userId, "joined", Date.now());
    // Rides from before reminders existed get theirs with their first new rider.
    if (startTime !== undefined) await this.reminders.schedule(rideId, startTime, Date.now());
  }

  /** She left the ride: close her sockets and tell the room (and, in a while, the organizer). */
  async participantLeft(userId: string, rideId?: string): Promise<void> {
    for (const socket of this.ctx.getWebSockets(userId)) {
      closeFor(socket, "not_participant");
    }
    this.forgetRider(userId);
    if (rideId) await this.roster.changed(rideId, userId, "left", Date.now());
  }

  /**
   * Her account was deleted (worker/account/routes.ts): the room forgets her as when she leaves,
   * at once rather than when the window's or the ride day's erasure comes. No roster push: her
   * departure is the deletion's, not news for the organizer.
   */
  async accountDeleted(userId: string): Promise<void> {
    for (const socket of this.ctx.getWebSockets(userId)) {
      closeFor(socket, "session_ended");
    }
    this.forgetRider(userId);
    this.parts.accountDeleted(userId);
  }

  /**
   * Every part forgets her and open chats see her leave. Leaving, removal and account deletion
   * share it, so what one erases the others do too (ADR 0039, 0040). Her chat pace stays:
   * leaving and joining again must not buy a fresh minute of messages (ADR 0019).
   */
  private forgetRider(userId: string) {
    this.parts.riderLeft(userId);
    this.broadcast({ type: "participant", event: "left", userId });
  }

  /** The ride was created or its start changed: the reminder goes 2 hours before it. */
  async scheduleReminder(rideId: string, startTime: number): Promise<void> {
    await this.reminders.schedule(rideId, startTime, Date.now());
  }

  /** The ride was cancelled or deleted: no reminder, and no ride day (it has no window). */
  async rideCalledOff(rideId: string): Promise<void> {
    await this.parts.rideCalledOff(rideId);
  }

  /**
   * Some of her sessions ended (her UserHub asks, ADR 0020): her sockets here are checked again
   * in D1 now, and closed if their session or her participation is gone. Returns how many of
   * hers stay open.
   */
  async recheckRider(userId: string): Promise<number> {
    return recheckRiderSockets(this.ctx, userId, (rideId, sessions) =>
      socketAccess(this.room.db, rideId, sessions, Date.now()),
    );
  }

  /**
   * Closes her sockets in this room at once: all of them, or those opened with `sessionIds`
   * (see worker/rooms/close-sockets.ts). Returns how many were closed.
   */
  async closeUserSockets(
    userId: string,
    reason: "session_ended" | "suspended",
    sessionIds?: string[],
  ): Promise<number> {
    return closeRiderSockets(this.ctx, userId, reason, sessionIds);
  }

  /** Two of the room's riders blocked each other: their live positions are erased. */
  async ridersBlocked(a: string, b: string): Promise<void> {
    this.rideDay.ridersBlocked(a, b);
  }

  /** The organizer named another escoba (or none): open group maps mark her. */
  async sweeperChanged(sweeperId: string | null): Promise<void> {
    this.rideDay.sweeperChanged(sweeperId);
  }

  /** What the ride day keeps here (tests prove every erasure with it). */
  async liveStored() {
    return this.rideDay.liveStored();
  }

  /** The ride day's check-ins, arrivals and timer switch (worker/ride-day/routes.ts). */
  async rideDayCommand(command: RideDayCommand): Promise<RideDayAnswer> {
    return this.rideDay.command(command, Date.now());
  }

  /** She started the ride (shared her position): her safety timer runs (docs/product.md#check-in-and-arrivals). */
  async markStarted(rideId: string, userId: string): Promise<void> {
    await this.rideDay.markStarted(rideId, userId);
  }

  /**
   * DEV ONLY (worker/dev/ride-day.ts): runs a ride-day alarm job as if its time had come: on the
   * room's clock at the job's due time when that is ahead (a rider's question comes an hour
   * after her late check-in, her organizer's word an hour after the question), else now.
   */
  async runRideDayJobNow(job: RideDayJob): Promise<void> {
    await this.alarms.runNow(job);
  }

  private broadcast(frame: ServerMessage) {
    const data = JSON.stringify(frame);
    for (const socket of this.ctx.getWebSockets()) trySend(socket, data);
  }
}
