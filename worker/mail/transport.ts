import { emailOutbox } from "../db/schema.ts";
import type { Bindings, Database } from "../env.ts";

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** One way out for every mail (docs/product.md#password-reset): tests and dev read the outbox. */
export interface MailTransport {
  send(mail: Mail): Promise<void>;
}

/** Development and tests: store the mail; /dev/outbox shows it. */
export function outboxTransport(db: Database): MailTransport {
  return {
    async send(mail) {
      await db.insert(emailOutbox).values({
        toEmail: mail.to,
        subject: mail.subject,
        bodyText: mail.text,
      });
    },
  };
}

const PROVIDER_URL = "https://api.resend.com/emails";

/** The provider refused the mail; named so a log line can say so by the name alone (ADR 0034). */
export class MailProviderError extends Error {
  override name = "MailProviderError";
}

/** Production: a transactional-mail provider over HTTPS, authenticated with MAIL_API_KEY. */
export function providerTransport(
  apiKey: string,
  from: string,
  send: typeof fetch = fetch,
): MailTransport {
  return {
    async send(mail) {
      const res = await send(PROVIDER_URL, {
        method: "POST",
        headers: { Authorization: `Bearer ${apiKey}`, "Content-Type": "application/json" },
        body: JSON.stringify({ from, to: [mail.to], subject: mail.subject, text: mail.text }),
      });
      if (!res.ok) throw new MailProviderError(`mail provider answered ${res.status}`);
    },
  };
}

export function mailTransport(env: Bindings, db: Database): MailTransport {
  if (env.ENVIRONMENT === "production") {
    return providerTransport(env.MAIL_API_KEY, env.MAIL_FROM);
  }
  return outboxTransport(db);
}
