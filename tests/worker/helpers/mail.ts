// What the app mailed, as the development transport keeps it (the email_outbox table). A reset
// link is mailed after the request's answer (worker/auth/routes.ts), so this waits for the
// requests' background work first.
import { desc, eq } from "drizzle-orm";
import { emailOutbox } from "../../../worker/db/schema.ts";
import { requestsSettled } from "./background.ts";
import { db } from "./factories.ts";

/** The text of the last mail to `to`, or null when none was sent. */
export async function lastMailTo(to: string): Promise<string | null> {
  await requestsSettled();
  const mail = await db()
    .select({ bodyText: emailOutbox.bodyText })
    .from(emailOutbox)
    .where(eq(emailOutbox.toEmail, to))
    .orderBy(desc(emailOutbox.id))
    .limit(1)
    .get();
  return mail?.bodyText ?? null;
}
