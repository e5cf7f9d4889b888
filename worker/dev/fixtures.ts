// DEV ONLY: creates rides for E2E journeys and benchmarks (the rides API may refuse a ride
// that already started, which the chat and connections journeys need).
import { Hono } from "hono";
import { z } from "zod";
import { normalizeText } from "../../domain/cities.ts";
import { rideParticipants, rides } from "../db/schema.ts";
import type { AppEnv } from "../env.ts";
import { validate } from "../http/validate.ts";
import { generateId } from "../sessions/tokens.ts";
import { developmentOnly } from "./guard.ts";

const rideFixtureSchema = z.object({
  organizerId: z.string().min(1),
  participantIds: z.array(z.string().min(1)).max(50).default([]),
  /** Start relative to now; negative: already started. */
  startsInMinutes: z.number().default(48 * 60),
  title: z.string().min(1).max(100).optional(),
  /** null: no cap (20); a small cap makes a full ride with a waiting list. */
  maxParticipants: z.number().int().min(2).max(20).nullable().default(null),
  /** The meeting pin ('Cerca de mí'); none by default. */
  pin: z
    .object({ lat: z.number().min(-90).max(90), lon: z.number().min(-180).max(180) })
    .optional(),
  status: z.enum(["published", "cancelled", "closed", "completed"]).default("published"),
  /** '¿Quién puede unirse?': 'approval' makes riders ask for a place. */
  joinMode: z.enum(["open", "approval"]).default("open"),
  /** 'Solo verificadas' (docs/product.md#verificada). */
  verifiedOnly: z.boolean().default(false),
});

export const fixtureRoutes = new Hono<AppEnv>()
  .use(developmentOnly)
  .post("/fixtures/ride", validate("json", rideFixtureSchema), async (c) => {
    const input = c.req.valid("json");
    const db = c.var.db;
    const id = generateId();
    const title = input.title ?? `Salida de prueba ${id.slice(0, 6)}`;
    const city = "Madrid";
    const members = [...new Set([input.organizerId, ...input.participantIds])];
    await db.batch([
      db.insert(rides).values({
        id,
        title,
        city,
        cityKey: normalizeText(city),
        searchText: normalizeText(`${title} ${city}`),
        startTime: Date.now() + input.startsInMinutes * 60_000,
        maxParticipants: input.maxParticipants,
        meetingLat: input.pin?.lat ?? null,
        meetingLon: input.pin?.lon ?? null,
        modality: "road",
        modalities: ["road"],
        level: "chill",
        meetingPoint: "Puerta del Sol",
        routeKm: 40,
        routeElev: 300,
        organizerId: input.organizerId,
        status: input.status,
        joinMode: input.joinMode,
        verifiedOnly: input.verifiedOnly,
        cancelledAt: input.status === "cancelled" ? Date.now() : null,
      }),
      db.insert(rideParticipants).values(members.map((userId) => ({ rideId: id, userId }))),
    ]);
    return c.json({ rideId: id, title });
  });
