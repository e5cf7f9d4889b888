import { env } from "cloudflare:workers";
import { normalizeText } from "../../../domain/cities.ts";
import type { Level, Modality } from "../../../domain/constants.ts";
import { normalizeUsernameKey, usernameSkeleton } from "../../../domain/username.ts";
import { createSession, SESSION_COOKIE } from "../../../worker/auth/session.ts";
import { generateId } from "../../../worker/auth/tokens.ts";
import { createDb } from "../../../worker/db/client.ts";
import { profiles, rideParticipants, rides, users } from "../../../worker/db/schema.ts";
import { Browser } from "./http.ts";

export const db = () => createDb(env.DB);

let counter = 0;
const next = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

// No two of these letters share a username skeleton (no i/l, o, m, r, n): distinct names stay
// distinct look-alike-wise too (DESIGN.md decision 19).
const NAME_LETTERS = "abcdefghjkpqstuvwxyz";
let named = 0;
/** A name no other of this run looks like: the time and a counter in NAME_LETTERS, ≤ 14 letters. */
function distinctName(): string {
  const letters = (n: number) => {
    let out = "";
    do {
      out = NAME_LETTERS[n % NAME_LETTERS.length] + out;
      n = Math.floor(n / NAME_LETTERS.length);
    } while (n > 0);
    return out;
  };
  return `${letters(Date.now() % 20 ** 9)}${letters(named++)}`;
}

export interface UserOptions {
  email?: string;
  username?: string | null;
  city?: string;
  modalities?: Modality[];
  passwordHash?: string | null;
}

/** A user, with a profile unless username is null. */
export async function createUser(options: UserOptions = {}) {
  const id = generateId();
  const suffix = next();
  const email = options.email ?? `rider${suffix}@example.com`;
  await db()
    .insert(users)
    .values({ id, email, passwordHash: options.passwordHash ?? null });
  const username = options.username === undefined ? `rider_${distinctName()}` : options.username;
  if (username) {
    await db()
      .insert(profiles)
      .values({
        userId: id,
        username,
        usernameKey: normalizeUsernameKey(username),
        usernameSkeleton: usernameSkeleton(username),
        city: options.city ?? "Madrid",
        modalities: options.modalities ?? ["road"],
      });
  }
  return { id, email, username };
}

/** A signed-in browser for a new (or given) user. */
export async function signedIn(options: UserOptions = {}) {
  const user = await createUser(options);
  const browser = new Browser();
  const { token } = await createSession(db(), user.id);
  browser.cookies.set(SESSION_COOKIE, token);
  return { user, browser };
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
}

/** A ride with its organizer (and any given participants) joined. */
export async function createRide(options: RideOptions) {
  const id = generateId();
  const title = options.title ?? `Salida ${next()}`;
  const city = options.city ?? "Madrid";
  const modalities = options.modalities ?? ["road"];
  await db()
    .insert(rides)
    .values({
      id,
      title,
      city,
      cityKey: normalizeText(city),
      searchText: normalizeText(`${title} ${city}`),
      startTime: Date.now() + (options.startsIn ?? 48 * HOUR),
      maxParticipants: options.maxParticipants ?? null,
      modality: modalities[0]!,
      modalities,
      level: options.level ?? "chill",
      meetingPoint: "Puerta del Sol",
      meetingLat: options.pin?.lat ?? null,
      meetingLon: options.pin?.lon ?? null,
      routeKm: 40,
      routeElev: 300,
      organizerId: options.organizerId,
      status: options.status ?? "published",
      cancelledAt: options.status === "cancelled" ? Date.now() : null,
    });
  const members = [options.organizerId, ...(options.participants ?? [])];
  await db()
    .insert(rideParticipants)
    .values(members.map((userId) => ({ rideId: id, userId })));
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

export { HOUR };
