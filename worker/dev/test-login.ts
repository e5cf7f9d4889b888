// DEV ONLY: signs a test rider in without a password (E2E journeys). Contract shared with the
// rides branch: body { email, username }, answers { userId } and sets the session cookie.
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { createSession, setSessionCookie } from "../auth/session.ts";
import { generateId } from "../auth/tokens.ts";
import { profiles, users } from "../db/schema.ts";
import type { AppEnv } from "../env.ts";
import { validate } from "../http/validate.ts";
import { developmentOnly } from "./guard.ts";

const testLoginSchema = z.object({
  email: z.email().max(254),
  username: z.string().trim().min(3).max(20),
});

export const testLoginRoutes = new Hono<AppEnv>()
  .use(developmentOnly)
  .post("/test-login", validate("json", testLoginSchema), async (c) => {
    const { email, username } = c.req.valid("json");
    const db = c.var.db;
    const normalized = email.trim().toLowerCase();
    let user = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, normalized))
      .get();
    if (!user) {
      const id = generateId();
      await db.batch([
        db.insert(users).values({ id, email: normalized }),
        db.insert(profiles).values({
          userId: id,
          username,
          usernameKey: username.toLowerCase(),
          city: "Madrid",
          modalities: ["road"],
        }),
      ]);
      user = { id };
    }
    const { token, expiresAt } = await createSession(db, user.id);
    setSessionCookie(c, token, expiresAt);
    return c.json({ userId: user.id });
  });
