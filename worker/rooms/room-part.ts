// A ride's room (RideRoom, one Durable Object per ride) is made of parts: the chat, the ride day,
// the reminders, the roster push, the share image and the forecast
// (docs/decisions/0052-the-ride-room-made-of-parts.md). A part owns its tables in the room's
// storage, the logic behind its RPC methods, the socket frames it answers and its alarm jobs. The
// room builds the parts, hands each frame to the part that answers it and each due job to the
// part that owns it. This file is what a part sees of the room and what the room asks of a part;
// it lives below the features so that chat/ and ride-day/ can build their parts.
import type { ClientMessage } from "../../domain/chat-protocol.ts";
import type { ErrorCode } from "../../domain/errors.ts";
import { createDb } from "../db/client.ts";
import type { Bindings, Database } from "../env.ts";

/** A socket's identity, kept across hibernation (small: well under the 2 KiB attachment limit). */
export interface RoomSocketState {
  rideId: string;
  userId: string;
  /** The sessions row (hashed token) she opened it with: re-checked before she reads more. */
  sessionId: string;
}

/** What a part reads of the room it is in. */
export interface RoomContext {
  readonly ctx: DurableObjectState;
  /** The room's bindings, read on each use: a test may swap them for a counting or faulty D1. */
  readonly env: Bindings;
  /** D1 through drizzle, on `env`'s binding at the moment of use. */
  readonly db: Database;
}

export function roomContext(ctx: DurableObjectState, env: () => Bindings): RoomContext {
  return {
    ctx,
    get env() {
      return env();
    },
    get db() {
      return createDb(env().DB);
    },
  };
}

/** An alarm job: runs once its time has come, given the time the alarm ran at. */
export type AlarmJob = (now: number) => Promise<void>;

/** A part's hold on the room's one alarm: the due times of its own jobs. */
export interface PartAlarms<Kind extends string> {
  /** Runs job `kind` at `at` (replacing the time it had). */
  set(kind: Kind, at: number): Promise<void>;
  /** Sets `kind` at `at` unless it is already due sooner. */
  setNoLaterThan(kind: Kind, at: number): Promise<void>;
  clear(kind: Kind): Promise<void>;
  dueAt(kind: Kind): Promise<number | undefined>;
}

/** The room's alarm as a part meets it: the part registers its jobs and gets their handle. */
export interface RoomScheduler {
  /** `part`'s jobs by kind. A kind belongs to one part of the room: a second claim throws. */
  register<Kind extends string>(part: string, jobs: Record<Kind, AlarmJob>): PartAlarms<Kind>;
}

type FrameOf<T extends ClientMessage["type"]> = Extract<ClientMessage, { type: T }>;

/** The client frames a part answers, each with its handler. */
export type FrameHandlers = {
  [T in ClientMessage["type"]]?: (
    ws: WebSocket,
    state: RoomSocketState,
    frame: FrameOf<T>,
  ) => Promise<void>;
};

/** What the room asks of a part; a part has only what it needs. */
export interface RoomPart {
  /** Its name, in errors. */
  readonly name: string;
  /** The socket frames it answers. A frame type belongs to one part: a second claim throws. */
  readonly frames?: FrameHandlers;
  /** One of its frames failed (D1 unavailable…): its answer, instead of the room's error frame. */
  frameFailed?(ws: WebSocket, frame: ClientMessage, code: ErrorCode): void;
  /** She left the ride, was removed or deleted her account: what the part keeps of her goes. */
  riderLeft?(userId: string): void;
  /** Her account was deleted (after riderLeft): what it keeps of her even across a leave goes. */
  accountDeleted?(userId: string): void;
  /** The ride was cancelled or deleted. */
  rideCalledOff?(rideId: string): Promise<void>;
}

const PUSH_RIDE_KEY = "push:ride-id";

/**
 * The ride a room's pushes are for. An alarm comes without a request, so the room learns its ride
 * from the first call that names it; the parts that push (the chat, the reminders, the roster)
 * share it under the key rooms have always kept it in.
 */
export const pushRide = {
  async remember(storage: DurableObjectStorage, rideId: string) {
    if ((await storage.get(PUSH_RIDE_KEY)) !== rideId) await storage.put(PUSH_RIDE_KEY, rideId);
  },
  get(storage: DurableObjectStorage): Promise<string | undefined> {
    return storage.get<string>(PUSH_RIDE_KEY);
  },
};
