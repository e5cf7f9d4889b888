// POST /api/auth/reset/request answers the same whether or not the address has an account
// (docs/product.md#password-reset): the token and the mail are written after the answer, so
// neither the mail provider's time nor its failure tells a known address from an unknown one.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { app } from "../../worker/app.ts";
import { passwordResetTokens } from "../../worker/db/schema.ts";
import { requestsSettled } from "./helpers/background.ts";
import { createUser, db } from "./helpers/factories.ts";
import { Browser, json, ORIGIN } from "./helpers/http.ts";

const PROVIDER = "https://api.resend.com/emails";
// Production's transport: the mail goes to the provider (worker/mail/transport.ts).
const production = {
  ...env,
  ENVIRONMENT: "production",
  MAIL_API_KEY: "clave-de-prueba",
  MAIL_FROM: "Rodamos <hola@rodamos.app>",
};

let n = 0;
const unknownEmail = () => `fantasma.${Date.now().toString(36)}${n++}@example.com`;

/** Each request from its own IP: the per-IP reset limit is not what is compared here. */
function requestReset(email: string) {
  const ctx = createExecutionContext();
  const answer = app.fetch(
    new Request(`${ORIGIN}/api/auth/reset/request`, {
      method: "POST",
      headers: {
        Origin: ORIGIN,
        "Content-Type": "application/json",
        "CF-Connecting-IP": `10.77.${n % 250}.${(n++ % 250) + 1}`,
      },
      body: JSON.stringify({ email }),
    }),
    production,
    ctx,
  );
  return { answer: Promise.resolve(answer), background: () => waitOnExecutionContext(ctx) };
}

async function seen(res: Response) {
  return { status: res.status, type: res.headers.get("Content-Type"), body: await res.text() };
}

/** The mail the provider was asked to send: recipients and the token in its link. */
function providerMails(fetchSpy: { mock: { calls: unknown[][] } }) {
  return fetchSpy.mock.calls
    .filter(([input]) => String(input) === PROVIDER)
    .map(([, init]) => {
      const body = JSON.parse(String((init as RequestInit).body)) as { to: string[]; text: string };
      return { to: body.to, token: /#reset=(\w+)/.exec(body.text)?.[1] ?? "" };
    });
}

let warned: string[] = [];
beforeEach(() => {
  warned = [];
  vi.spyOn(console, "warn").mockImplementation((...args: unknown[]) => {
    warned.push(
      args.map((a) => (a instanceof Error ? `${a.message} ${a.stack}` : String(a))).join(" "),
    );
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe("POST /api/auth/reset/request with the mail provider failing", () => {
  it("answers a known and an unknown address alike, mails the known one after the answer and only logs the failure", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
      if (String(input) !== PROVIDER) throw new Error(`unexpected fetch ${String(input)}`);
      return new Response(JSON.stringify({ message: "servicio caído" }), { status: 502 });
    });
    const known = await createUser();
    const unknown = unknownEmail();

    const forKnown = requestReset(known.email);
    const knownAnswer = await seen(await forKnown.answer);
    await forKnown.background();
    const forUnknown = requestReset(unknown);
    const unknownAnswer = await seen(await forUnknown.answer);
    await forUnknown.background();

    expect(knownAnswer).toEqual(unknownAnswer);
    expect(knownAnswer.status).toBe(200);
    expect(JSON.parse(knownAnswer.body)).toEqual({ ok: true });
    // Nothing of the provider's failure reaches the answer.
    for (const trace of ["502", "caído", "provider", "proveedor"]) {
      expect(knownAnswer.body).not.toContain(trace);
    }

    // Her mail was still attempted, with a live token written for her; none for the unknown one.
    const mails = providerMails(fetchSpy);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toEqual([known.email]);
    const tokens = await db()
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, known.id))
      .all();
    expect(tokens).toHaveLength(1);

    // The failure is logged, without her address or the token (ADR 0034).
    const failures = warned.filter((line) => /reset mail/i.test(line));
    expect(failures).toEqual([expect.stringContaining("MailProviderError")]);
    for (const line of warned) {
      expect(line).not.toContain(known.email);
      expect(line).not.toContain(unknown);
      expect(line).not.toContain(mails[0]!.token);
      expect(line).not.toContain(tokens[0]!.id);
    }
  });

  it("answers a known address while the provider has not answered yet", async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let providerAnswered = false;
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
      if (String(input) !== PROVIDER) throw new Error(`unexpected fetch ${String(input)}`);
      await held;
      providerAnswered = true;
      return new Response("timeout", { status: 504 });
    });
    const known = await createUser();
    const unknown = unknownEmail();

    // Were the answer to wait for the provider, it would never come (the provider is held).
    const forKnown = requestReset(known.email);
    const knownAnswer = await seen(await forKnown.answer);
    expect(providerAnswered).toBe(false);
    const forUnknown = requestReset(unknown);
    const unknownAnswer = await seen(await forUnknown.answer);
    expect(knownAnswer).toEqual(unknownAnswer);
    expect(JSON.parse(knownAnswer.body)).toEqual({ ok: true });

    release();
    await forKnown.background();
    await forUnknown.background();
    expect(providerMails(fetchSpy).map((mail) => mail.to)).toEqual([[known.email]]);
    expect(providerAnswered).toBe(true);
  });
});

describe("POST /api/auth/reset/request in development and tests", () => {
  it("still mails the link to the outbox, once the request's background work has settled", async () => {
    const known = await createUser();
    const res = await new Browser().post("/api/auth/reset/request", { email: known.email });
    expect(await json(res)).toEqual({ ok: true });
    // The mail is written after the answer: a test reading the outbox waits for it first.
    await requestsSettled();
    const { results } = await env.DB.prepare(
      "SELECT body_text FROM email_outbox WHERE to_email = ?",
    )
      .bind(known.email)
      .all<{ body_text: string }>();
    expect(results).toHaveLength(1);
    expect(results[0]!.body_text).toMatch(/\/app\/login#reset=[a-z2-7]{32}$/m);
  });
});
