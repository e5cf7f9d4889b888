import { eq, sql } from "drizzle-orm";
import type { Modality } from "../../domain/constants.ts";
import { launchSignups } from "../db/schema.ts";
import type { Database } from "../env.ts";

/** Step 1: adds the email once; a repeat keeps the first row untouched. */
export async function addLaunchSignup(db: Database, entry: { email: string; source: string }) {
  await db
    .insert(launchSignups)
    .values({ email: entry.email, source: entry.source })
    .onConflictDoNothing({ target: launchSignups.email });
}

/** Step 2: fills city, modalities and user agent on her row (creating it if step 1 was lost). */
export async function saveLaunchSignupDetails(
  db: Database,
  details: {
    email: string;
    source: string;
    city: string;
    modalities: Modality[];
    userAgent: string | null;
  },
) {
  const now = Date.now();
  await db
    .insert(launchSignups)
    .values({ ...details, updatedAt: now })
    .onConflictDoUpdate({
      target: launchSignups.email,
      set: {
        city: details.city,
        modalities: details.modalities,
        userAgent: details.userAgent,
        source: details.source,
        updatedAt: sql`${now}`,
      },
    });
}

export async function findLaunchSignup(db: Database, email: string) {
  return db.select().from(launchSignups).where(eq(launchSignups.email, email)).get();
}
