import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { MSG } from "../../domain/messages.ts";
import { app } from "../../worker/app.ts";
import { launchSignups } from "../../worker/db/schema.ts";
import { findLaunchSignup } from "../../worker/launch-signups/queries.ts";
import { db } from "./helpers/factories.ts";
import { Browser, json, ORIGIN, sendUntilLimited } from "./helpers/http.ts";

let counter = 0;
/** A fresh address and IP per test: the rate limiter counts across the whole file. */
const uniqueEmail = () => `rider${Date.now().toString(36)}${counter++}@example.com`;
const uniqueIp = () => `203.0.113.${(counter++ % 250) + 1}`;

function post(path: string, body: unknown, ip = uniqueIp()) {
  return new Browser().fetch(path, {
    method: "POST",
    json: body,
    headers: { "CF-Connecting-IP": ip },
  });
}

async function rowCount() {
  const rows = await db().select().from(launchSignups);
  return rows.length;
}

describe("POST /api/launch-signups (step 1)", () => {
  it("stores the email trimmed and lowercased with its source", async () => {
    const email = uniqueEmail();
    const res = await post("/api/launch-signups", {
      email: `  ${email.toUpperCase()} `,
      source: "landing",
    });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ ok: true });
    const row = await findLaunchSignup(db(), email);
    expect(row).toMatchObject({ email, source: "landing", city: null, modalities: null });
    expect(row?.createdAt).toBeGreaterThan(0);
  });

  it("defaults the source to landing", async () => {
    const email = uniqueEmail();
    await post("/api/launch-signups", { email });
    expect((await findLaunchSignup(db(), email))?.source).toBe("landing");
  });

  it("answers a repeated email exactly like a new one and keeps one row", async () => {
    const email = uniqueEmail();
    const first = await post("/api/launch-signups", { email, source: "landing" });
    const second = await post("/api/launch-signups", {
      email: email.toUpperCase(),
      source: "variant",
    });
    expect(second.status).toBe(first.status);
    expect(await json(second)).toEqual(await json(first));
    const rows = await db().select().from(launchSignups);
    expect(rows.filter((r) => r.email === email)).toHaveLength(1);
    // The first signup's source stays: a repeat changes nothing.
    expect((await findLaunchSignup(db(), email))?.source).toBe("landing");
  });

  it.each([
    ["an empty email", { email: "" }, MSG.emailInvalid],
    ["a blank email", { email: "   " }, MSG.emailInvalid],
    ["a malformed email", { email: "no-arroba" }, MSG.emailInvalid],
    ["no email", { source: "landing" }, MSG.emailInvalid],
    ["an email that is a number", { email: 42 }, MSG.emailInvalid],
  ])("refuses %s with a 400 and stores nothing", async (_name, body, message) => {
    const before = await rowCount();
    const res = await post("/api/launch-signups", body);
    expect(res.status).toBe(400);
    const payload = await json(res);
    expect(payload.error.code).toBe("validation_error");
    expect(payload.error.message).toBe(message);
    expect(await rowCount()).toBe(before);
  });

  it("refuses a body that is not JSON with a Spanish message", async () => {
    const before = await rowCount();
    const res = await new Browser().fetch("/api/launch-signups", {
      method: "POST",
      body: "email=a@b.es",
      headers: { "Content-Type": "application/json", "CF-Connecting-IP": uniqueIp() },
    });
    expect(res.status).toBe(400);
    const payload = await json(res);
    expect(payload.error.code).toBe("validation_error");
    expect(payload.error.message).toBe(MSG.invalidInput);
    expect(await rowCount()).toBe(before);
  });

  it("refuses a cross-origin post", async () => {
    const email = uniqueEmail();
    const res = await new Browser().fetch("/api/launch-signups", {
      method: "POST",
      json: { email },
      headers: { Origin: "https://evil.example" },
    });
    expect(res.status).toBe(403);
    expect(await findLaunchSignup(db(), email)).toBeUndefined();
  });

  it("rate-limits one email after 10 tries in a minute", async () => {
    const email = uniqueEmail();
    const res = await sendUntilLimited(10, async () => {
      const answer = await post("/api/launch-signups", { email });
      if (answer.status !== 429) expect(answer.status).toBe(200);
      return answer;
    });
    expect((await json(res)).error).toEqual({ code: "rate_limited", message: MSG.rateLimited });
  });

  it("rate-limits one IP after 10 signups in a minute, whatever the emails", async () => {
    const ip = uniqueIp();
    let email = "";
    const res = await sendUntilLimited(10, async () => {
      email = uniqueEmail();
      const answer = await post("/api/launch-signups", { email }, ip);
      if (answer.status !== 429) expect(answer.status).toBe(200);
      return answer;
    });
    expect((await json(res)).error.code).toBe("rate_limited");
    // The refused signup is not stored.
    expect(await findLaunchSignup(db(), email)).toBeUndefined();
  });
});

describe("POST /api/launch-signups/details (step 2)", () => {
  const details = (email: string) => ({
    email,
    city: "  Valencia ",
    modalities: ["road", "gravel", "road"],
    source: "step2",
    ua: "Mozilla/5.0 (prueba)",
  });

  it("adds city, modalities and user agent to her row", async () => {
    const email = uniqueEmail();
    await post("/api/launch-signups", { email });
    const res = await post("/api/launch-signups/details", details(email.toUpperCase()));
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ ok: true });
    const row = await findLaunchSignup(db(), email);
    expect(row).toMatchObject({
      email,
      city: "Valencia",
      modalities: ["road", "gravel"],
      source: "step2",
      userAgent: "Mozilla/5.0 (prueba)",
    });
    expect(row?.updatedAt).toBeGreaterThan(0);
  });

  it("creates the row when step 1 never arrived", async () => {
    const email = uniqueEmail();
    expect((await post("/api/launch-signups/details", details(email))).status).toBe(200);
    expect((await findLaunchSignup(db(), email))?.city).toBe("Valencia");
  });

  it("updates her details when she sends them again", async () => {
    const email = uniqueEmail();
    await post("/api/launch-signups/details", details(email));
    await post("/api/launch-signups/details", {
      ...details(email),
      city: "Sevilla",
      modalities: ["btt"],
    });
    const row = await findLaunchSignup(db(), email);
    expect(row).toMatchObject({ city: "Sevilla", modalities: ["btt"] });
  });

  it.each([
    ["no city", { city: "", modalities: ["road"] }],
    ["a blank city", { city: "   ", modalities: ["road"] }],
    ["no modality", { city: "Madrid", modalities: [] }],
  ])("refuses %s with 'Añade tu ciudad…' and changes nothing", async (_name, patch) => {
    const email = uniqueEmail();
    await post("/api/launch-signups", { email });
    const res = await post("/api/launch-signups/details", { email, ...patch });
    expect(res.status).toBe(400);
    const payload = await json(res);
    expect(payload.error.code).toBe("validation_error");
    expect(payload.error.message).toBe(MSG.launchSignupMissingInfo);
    expect(await findLaunchSignup(db(), email)).toMatchObject({ city: null, modalities: null });
  });

  it("refuses an unknown modality and stores nothing", async () => {
    const email = uniqueEmail();
    const res = await post("/api/launch-signups/details", {
      email,
      city: "Madrid",
      modalities: ["tandem"],
    });
    expect(res.status).toBe(400);
    expect(await findLaunchSignup(db(), email)).toBeUndefined();
  });

  it("keeps only the first 400 characters of a very long user agent", async () => {
    const email = uniqueEmail();
    await post("/api/launch-signups/details", { ...details(email), ua: "x".repeat(1000) });
    expect((await findLaunchSignup(db(), email))?.userAgent).toHaveLength(400);
  });
});

describe("webhook forward", () => {
  const HOOK = "https://hooks.example/launch-signups";

  /** Calls the app directly so the test can set LAUNCH_SIGNUP_WEBHOOK_URL for this request. */
  async function postWithHook(path: string, body: unknown) {
    const ctx = createExecutionContext();
    const request = new Request(`${ORIGIN}${path}`, {
      method: "POST",
      headers: {
        Origin: ORIGIN,
        "Content-Type": "application/json",
        "CF-Connecting-IP": uniqueIp(),
      },
      body: JSON.stringify(body),
    });
    const res = await app.fetch(request, { ...env, LAUNCH_SIGNUP_WEBHOOK_URL: HOOK }, ctx);
    await waitOnExecutionContext(ctx);
    return res;
  }

  it("sends each step to the webhook in the background", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response("ok"));
    const email = uniqueEmail();
    expect((await postWithHook("/api/launch-signups", { email, source: "landing" })).status).toBe(
      200,
    );
    expect(
      (
        await postWithHook("/api/launch-signups/details", {
          email,
          city: "Bilbao",
          modalities: ["road", "btt"],
          ua: "UA",
        })
      ).status,
    ).toBe(200);
    expect(fetchSpy).toHaveBeenCalledTimes(2);
    const [url, init] = fetchSpy.mock.calls[1]!;
    expect(url).toBe(HOOK);
    expect(JSON.parse(String(init?.body))).toMatchObject({
      step: 2,
      email,
      location: "Bilbao",
      modalidad: "road,btt",
      source: "step2",
      ua: "UA",
      timestamp: expect.any(String),
    });
  });

  it("still stores and answers ok when the webhook fails, with only a warning", async () => {
    vi.spyOn(globalThis, "fetch").mockRejectedValue(new Error("hook down"));
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const email = uniqueEmail();
    const res = await postWithHook("/api/launch-signups", { email });
    expect(res.status).toBe(200);
    expect(warn).toHaveBeenCalledWith("launch signup webhook failed", expect.any(Error));
    expect(await findLaunchSignup(db(), email)).toBeDefined();
  });

  it("is not called when no webhook is configured", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    expect((await post("/api/launch-signups", { email: uniqueEmail() })).status).toBe(200);
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});

describe("the table's rename (migrations/0016_launch_signups.sql)", () => {
  const rename = env.TEST_MIGRATIONS.find((m) => m.name.endsWith("_launch_signups.sql"))!;

  it("keeps every sign-up made while the table was `waitlist`", async () => {
    // The database as the migration finds it: the old table with her rows in it.
    await env.DB.prepare("ALTER TABLE launch_signups RENAME TO waitlist").run();
    const [ana, bea] = [uniqueEmail(), uniqueEmail()];
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO waitlist (email, source, city, modalities, user_agent, created_at, updated_at) VALUES (?, 'landing', 'Soria', '[\"btt\"]', 'UA', 1000, 2000)",
      ).bind(ana),
      env.DB.prepare(
        "INSERT INTO waitlist (email, source, created_at) VALUES (?, 'variant', 3000)",
      ).bind(bea),
    ]);

    for (const query of rename.queries) await env.DB.prepare(query).run();

    expect(await findLaunchSignup(db(), ana)).toEqual({
      email: ana,
      source: "landing",
      city: "Soria",
      modalities: ["btt"],
      userAgent: "UA",
      createdAt: 1000,
      updatedAt: 2000,
    });
    // Her old row still answers to the API: step 1 again changes nothing, step 2 fills it in.
    expect((await post("/api/launch-signups", { email: bea, source: "landing" })).status).toBe(200);
    expect(
      (
        await post("/api/launch-signups/details", {
          email: bea,
          city: "Lugo",
          modalities: ["road"],
        })
      ).status,
    ).toBe(200);
    expect(await findLaunchSignup(db(), bea)).toMatchObject({
      source: "step2",
      city: "Lugo",
      createdAt: 3000,
    });
  });
});
