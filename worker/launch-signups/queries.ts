import { sql } from "drizzle-orm";
import type { Modality } from "../../domain/constants.ts";
import { waitlist } from "../db/schema.ts";
import type { Database } from "../env.ts";

/** Step 1: adds the email once; a repeat keeps the first row untouched. */
export async function addToWaitlist(db: Database, entry: { email: string; source: string }) {
  await db
    .insert(waitlist)
    .values({ email: entry.email, source: entry.source })
    .onConflictDoNothing({ target: waitlist.email });
}

/** Step 2: fills city, modalities and user agent on her row (creating it if step 1 was lost). */
export async function saveWaitlistDetails(
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
    .insert(waitlist)
    .values({ ...details, updatedAt: now })
    .onConflictDoUpdate({
      target: waitlist.email,
      set: {
        city: details.city,
        modalities: details.modalities,
        userAgent: details.userAgent,
        source: details.source,
        updatedAt: sql`${now}`,
      },
    });
}

export async function findWaitlistEntry(db: Database, email: string) {
  return db.query.waitlist.findFirst({ where: (w, { eq }) => eq(w.email, email) });
}
