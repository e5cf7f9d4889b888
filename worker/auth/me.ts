import { eq } from "drizzle-orm";
import type { MeResponse, MeUser } from "../../domain/api-types.ts";
import { DEFAULT_AVATAR_KEY } from "../../domain/constants.ts";
import { isModeratorEmail } from "../../domain/safety.ts";
import { profiles, users } from "../db/schema.ts";
import type { Bindings, Database } from "../env.ts";

/** `moderators`: the MODERATOR_EMAILS variable (docs/product.md#reports-and-moderation). */
export async function loadMeUser(
  db: Database,
  userId: string,
  moderators: string,
): Promise<MeUser | null> {
  const row = await db
    .select({ user: users, profile: profiles })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId))
    .get();
  if (!row) return null;
  const { user, profile } = row;
  return {
    id: user.id,
    email: user.email,
    username: profile?.username ?? null,
    avatarKey: profile?.avatarKey ?? DEFAULT_AVATAR_KEY,
    avatarUrl: profile?.avatarUrl ?? null,
    city: profile?.city ?? null,
    modalities: profile?.modalities ?? [],
    profileComplete: Boolean(profile?.username),
    hasPassword: Boolean(user.passwordHash),
    isModerator: isModeratorEmail(moderators, user.email),
    createdAt: user.createdAt,
  };
}

export function googleEnabled(env: Bindings): boolean {
  return Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET);
}

export function meResponse(env: Bindings, user: MeUser | null): MeResponse {
  return {
    user,
    signupMode: env.SIGNUP_MODE === "invite" ? "invite" : "open",
    googleEnabled: googleEnabled(env),
  };
}
