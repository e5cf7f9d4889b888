// DEV ONLY: runs a ride's ride-day alarm job now (the safety timer's question, its word to the
// organizer, the erasure), so an E2E journey need not wait hours for the room's alarm.
import { Hono } from "hono";
import { z } from "zod";
import { rideIdParamSchema } from "../../domain/schemas.ts";
import type { AppEnv } from "../env.ts";
import { validate } from "../http/validate.ts";
import { rideRoomStub } from "../rooms/location-hint.ts";
import { developmentOnly } from "./guard.ts";

const jobParamSchema = rideIdParamSchema.extend({
  job: z.enum(["safety-ask", "safety-tell", "ride-day-erase"]),
});

export const devRideDayRoutes = new Hono<AppEnv>()
  .use(developmentOnly)
  .post("/ride-day/:id/run/:job", validate("param", jobParamSchema), async (c) => {
    const { id, job } = c.req.valid("param");
    await rideRoomStub(c.env.RIDE_ROOM, id).runRideDayJobNow(job);
    return c.json({ ok: true as const });
  });
