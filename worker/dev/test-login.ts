// DEV-ONLY: signs a rider in without a password so E2E journeys can create users quickly.
// Answers 404 unless ENVIRONMENT is "development" (local `vite preview`/`npm run dev`).
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { DomainError } from "../../domain/errors.ts";
import { MSG } from "../../domain/messages.ts";
import { usernameSchema } from "../../domain/schemas.ts";
import { normalizeUsernameKey, usernameSkeleton } from "../../domain/username.ts";
import { profiles, users } from "../db/schema.ts";
import type { AppEnv } from "../env.ts";
import { usernameTakenByOther } from "../profiles/queries.ts";
import { createSession, setSessionCookie } from "../sessions/session.ts";
import { generateId } from "../sessions/tokens.ts";

const testLoginSchema = z.object({
  email: z.email().max(254),
  username: usernameSchema,
  city: z.string().trim().min(1).max(80).default("Madrid"),
  modalities: z
    .array(z.enum(["road", "gravel", "btt"]))
    .min(1)
    .default(["road"]),
});

/** Mounted inside devRoutes, which answers 404 outside development. */
export const devTestLoginRoutes = new Hono<AppEnv>().post("/test-login", async (c) => {
  const input = testLoginSchema.parse(await c.req.json());
  const email = input.email.toLowerCase();
  const db = c.var.db;
  let user = await db.select().from(users).where(eq(users.email, email)).get();
  if (!user) {
    const id = generateId();
    // Another email with this name (a journey run twice on one server): said, not a 500.
    if (await usernameTakenByOther(db, input.username, id)) {
      throw new DomainError("username_taken", MSG.usernameTaken);
    }
    await db.batch([
      db.insert(users).values({ id, email }),
      db.insert(profiles).values({
        userId: id,
        username: input.username,
        usernameKey: normalizeUsernameKey(input.username),
        usernameSkeleton: usernameSkeleton(input.username),
        city: input.city,
        modalities: input.modalities,
      }),
    ]);
    user = (await db.select().from(users).where(eq(users.id, id)).get())!;
  }
  const { token, expiresAt } = await createSession(db, user.id);
  setSessionCookie(c, token, expiresAt);
  return c.json({ userId: user.id });
});
