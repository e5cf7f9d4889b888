import { Hono } from "hono";
import { z } from "zod";
import type { PublicProfileResponse } from "../../domain/api/users.ts";
import { DomainError } from "../../domain/errors.ts";
import { MSG } from "../../domain/messages.ts";
import type { AppEnv } from "../env.ts";
import { validate } from "../http/validate.ts";
import { requireProfile } from "../sessions/session.ts";
import { findProfileByUsername, profileStats } from "./queries.ts";

const usernameParam = z.object({ username: z.string().max(60) });

/** GET /api/users/:username — any signed-in rider with a profile may look. */
export const userRoutes = new Hono<AppEnv>().get(
  "/:username",
  validate("param", usernameParam),
  async (c) => {
    const viewer = requireProfile(c);
    const profile = await findProfileByUsername(c.var.db, c.req.valid("param").username, viewer.id);
    if (!profile) throw new DomainError("not_found", MSG.userNotFound);
    const stats = await profileStats(c.var.db, profile.userId, viewer.id, Date.now());
    return c.json<PublicProfileResponse>({
      profile: {
        userId: profile.userId,
        username: profile.username,
        city: profile.city,
        modalities: profile.modalities,
        avatarKey: profile.avatarKey,
        avatarUrl: profile.avatarUrl,
        memberSince: profile.createdAt,
        verified: profile.verified,
      },
      stats,
      isOwner: profile.userId === viewer.id,
    });
  },
);
