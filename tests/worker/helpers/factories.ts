import { env } from "cloudflare:workers";
import type { BatchItem } from "drizzle-orm/batch";
import { cityTimeZone, normalizeText } from "../../../domain/cities.ts";
import type { JoinMode, Level, Modality } from "../../../domain/constants.ts";
import { approximateCentre } from "../../../domain/meeting-area.ts";
import { normalizeUsernameKey, usernameSkeleton } from "../../../domain/username.ts";
import { createDb } from "../../../worker/db/client.ts";
import { profiles, rideParticipants, rides, sessions, users } from "../../../worker/db/schema.ts";
import type { Database } from "../../../worker/env.ts";
import { newSession, SESSION_COOKIE } from "../../../worker/sessions/session.ts";
import { generateId } from "../../../worker/sessions/tokens.ts";
import { inLetters } from "../../support/distinct-names.ts";
import { Browser } from "./http.ts";

let drizzleOf: { d1: D1Database; db: Database } | undefined;
/** drizzle over the tests' D1, built once per binding (building it walks the whole schema). */
export function db(): Database {
  if (drizzleOf?.d1 !== env.DB) drizzleOf = { d1: env.DB, db: createDb(env.DB) };
  return drizzleOf.db;
}

let counter = 0;
const next = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

let named = 0;
/** A name no other of this run looks like: the time and a counter in letters, ≤ 13 letters. */
function distinctName(): string {
  return `${inLetters(Date.now())}${inLetters(named++)}`;
}

export interface UserOptions {
  email?: string;
  username?: string | null;
  city?: string;
  modalities?: Modality[];
  passwordHash?: string | null;
}

/** A user's rows, with a profile unless username is null, to be written in one batch. */
function userRows(options: UserOptions) {
  const id = generateId();
  const suffix = next();
  const email = options.email ?? `rider${suffix}@example.com`;
  const username = options.username === undefined ? `rider_${distinctName()}` : options.username;
  const inserts: [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]] = [
    db()
      .insert(users)
      .values({ id, email, passwordHash: options.passwordHash ?? null }),
  ];
  if (username) {
    inserts.push(
      db()
        .insert(profiles)
        .values({
          userId: id,
          username,
          usernameKey: normalizeUsernameKey(username),
          usernameSkeleton: usernameSkeleton(username),
          city: options.city ?? "Madrid",
          modalities: options.modalities ?? ["road"],
        }),
    );
  }
  return { user: { id, email, username }, inserts };
}

// Each helper writes its rows in one D1 batch: one round trip instead of one per row (the
// authorization matrix alone builds thousands of riders).

/** A user, with a profile unless username is null. */
export async function createUser(options: UserOptions = {}) {
  const { user, inserts } = userRows(options);
  await db().batch(inserts);
  return user;
}

/** A signed-in browser for a new (or given) user. */
export async function signedIn(options: UserOptions = {}) {
  const [rider] = await signedInMany([options]);
  return rider;
}

type SignedIn = { user: ReturnType<typeof userRows>["user"]; browser: Browser };

/** A signed-in browser for each of several new users, all written in one batch. */
export async function signedInMany<const T extends readonly UserOptions[]>(
  optionsList: T,
): Promise<{ [K in keyof T]: SignedIn }> {
  const riders = optionsList.map((options) => {
    const { user, inserts } = userRows(options);
    const { token, id, expiresAt } = newSession();
    const session = db()
      .insert(sessions)
      .values({ id, userId: user.id, expiresAt, createdAt: Date.now() });
    const browser = new Browser();
    browser.cookies.set(SESSION_COOKIE, token);
    return { rider: { user, browser }, rows: [...inserts, session] };
  });
  const [first, ...rest] = riders.flatMap(({ rows }) => rows);
  if (first) await db().batch([first, ...rest]);
  return riders.map(({ rider }) => rider) as { [K in keyof T]: SignedIn };
}

const HOUR = 60 * 60 * 1000;

export interface RideOptions {
  organizerId: string;
  /** Start relative to now, in ms (negative: already started). Default: in 2 days. */
  startsIn?: number;
  title?: string;
  city?: string;
  level?: Level;
  modalities?: Modality[];
  maxParticipants?: number | null;
  status?: "published" | "cancelled" | "closed" | "completed";
  participants?: string[];
  /** The meeting pin ('Cerca de mí' orders by it); none by default. */
  pin?: { lat: number; lon: number };
  /** '¿Quién puede unirse?'; 'open' by default. */
  joinMode?: JoinMode;
  /** The approximate area's centre; drawn from the pin when not given. */
  area?: { lat: number; lon: number };
  /** Its stored clock; the city's by default (as the migration backfilled). */
  timeZone?: string;
}

/** A ride with its organizer (and any given participants) joined. */
export async function createRide(options: RideOptions) {
  const id = generateId();
  const title = options.title ?? `Salida ${next()}`;
  const city = options.city ?? "Madrid";
  const modalities = options.modalities ?? ["road"];
  const area = options.area ?? (options.pin ? approximateCentre(options.pin, Math.random) : null);
  const ride = db()
    .insert(rides)
    .values({
      id,
      title,
      city,
      cityKey: normalizeText(city),
      searchText: normalizeText(`${title} ${city}`),
      startTime: Date.now() + (options.startsIn ?? 48 * HOUR),
      timeZone: options.timeZone ?? cityTimeZone(city),
      maxParticipants: options.maxParticipants ?? null,
      modality: modalities[0]!,
      modalities,
      level: options.level ?? "chill",
      meetingPoint: "Puerta del Sol",
      meetingLat: options.pin?.lat ?? null,
      meetingLon: options.pin?.lon ?? null,
      joinMode: options.joinMode ?? "open",
      meetingAreaLat: area?.lat ?? null,
      meetingAreaLon: area?.lon ?? null,
      routeKm: 40,
      routeElev: 300,
      organizerId: options.organizerId,
      status: options.status ?? "published",
      cancelledAt: options.status === "cancelled" ? Date.now() : null,
    });
  const members = [options.organizerId, ...(options.participants ?? [])];
  const participants = db()
    .insert(rideParticipants)
    .values(members.map((userId) => ({ rideId: id, userId })));
  await db().batch([ride, participants]);
  return { id, title, city };
}

/** Ana organises, Bea has joined (a ride in two days unless told otherwise). */
export async function rideWithTwo(options: Omit<RideOptions, "organizerId" | "participants"> = {}) {
  const ana = await signedIn();
  const bea = await signedIn();
  const ride = await createRide({
    organizerId: ana.user.id,
    participants: [bea.user.id],
    ...options,
  });
  return { ana, bea, ride };
}

/** Ana's ride with Bea and Cris in it, each signed in. */
export async function rideWithThree(
  options: Omit<RideOptions, "organizerId" | "participants"> = {},
) {
  const [ana, bea, cris] = [await signedIn(), await signedIn(), await signedIn()];
  const ride = await createRide({
    organizerId: ana.user.id,
    participants: [bea.user.id, cris.user.id],
    ...options,
  });
  return { ana, bea, cris, ride };
}

export { HOUR };
