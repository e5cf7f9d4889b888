import { and, eq, ne, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { ProfileInput } from "../../domain/schemas.ts";
import { normalizeUsernameKey, usernameSkeleton } from "../../domain/username.ts";
import { profiles } from "../db/schema.ts";
import { excluded, subquery } from "../db/sql.ts";
import type { Database } from "../env.ts";

const mine = alias(profiles, "mine");

/**
 * Whether someone other than `userId` holds this name or a look-alike of it (same key, or same
 * skeleton: docs/product.md#look-alike-usernames). Her own current name stays hers even when it is
 * an older look-alike of another's (ADR 0021): only a new or changed name must be free.
 */
export async function usernameTakenByOther(
  db: Database,
  username: string,
  userId: string,
): Promise<boolean> {
  const key = normalizeUsernameKey(username);
  const row = await db
    .select({ userId: profiles.userId })
    .from(profiles)
    .where(
      and(
        ne(profiles.userId, userId),
        or(
          eq(profiles.usernameKey, key),
          eq(profiles.usernameSkeleton, usernameSkeleton(username)),
        ),
        sql`not exists ${subquery`select 1 from ${profiles} ${mine}
          where ${mine.userId} = ${userId} and ${mine.usernameKey} = ${key}`}`,
      ),
    )
    .get();
  return Boolean(row);
}

/**
 * Setup and edit are one upsert on her own row: the id comes from the session, never from the
 * body. The unique indexes on username_key and username_skeleton are the final word on a race.
 * A kept name keeps the skeleton it has (none, for an older look-alike: ADR 0021).
 */
export async function saveProfile(db: Database, userId: string, input: ProfileInput, now: number) {
  const values = {
    username: input.username,
    usernameKey: normalizeUsernameKey(input.username),
    usernameSkeleton: usernameSkeleton(input.username),
    city: input.city,
    modalities: input.modalities,
    avatarKey: input.avatarKey,
    updatedAt: now,
  };
  await db
    .insert(profiles)
    .values({ userId, ...values })
    .onConflictDoUpdate({
      target: profiles.userId,
      set: {
        ...values,
        // SET reads the row as it was: her old key and skeleton.
        usernameSkeleton: sql`case when ${profiles.usernameKey} = ${excluded(profiles.usernameKey)}
          then ${profiles.usernameSkeleton} else ${excluded(profiles.usernameSkeleton)} end`,
      },
    });
}
