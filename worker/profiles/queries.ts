import { and, eq, ne } from "drizzle-orm";
import type { ProfileInput } from "../../domain/schemas.ts";
import { normalizeUsernameKey } from "../../domain/username.ts";
import { profiles } from "../db/schema.ts";
import type { Database } from "../env.ts";

/** Whether someone other than `userId` holds this name (case- and accent-case-insensitive). */
export async function usernameTakenByOther(
  db: Database,
  username: string,
  userId: string,
): Promise<boolean> {
  const row = await db
    .select({ userId: profiles.userId })
    .from(profiles)
    .where(
      and(eq(profiles.usernameKey, normalizeUsernameKey(username)), ne(profiles.userId, userId)),
    )
    .get();
  return Boolean(row);
}

/**
 * Setup and edit are one upsert on her own row: the id comes from the session, never from the
 * body. The unique index on username_key is the final word on a race.
 */
export async function saveProfile(db: Database, userId: string, input: ProfileInput, now: number) {
  const values = {
    username: input.username,
    usernameKey: normalizeUsernameKey(input.username),
    city: input.city,
    modalities: input.modalities,
    avatarKey: input.avatarKey,
    updatedAt: now,
  };
  await db
    .insert(profiles)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: profiles.userId, set: values });
}
