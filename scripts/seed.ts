// Idempotent demo data for local development: a handful of riders in several cities, upcoming,
// past and cancelled rides, and some chat. Fixed ids make re-running safe; upcoming rides are
// moved relative to today on every run so the demo never goes stale.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { normalizeText } from "../domain/cities.ts";
import { normalizeUsernameKey, usernameSkeleton } from "../domain/username.ts";
import { hashPassword } from "../worker/auth/password.ts";
import { toolEnv } from "./tool-env.ts";

export const DEMO_PASSWORD = "rodamos123";

export const DEMO_USERS = [
  {
    id: "demo-ana",
    email: "ana@rodamos.test",
    username: "AnaRueda",
    city: "Madrid",
    modalities: ["road", "gravel"],
    avatar: "ava01",
  },
  {
    id: "demo-lucia",
    email: "lucia@rodamos.test",
    username: "Lucía_BTT",
    city: "Madrid",
    modalities: ["btt"],
    avatar: "ava04",
  },
  {
    id: "demo-marta",
    email: "marta@rodamos.test",
    username: "MartaGravel",
    city: "Barcelona",
    modalities: ["gravel"],
    avatar: "ava07",
  },
  {
    id: "demo-carmen",
    email: "carmen@rodamos.test",
    username: "CarmenRoad",
    city: "Sevilla",
    modalities: ["road"],
    avatar: "ava03",
  },
  {
    id: "demo-sofia",
    email: "sofia@rodamos.test",
    username: "Sofía_Pedal",
    city: "Valencia",
    modalities: ["road", "btt"],
    avatar: "ava09",
  },
  {
    id: "demo-elena",
    email: "elena@rodamos.test",
    username: "ElenaChill",
    city: "Bilbao",
    modalities: ["road"],
    avatar: "ava11",
  },
] as const;

/**
 * The demo moderator: .dev.vars.example lists her e-mail in MODERATOR_EMAILS, so she gets
 * /app/moderacion (docs/product.md#reports-and-moderation). In no ride.
 */
export const DEMO_MODERATOR = {
  id: "demo-moderadora",
  email: "moderadora@rodamos.test",
  username: "Moderadora",
  city: "Madrid",
  modalities: ["road"],
  avatar: "ava06",
} as const;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface DemoRide {
  id: string;
  title: string;
  city: string;
  startsIn: number;
  level: "chill" | "intermedio" | "cañero";
  modalities: string[];
  meetingPoint: string;
  /** Where they meet, placed as an organizer would ('Cerca de mí' measures from it). */
  pin: [number, number];
  km: number;
  elev: number;
  organizer: string;
  participants: string[];
  max?: number;
  tags?: string[];
  description?: string;
  status?: "published" | "cancelled";
}

const RIDES: DemoRide[] = [
  {
    id: "demo-ride-01",
    title: "Café y Casa de Campo",
    city: "Madrid",
    startsIn: 1 * DAY + 2 * HOUR,
    level: "chill",
    modalities: ["road"],
    meetingPoint: "Puente del Rey, Madrid",
    pin: [40.4178, -3.7231],
    km: 35,
    elev: 250,
    organizer: "demo-ana",
    participants: ["demo-lucia"],
    tags: ["coffee"],
    description: "Ritmo tranquilo, parada para café en el lago.",
  },
  {
    id: "demo-ride-02",
    title: "Puertos de la sierra",
    city: "Madrid",
    startsIn: 3 * DAY,
    level: "cañero",
    modalities: ["road"],
    meetingPoint: "Estación de Collado Villalba",
    pin: [40.6357, -4.0074],
    km: 92.5,
    elev: 1650,
    organizer: "demo-lucia",
    participants: ["demo-ana"],
    max: 8,
    tags: ["early"],
  },
  {
    id: "demo-ride-03",
    title: "Gravel por el Anillo Verde",
    city: "Madrid",
    startsIn: 5 * DAY,
    level: "intermedio",
    modalities: ["gravel"],
    meetingPoint: "Parque Juan Carlos I, Madrid",
    pin: [40.4627, -3.6086],
    km: 48,
    elev: 420,
    organizer: "demo-ana",
    participants: [],
    tags: ["blabla", "sweet"],
  },
  {
    id: "demo-ride-04",
    title: "Collserola al amanecer",
    city: "Barcelona",
    startsIn: 2 * DAY,
    level: "intermedio",
    modalities: ["gravel", "btt"],
    meetingPoint: "Plaça de la Bonanova, Barcelona",
    pin: [41.4037, 2.1338],
    km: 30,
    elev: 700,
    organizer: "demo-marta",
    participants: [],
    tags: ["early"],
  },
  {
    id: "demo-ride-05",
    title: "Vuelta por el Aljarafe",
    city: "Sevilla",
    startsIn: 4 * DAY,
    level: "chill",
    modalities: ["road"],
    meetingPoint: "Puente de Triana, Sevilla",
    pin: [37.3859, -6.0026],
    km: 55,
    elev: 380,
    organizer: "demo-carmen",
    participants: [],
  },
  {
    id: "demo-ride-06",
    title: "Albufera sin prisas",
    city: "Valencia",
    startsIn: 6 * DAY,
    level: "chill",
    modalities: ["road"],
    meetingPoint: "Ciudad de las Artes y las Ciencias, Valencia",
    pin: [39.4555, -0.3529],
    km: 40,
    elev: 60,
    organizer: "demo-sofia",
    participants: [],
    tags: ["coffee"],
  },
  {
    id: "demo-ride-07",
    title: "Costa de Bizkaia",
    city: "Bilbao",
    startsIn: 8 * DAY,
    level: "cañero",
    modalities: ["road"],
    meetingPoint: "Puente Colgante, Getxo",
    pin: [43.3231, -3.0169],
    km: 80,
    elev: 1200,
    organizer: "demo-elena",
    participants: [],
  },
  // Rode two hours ago: the chat is still open and "He rodado con ella" is pending.
  {
    id: "demo-ride-08",
    title: "Rodada de ayer por el Retiro",
    city: "Madrid",
    startsIn: -2 * HOUR,
    level: "chill",
    modalities: ["road"],
    meetingPoint: "Puerta de Alcalá, Madrid",
    pin: [40.42, -3.6887],
    km: 25,
    elev: 120,
    organizer: "demo-lucia",
    participants: ["demo-ana", "demo-elena"],
  },
  {
    id: "demo-ride-09",
    title: "Clásica de otoño",
    city: "Madrid",
    startsIn: -10 * DAY,
    level: "intermedio",
    modalities: ["road"],
    meetingPoint: "Plaza de Castilla, Madrid",
    pin: [40.4666, -3.6891],
    km: 70,
    elev: 900,
    organizer: "demo-ana",
    participants: ["demo-lucia"],
  },
  {
    id: "demo-ride-10",
    title: "Ruta cancelada por lluvia",
    city: "Madrid",
    startsIn: 2 * DAY,
    level: "chill",
    modalities: ["road"],
    meetingPoint: "Madrid Río",
    pin: [40.4024, -3.7196],
    km: 30,
    elev: 100,
    organizer: "demo-ana",
    participants: ["demo-lucia"],
    status: "cancelled",
  },
];

const MESSAGES = [
  {
    id: "demo-msg-01",
    ride: "demo-ride-01",
    user: "demo-ana",
    text: "¡Hola! Quedamos 10 minutos antes para ajustar bicis.",
    at: -3 * HOUR,
  },
  {
    id: "demo-msg-02",
    ride: "demo-ride-01",
    user: "demo-lucia",
    text: "Perfecto, llevo cámara de repuesto de sobra 😊",
    at: -2 * HOUR,
  },
  {
    id: "demo-msg-03",
    ride: "demo-ride-08",
    user: "demo-lucia",
    text: "¡Qué buena rodada! Gracias por venir, chicas.",
    at: -30 * 60_000,
  },
  {
    id: "demo-msg-04",
    ride: "demo-ride-08",
    user: "demo-elena",
    text: "Pásame tu dirección y me paso a verte esta noche.",
    at: -20 * 60_000,
  },
];

/** One open report, so the demo moderator's queue is not empty: Ana reports Elena's message. */
const REPORTS = [
  {
    id: "demo-report-01",
    reporter: "demo-ana",
    message: "demo-msg-04",
    reported: "demo-elena",
    ride: "demo-ride-08",
    reason: "harassment",
    details: "Me incomoda, no la conozco de nada.",
  },
];

const q = (v: string | number | null | undefined) =>
  v === null || v === undefined
    ? "NULL"
    : typeof v === "number"
      ? String(v)
      : `'${v.replaceAll("'", "''")}'`;

export async function seedSql(now = Date.now()): Promise<string> {
  const hash = await hashPassword(DEMO_PASSWORD);
  const lines: string[] = [];
  for (const u of [...DEMO_USERS, DEMO_MODERATOR]) {
    lines.push(
      `INSERT INTO users (id, email, password_hash, created_at) VALUES (${q(u.id)}, ${q(u.email)}, ${q(hash)}, ${now - 90 * DAY}) ON CONFLICT(id) DO NOTHING;`,
      `INSERT INTO profiles (user_id, username, username_key, username_skeleton, city, modalities, avatar_key, created_at) VALUES (${q(u.id)}, ${q(u.username)}, ${q(normalizeUsernameKey(u.username))}, ${q(usernameSkeleton(u.username))}, ${q(u.city)}, ${q(JSON.stringify(u.modalities))}, ${q(u.avatar)}, ${now - 90 * DAY}) ON CONFLICT(user_id) DO NOTHING;`,
    );
  }
  for (const r of RIDES) {
    const start = now + r.startsIn;
    const cancelled = r.status === "cancelled";
    lines.push(
      `INSERT INTO rides (id, title, description, city, city_key, search_text, start_time, max_participants, modality, modalities, level, social_tags, route_km, route_elev, meeting_point, meeting_lat, meeting_lon, organizer_id, status, cancelled_at, cancel_reason) VALUES (${q(r.id)}, ${q(r.title)}, ${q(r.description)}, ${q(r.city)}, ${q(normalizeText(r.city))}, ${q(normalizeText(`${r.title} ${r.city}`))}, ${start}, ${q(r.max)}, ${q(r.modalities[0])}, ${q(JSON.stringify(r.modalities))}, ${q(r.level)}, ${q(JSON.stringify(r.tags ?? []))}, ${r.km}, ${r.elev}, ${q(r.meetingPoint)}, ${r.pin[0]}, ${r.pin[1]}, ${q(r.organizer)}, ${q(r.status ?? "published")}, ${cancelled ? now - HOUR : "NULL"}, ${cancelled ? q("Previsión de lluvia fuerte") : "NULL"}) ON CONFLICT(id) DO UPDATE SET start_time = excluded.start_time;`,
    );
    for (const userId of [r.organizer, ...r.participants]) {
      lines.push(
        `INSERT INTO ride_participants (ride_id, user_id) VALUES (${q(r.id)}, ${q(userId)}) ON CONFLICT DO NOTHING;`,
      );
    }
  }
  for (const m of MESSAGES) {
    lines.push(
      `INSERT INTO ride_messages (id, ride_id, user_id, kind, body, created_at) VALUES (${q(m.id)}, ${q(m.ride)}, ${q(m.user)}, 'user', ${q(m.text)}, ${now + m.at}) ON CONFLICT(id) DO UPDATE SET created_at = excluded.created_at;`,
    );
  }
  for (const r of REPORTS) {
    const message = MESSAGES.find((m) => m.id === r.message)!;
    const ride = RIDES.find((ride) => ride.id === r.ride)!;
    const snapshot = {
      kind: "message",
      text: message.text,
      authorUsername: DEMO_USERS.find((u) => u.id === r.reported)?.username ?? null,
      createdAt: now + message.at,
      rideTitle: ride.title,
    };
    lines.push(
      `INSERT INTO reports (id, reporter_id, target_kind, target_id, reported_user_id, ride_id, reason, details, snapshot, status, created_at) VALUES (${q(r.id)}, ${q(r.reporter)}, 'message', ${q(r.message)}, ${q(r.reported)}, ${q(r.ride)}, ${q(r.reason)}, ${q(r.details)}, ${q(JSON.stringify(snapshot))}, 'open', ${now - 10 * 60_000}) ON CONFLICT DO NOTHING;`,
    );
  }
  return `${lines.join("\n")}\n`;
}

/** Applies the demo data to the local D1 (the one `npm run dev` uses). */
export async function seedLocal(wranglerArgs: string[] = []) {
  const dir = mkdtempSync(path.join(tmpdir(), "rodamos-seed-"));
  const file = path.join(dir, "seed.sql");
  try {
    writeFileSync(file, await seedSql());
    execFileSync(
      "node_modules/.bin/wrangler",
      ["d1", "execute", "DB", "--local", `--file=${file}`, ...wranglerArgs],
      {
        stdio: ["ignore", "ignore", "inherit"],
        env: toolEnv,
      },
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// `npm run db:seed`; RODAMOS_STATE_DIR seeds the local D1 of another folder (as `npm run dev`
// does with it; CI seeds a throwaway one).
if (import.meta.main) {
  const stateDir = process.env.RODAMOS_STATE_DIR;
  await seedLocal(stateDir ? ["--persist-to", stateDir] : []);
  console.log("Demo data ready.");
}
