// Bench dataset: 20,000 riders with profiles, 50,000 rides over 30 cities (a year of past rides
// and three months ahead, every status, each with a meeting pin within ~20 km of its city),
// 300,000 participations within each ride's capacity (organizer always in), chat messages on
// recent and upcoming rides, plus what the load run needs: 200 signed-in riders and 50 upcoming
// small rides. Deterministic for a seed: the same rows every run, with times relative to `now`.
import { CITIES, normalizeText } from "../../domain/cities.ts";
import { cityCentre } from "../../domain/city-centres.ts";
import {
  AVATAR_KEYS,
  LEVELS,
  MAX_PARTICIPANTS,
  MODALITIES,
  OFFERED_SOCIAL_TAGS,
} from "../../domain/constants.ts";
import { groupNameSkeleton, groupSlugBase } from "../../domain/groups.ts";
import { capacityOf } from "../../domain/time.ts";
import { normalizeUsernameKey, validateUsername } from "../../domain/username.ts";
import { hashToken } from "../../worker/sessions/tokens.ts";
import { inLetters } from "../support/distinct-names.ts";

export const DATASET_SIZE = {
  users: 20_000,
  rides: 50_000,
  participations: 300_000,
  cities: 30,
  loadUsers: 1_000,
  loadRides: 200,
  /** Grupos ('Grupos' in the search), each with 1 to ~80 members of its city. */
  groups: 1_500,
} as const;

export type DatasetSize = { readonly [K in keyof typeof DATASET_SIZE]: number };

/** `npm run bench -- --smoke`: the same shape, small enough to load in seconds (CI). */
export const SMOKE_DATASET_SIZE: DatasetSize = {
  users: 600,
  rides: 500,
  participations: 2_000,
  cities: 30,
  loadUsers: 20,
  loadRides: 5,
  groups: 40,
};

/** 30 cities of domain/cities.ts, biggest first: riders and rides follow a Zipf-like spread. */
export const BENCH_CITIES = [
  "Madrid",
  "Barcelona",
  "Valencia",
  "Sevilla",
  "Zaragoza",
  "Málaga",
  "Murcia",
  "Palma",
  "Las Palmas de Gran Canaria",
  "Bilbao",
  "Alicante",
  "Córdoba",
  "Valladolid",
  "Vitoria-Gasteiz",
  "A Coruña",
  "Granada",
  "Oviedo",
  "Pamplona",
  "Santander",
  "San Sebastián",
  "Salamanca",
  "Logroño",
  "Girona",
  "Tarragona",
  "León",
  "Cádiz",
  "Jaén",
  "Huesca",
  "Toledo",
  "Burgos",
] as const;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const PAST_SHARE = 0.6;
const PAST_SPAN = 365 * DAY;
const FUTURE_SPAN = 90 * DAY;

type Value = string | number | null;

export interface TableRows {
  table: string;
  columns: string[];
  rows: Value[][];
}

export interface BenchRider {
  userId: string;
  /** Session cookie value ("rodamos_session=…"). */
  cookie: string;
}

/** Rider 0, the viewer of the latency benchmarks, has this profile (her search defaults). */
export const VIEWER_PROFILE = { city: "Madrid", modalities: ["road", "gravel"] } as const;

export interface Dataset {
  tables: TableRows[];
  /** The signed-in rider of the latency benchmarks: in ~300 rides, so her chat list is long. */
  viewer: BenchRider;
  /**
   * A rider who blocked two Madrid riders: every ride she may see is checked against her blocks
   * ('Cerca de mí' for her is a bench row of its own).
   */
  blocker: BenchRider;
  /** Riders of the load run (each with her own session). */
  loadRiders: BenchRider[];
  /** Upcoming rides of the load run, small capacities so joins contend. */
  loadRides: { id: string; organizerId: string }[];
  /** The largest group's address (its page is a bench row: the most members to read). */
  largestGroupSlug: string;
  counts: Record<string, number>;
}

/** mulberry32: small, fast and good enough to make the dataset (and the load run) reproducible. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const chance = (p: number) => next() < p;
  /** Up to `max` distinct items (at least one), in list order. */
  const someOf = <T>(list: readonly T[], max: number): T[] => {
    const n = int(1, max);
    const chosen = new Set<T>();
    while (chosen.size < n) chosen.add(pick(list));
    return list.filter((item) => chosen.has(item));
  };
  return { next, int, pick, chance, someOf };
}

export type Random = ReturnType<typeof prng>;

/** Index into `weights` drawn proportionally to them (cumulative table + binary search). */
function weightedPicker(weights: number[], random: Random) {
  const cumulative: number[] = [];
  let total = 0;
  for (const w of weights) {
    total += w;
    cumulative.push(total);
  }
  return () => {
    const x = random.next() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! > x) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  };
}

const FIRST_NAMES = [
  "Ana",
  "Lucía",
  "Marta",
  "Carmen",
  "Sofía",
  "Elena",
  "Laura",
  "Paula",
  "Irene",
  "Nuria",
  "Inés",
  "Alba",
  "Clara",
  "Sara",
  "Noelia",
  "Begoña",
  "Ainhoa",
  "Montse",
  "Rocío",
  "Julia",
  "Marina",
  "Teresa",
  "Aitana",
  "Maider",
  "Núria",
  "Xana",
  "Uxía",
  "Pilar",
  "Raquel",
  "Olga",
];
const NAME_TAILS = [
  "",
  "_bici",
  "Pedal",
  "Ruta",
  "Gravel",
  "BTT",
  "Road",
  "_rueda",
  "Sube",
  "Chill",
];

/** Unique by construction (the index is part of it); checked against the product's rules. */
function usernameFor(index: number, random: Random): string {
  const name = `${random.pick(FIRST_NAMES)}${random.pick(NAME_TAILS)}${index}`;
  return validateUsername(name).ok ? name : `Ciclista${index}`;
}

const TITLE_STARTS = ["Rodada", "Salida", "Grupeta", "Ruta", "Vuelta", "Escapada", "Subida"];
const TITLE_ENDS = [
  "por la sierra",
  "al pantano",
  "por la costa",
  "de los miradores",
  "al puerto",
  "junto al río",
  "entre viñedos",
  "al amanecer",
  "con parada de café",
  "de domingo",
  "por caminos de tierra",
  "a la ermita",
  "hasta el faro",
  "por el valle",
  "sin prisas",
];
const MEETING_POINTS = [
  "Plaza Mayor",
  "Estación de tren",
  "Parque del río",
  "Puerta del ayuntamiento",
  "Bici-café del centro",
];
const DESCRIPTIONS = [
  null,
  "Ritmo tranquilo, nadie se queda atrás.",
  "Llevad agua y cámara de repuesto.",
  "Paramos a mitad de ruta para almorzar.",
];
const MESSAGES = [
  "¡Hola! ¿Quién viene?",
  "Yo llevo bomba de aire.",
  "¿Salimos puntuales?",
  "Qué ganas de rodar 🚴‍♀️",
  "Previsión de sol, perfecto.",
  "Os espero en el punto de encuentro.",
];
const CANCEL_REASONS = ["Previsión de lluvia fuerte", "La organizadora está lesionada", null];

const userId = (i: number) => `bench-u${String(i).padStart(5, "0")}`;

const rideId = (i: number) => `bench-r${String(i).padStart(5, "0")}`;

export function generateDataset(
  now: number,
  seed = 20_261_122,
  size: DatasetSize = DATASET_SIZE,
): Dataset {
  for (const city of BENCH_CITIES) {
    if (!CITIES.includes(city)) throw new Error(`${city} is not in domain/cities.ts`);
  }
  const random = prng(seed);
  // Meeting pins come from a stream of their own: the rest of the dataset is the same as before
  // rides had pins, so earlier runs stay comparable.
  const pinRandom = prng(seed ^ 0x5eed);
  /** A pin within ~20 km of the city's centre ('Cerca de mí' reads them). */
  const meetingPin = (city: string): [number, number] => {
    const centre = cityCentre(city);
    if (!centre) throw new Error(`${city} has no centre in domain/city-centres.ts`);
    return [
      Math.round((centre[0] + (pinRandom.next() - 0.5) * 0.36) * 1e5) / 1e5,
      Math.round((centre[1] + (pinRandom.next() - 0.5) * 0.46) * 1e5) / 1e5,
    ];
  };
  const pickCity = weightedPicker(
    BENCH_CITIES.map((_, rank) => 1 / (rank + 1) ** 0.8),
    random,
  );

  // ---------- Riders ----------
  const users: Value[][] = [];
  const profiles: Value[][] = [];
  const ridersByCity: number[][] = BENCH_CITIES.map(() => []);
  const usernames = new Set<string>();
  for (let i = 0; i < size.users; i++) {
    const drawn = pickCity();
    const city = i === 0 ? BENCH_CITIES.indexOf(VIEWER_PROFILE.city) : drawn;
    ridersByCity[city]!.push(i);
    const createdAt = now - PAST_SPAN - random.int(1, 200) * DAY;
    const username = usernameFor(i, random);
    const key = normalizeUsernameKey(username);
    if (usernames.has(key)) throw new Error(`duplicate username ${username}`);
    usernames.add(key);
    users.push([userId(i), `rider${i}@bench.rodamos.test`, createdAt]);
    profiles.push([
      userId(i),
      username,
      key,
      BENCH_CITIES[city]!,
      JSON.stringify(i === 0 ? VIEWER_PROFILE.modalities : random.someOf(MODALITIES, 2)),
      random.pick(AVATAR_KEYS),
      createdAt,
    ]);
  }

  // ---------- Rides ----------
  interface RidePlan {
    id: string;
    city: number;
    start: number;
    createdAt: number;
    capacity: number;
    organizer: number;
    status: string;
    members: number;
  }
  const plans: RidePlan[] = [];
  const rides: Value[][] = [];
  for (let i = 0; i < size.rides; i++) {
    const city = pickCity();
    const past = random.chance(PAST_SHARE);
    const start = past ? now - random.int(HOUR, PAST_SPAN) : now + random.int(HOUR, FUTURE_SPAN);
    const createdAt = Math.min(now, start) - random.int(HOUR, 30 * DAY);
    const x = random.next();
    // Past rides mostly end up completed; some were never closed, some were called off.
    const status = past
      ? x < 0.75
        ? "completed"
        : x < 0.92
          ? "published"
          : "cancelled"
      : x < 0.92
        ? "published"
        : x < 0.97
          ? "cancelled"
          : "closed";
    const maxParticipants = random.chance(0.25) ? null : random.int(4, MAX_PARTICIPANTS);
    const pool = ridersByCity[city]!;
    const organizer = pool[random.int(0, pool.length - 1)]!;
    const title = `${random.pick(TITLE_STARTS)} ${random.pick(TITLE_ENDS)}`;
    const cityName = BENCH_CITIES[city]!;
    const modalities = random.someOf(MODALITIES, 2);
    const cancelled = status === "cancelled";
    rides.push([
      rideId(i),
      title,
      random.pick(DESCRIPTIONS),
      cityName,
      normalizeText(cityName),
      normalizeText(`${title} ${cityName}`),
      start,
      maxParticipants,
      modalities[0]!,
      JSON.stringify(modalities),
      random.pick(LEVELS),
      JSON.stringify(random.chance(0.5) ? random.someOf(OFFERED_SOCIAL_TAGS, 2) : []),
      random.int(15, 150),
      random.int(50, 2500),
      `${random.pick(MEETING_POINTS)}, ${cityName}`,
      ...meetingPin(cityName),
      userId(organizer),
      status,
      cancelled ? Math.min(now, start) - random.int(HOUR, 2 * DAY) : null,
      cancelled ? random.pick(CANCEL_REASONS) : null,
      createdAt,
    ]);
    plans.push({
      id: rideId(i),
      city,
      start,
      createdAt,
      capacity: capacityOf(maxParticipants),
      organizer,
      status,
      // Skewed towards small groups, then adjusted to the exact total below.
      members: 1 + Math.floor(random.next() ** 1.6 * capacityOf(maxParticipants)),
    });
  }

  // Exactly size.participations, each ride within 1..capacity.
  let total = plans.reduce((sum, p) => sum + Math.min(p.members, p.capacity), 0);
  for (const p of plans) p.members = Math.min(p.members, p.capacity);
  while (total !== size.participations) {
    const p = plans[random.int(0, plans.length - 1)]!;
    if (total < size.participations && p.members < p.capacity) {
      p.members++;
      total++;
    } else if (total > size.participations && p.members > 1) {
      p.members--;
      total--;
    }
  }

  // The viewer (rider 0) is in every 150th ride: ~330 rides, ~130 of them still chat candidates.
  const viewerIndex = 0;
  const participants: Value[][] = [];
  const messages: Value[][] = [];
  let messageCount = 0;
  for (const [i, p] of plans.entries()) {
    const members = [p.organizer];
    if (i % 150 === 0 && p.members >= 2 && p.organizer !== viewerIndex) members.push(viewerIndex);
    const pool = ridersByCity[p.city]!;
    while (members.length < p.members) {
      // Mostly locals; one in ten comes from anywhere.
      const candidate = random.chance(0.9)
        ? pool[random.int(0, pool.length - 1)]!
        : random.int(0, size.users - 1);
      if (!members.includes(candidate)) members.push(candidate);
    }
    const joinEnd = Math.min(p.start, now);
    const joinedAt = members.map((_, k) =>
      k === 0 ? p.createdAt : random.int(p.createdAt, joinEnd),
    );

    // Chats of recent and upcoming rides have some messages (unread counts have work to do).
    const chatting = p.start > now - 2 * DAY && members.length > 1 && random.chance(0.7);
    const messageTimes: number[] = [];
    if (chatting) {
      const last = Math.min(now - 60_000, p.start + 12 * HOUR);
      const n = random.int(1, 12);
      for (let m = 0; m < n; m++) {
        const author = random.int(0, members.length - 1);
        const from = joinedAt[author]!;
        const at = random.int(from, Math.max(from, last));
        messageTimes.push(at);
        messages.push([
          `bench-m${String(messageCount++).padStart(7, "0")}`,
          p.id,
          userId(members[author]!),
          "user",
          random.pick(MESSAGES),
          at,
        ]);
      }
    }
    for (const [k, member] of members.entries()) {
      // null: never opened the chat (everything unread); else some time after joining.
      const joined = joinedAt[k]!;
      const lastSeen = random.chance(0.3)
        ? null
        : random.int(joined, Math.max(joined, now - 60_000));
      participants.push([p.id, userId(member), joinedAt[k]!, lastSeen]);
    }
  }

  // ---------- What the benchmarks sign in with ----------
  const sessions: Value[][] = [];
  const rider = (index: number): BenchRider => {
    const token = `benchtoken${String(index).padStart(5, "0")}aaaaaaaaaaaaaaaaaa`;
    sessions.push([hashToken(token), userId(index), now + 30 * DAY, now]);
    return { userId: userId(index), cookie: `rodamos_session=${token}` };
  };
  const viewer = rider(viewerIndex);
  const loadRiders = Array.from({ length: size.loadUsers }, (_, k) => rider(k + 1));
  // After the load riders, so the load run's feeds are not hers.
  const blocker = rider(size.loadUsers + 1);
  // Two Madrid riders outside the load run too: a block hides rides either way.
  const blocked = ridersByCity[BENCH_CITIES.indexOf("Madrid")]!.filter(
    (i) => i > size.loadUsers + 1,
  ).slice(0, 2);
  const blockRows = blocked.map((i) => [blocker.userId, userId(i), now - DAY]);

  // Upcoming rides for the load run: 3–8 places each, organized by load riders.
  const loadRides: { id: string; organizerId: string }[] = [];
  for (let k = 0; k < size.loadRides; k++) {
    const id = `load-r${String(k).padStart(3, "0")}`;
    const cityName = BENCH_CITIES[k % BENCH_CITIES.length]!;
    const title = `Salida de prueba de carga ${k}`;
    const organizer = loadRiders[(k * 4) % loadRiders.length]!.userId;
    const start = now + 3 * DAY + k * HOUR;
    rides.push([
      id,
      title,
      null,
      cityName,
      normalizeText(cityName),
      normalizeText(`${title} ${cityName}`),
      start,
      random.int(3, 8),
      "road",
      JSON.stringify(["road"]),
      "intermedio",
      "[]",
      50,
      600,
      `Plaza Mayor, ${cityName}`,
      ...meetingPin(cityName),
      organizer,
      "published",
      null,
      null,
      now - DAY,
    ]);
    participants.push([id, organizer, now - DAY, now - DAY]);
    loadRides.push({ id, organizerId: organizer });
  }

  // ---------- Grupos ----------
  // A stream of their own, as the pins: the rest of the dataset stays as it was before groups.
  const groupRandom = prng(seed ^ 0x6a0b5);
  const pickGroupCity = weightedPicker(
    BENCH_CITIES.map((_, rank) => 1 / (rank + 1) ** 0.8),
    groupRandom,
  );
  const groupRows: Value[][] = [];
  const groupMembers: Value[][] = [];
  let largestGroup = { slug: "", members: 0 };
  for (let g = 0; g < size.groups; g++) {
    const city = pickGroupCity();
    const cityName = BENCH_CITIES[city]!;
    // Letters only: digits read as look-alikes of letters in a name's skeleton.
    const name = `Grupeta ${cityName} ${inLetters(g)}`;
    const id = `bench-g${String(g).padStart(5, "0")}`;
    const createdAt = now - groupRandom.int(1, 300) * DAY;
    const pool = ridersByCity[city]!;
    const memberTotal = Math.min(pool.length, 1 + Math.floor(groupRandom.next() ** 2 * 80));
    const members = new Set<number>();
    while (members.size < memberTotal) members.add(pool[groupRandom.int(0, pool.length - 1)]!);
    const slug = `${groupSlugBase(name)}-${g}`;
    if (members.size > largestGroup.members) largestGroup = { slug, members: members.size };
    groupRows.push([
      id,
      slug,
      name,
      groupNameSkeleton(name),
      cityName,
      normalizeText(cityName),
      normalizeText(`${name} ${cityName}`),
      JSON.stringify(groupRandom.someOf(MODALITIES, 2)),
      JSON.stringify(groupRandom.someOf(LEVELS, 2)),
      groupRandom.chance(0.5) ? "open" : "approval",
      userId([...members][0]!),
      createdAt,
    ]);
    [...members].forEach((member, k) => {
      groupMembers.push([id, userId(member), k === 0 ? "leader" : "member", createdAt + k]);
    });
  }

  const tables: TableRows[] = [
    { table: "users", columns: ["id", "email", "created_at"], rows: users },
    {
      table: "profiles",
      columns: [
        "user_id",
        "username",
        "username_key",
        "city",
        "modalities",
        "avatar_key",
        "created_at",
      ],
      rows: profiles,
    },
    {
      table: "rides",
      columns: [
        "id",
        "title",
        "description",
        "city",
        "city_key",
        "search_text",
        "start_time",
        "max_participants",
        "modality",
        "modalities",
        "level",
        "social_tags",
        "route_km",
        "route_elev",
        "meeting_point",
        "meeting_lat",
        "meeting_lon",
        "organizer_id",
        "status",
        "cancelled_at",
        "cancel_reason",
        "created_at",
      ],
      rows: rides,
    },
    {
      table: "ride_participants",
      columns: ["ride_id", "user_id", "joined_at", "last_seen_at"],
      rows: participants,
    },
    {
      table: "ride_messages",
      columns: ["id", "ride_id", "user_id", "kind", "body", "created_at"],
      rows: messages,
    },
    { table: "sessions", columns: ["id", "user_id", "expires_at", "created_at"], rows: sessions },
    { table: "blocks", columns: ["blocker_id", "blocked_id", "created_at"], rows: blockRows },
    {
      table: "groups",
      columns: [
        "id",
        "slug",
        "name",
        "name_skeleton",
        "city",
        "city_key",
        "search_text",
        "modalities",
        "levels",
        "join_mode",
        "created_by",
        "created_at",
      ],
      rows: groupRows,
    },
    {
      table: "group_members",
      columns: ["group_id", "user_id", "role", "joined_at"],
      rows: groupMembers,
    },
  ];
  const counts = Object.fromEntries(tables.map((t) => [t.table, t.rows.length]));
  return {
    tables,
    viewer,
    blocker,
    loadRiders,
    loadRides,
    largestGroupSlug: largestGroup.slug,
    counts,
  };
}

/** SQLite literal; numbers are integers or finite reals from the generator. */
function literal(value: Value): string {
  if (value === null) return "NULL";
  if (typeof value === "number") return String(value);
  return `'${value.replaceAll("'", "''")}'`;
}

/** D1 refuses statements over 100 KB: 100 rows per INSERT stays well under it. */
const ROWS_PER_INSERT = 100;

/**
 * The dataset as multi-row INSERTs for `wrangler d1 execute --file` (about 40 MB). The FTS
 * triggers of migration 0001 index the rides as they are inserted.
 */
export function datasetSql(dataset: Dataset): string {
  const statements: string[] = [];
  for (const { table, columns, rows } of dataset.tables) {
    for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
      const values = rows
        .slice(i, i + ROWS_PER_INSERT)
        .map((row) => `(${row.map(literal).join(",")})`)
        .join(",\n");
      statements.push(`INSERT INTO ${table} (${columns.join(", ")}) VALUES\n${values};`);
    }
  }
  return `${statements.join("\n")}\n`;
}
