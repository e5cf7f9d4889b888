import { Hono } from "hono";
import { z } from "zod";
import type { ProfileSaveResponse, UsernameAvailability } from "../../domain/api/profiles.ts";
import { DomainError } from "../../domain/errors.ts";
import { MSG } from "../../domain/messages.ts";
import { profileSchema } from "../../domain/schemas.ts";
import { validateUsername } from "../../domain/username.ts";
import { loadMeUser } from "../auth/me.ts";
import { isUniqueViolation } from "../auth/queries.ts";
import { limitUsernameChecks } from "../auth/rate-limit.ts";
import type { AppEnv } from "../env.ts";
import { validate } from "../http/validate.ts";
import { requireUser } from "../sessions/session.ts";
import { saveProfile, usernameTakenByOther } from "./queries.ts";

const availabilityQuery = z.object({ name: z.string().max(100).default("") });

export const profileRoutes = new Hono<AppEnv>()
  .put("/", validate("json", profileSchema), async (c) => {
    const user = requireUser(c, MSG.profileUnauthenticated);
    const input = c.req.valid("json");
    const db = c.var.db;
    if (await usernameTakenByOther(db, input.username, user.id)) {
      throw new DomainError("username_taken", MSG.usernameTakenOnSave);
    }
    try {
      await saveProfile(db, user.id, input, Date.now());
    } catch (err) {
      if (isUniqueViolation(err, "username_key") || isUniqueViolation(err, "username_skeleton")) {
        throw new DomainError("username_taken", MSG.usernameTakenOnSave);
      }
      throw err;
    }
    const me = await loadMeUser(db, user.id, c.env.MODERATOR_EMAILS);
    if (!me) throw new DomainError("unauthenticated", MSG.profileUnauthenticated);
    return c.json<ProfileSaveResponse>({ user: me });
  })

  .get("/username-available", validate("query", availabilityQuery), async (c) => {
    const user = requireUser(c);
    await limitUsernameChecks(c, user.id);
    const name = c.req.valid("query").name.trim().normalize("NFC");
    const check = validateUsername(name);
    if (!check.ok)
      return c.json<UsernameAvailability>({ status: "invalid", message: check.message });
    // Her own current name counts as available.
    if (await usernameTakenByOther(c.var.db, name, user.id)) {
      return c.json<UsernameAvailability>({ status: "taken", message: MSG.usernameTaken });
    }
    return c.json<UsernameAvailability>({ status: "available" });
  });
