import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { profiles, referrals, users } from "../../worker/db/schema.ts";
import { SESSION_COOKIE } from "../../worker/sessions/session.ts";
import { createUser, db } from "./helpers/factories.ts";
import { faultyD1 } from "./helpers/faulty-d1.ts";
import { Browser, json } from "./helpers/http.ts";

// Google is "configured" only for these browsers' requests.
const GOOGLE_ENV = {
  GOOGLE_CLIENT_ID: "test-client.apps.googleusercontent.com",
  GOOGLE_CLIENT_SECRET: "test-secret",
};
const googleBrowser = () => new Browser({ env: GOOGLE_ENV });

const base64url = (value: unknown) =>
  Buffer.from(JSON.stringify(value), "utf8").toString("base64url");

/** An unsigned id_token: arctic's decodeIdToken reads claims without checking a signature. */
function fakeIdToken(claims: Record<string, unknown>) {
  return `${base64url({ alg: "RS256", typ: "JWT" })}.${base64url(claims)}.c2lnbmF0dXJl`;
}

/** Answers Google's token endpoint with `claims`; everything else goes to the real fetch. */
function stubGoogleToken(claims: Record<string, unknown>, status = 200) {
  const realFetch = globalThis.fetch;
  const calls: { url: string; body: string }[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url.startsWith("https://oauth2.googleapis.com/token")) {
      const body =
        input instanceof Request ? await input.text() : String((init?.body as string) ?? "");
      calls.push({ url, body });
      if (status !== 200) return Response.json({ error: "invalid_grant" }, { status });
      return Response.json({
        access_token: "access",
        token_type: "Bearer",
        expires_in: 3600,
        id_token: fakeIdToken(claims),
      });
    }
    return realFetch(input, init);
  });
  return calls;
}

/** Starts the flow and follows Google's redirect back with a code and the state it was given. */
async function googleRoundTrip(
  browser: Browser,
  stateOverride?: string,
  startPath = "/api/auth/google",
) {
  const start = await browser.get(startPath);
  expect(start.status).toBe(302);
  const google = new URL(start.headers.get("Location")!);
  const state = stateOverride ?? google.searchParams.get("state")!;
  return browser.get(`/api/auth/google/callback?code=test-code&state=${state}`);
}

let n = 0;
const uniq = () => `${Date.now().toString(36)}${n++}`;

describe("GET /api/auth/google", () => {
  it("redirects to Google with PKCE and keeps state and verifier in 10-minute httpOnly cookies", async () => {
    const res = await googleBrowser().get("/api/auth/google");
    expect(res.status).toBe(302);
    const url = new URL(res.headers.get("Location")!);
    expect(url.origin).toBe("https://accounts.google.com");
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    // base64url of a SHA-256: 43 characters, no padding.
    expect(url.searchParams.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get("redirect_uri")).toBe("http://localhost/api/auth/google/callback");
    const cookies = res.headers.getSetCookie();
    expect(cookies).toHaveLength(2);
    for (const cookie of cookies) {
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/Secure/i);
      expect(cookie).toMatch(/Max-Age=600/);
    }
  });

  it("says Google is not configured when the secrets are empty", async () => {
    const me = await json(await new Browser().get("/api/me"));
    expect(me.googleEnabled).toBe(false);
    const res = await new Browser().get("/api/auth/google");
    expect(res.status).toBe(404);
    expect((await json(res)).error.message).toBe(
      "El acceso con Google no está disponible en este entorno",
    );
  });
});

describe("GET /api/auth/google/callback", () => {
  it("first login creates the account and the profile from Google's name and picture", async () => {
    const id = uniq();
    const calls = stubGoogleToken({
      sub: `g-${id}`,
      email: `Marta.${id}@gmail.com`,
      email_verified: true,
      name: "Marta Pérez",
      picture: "https://lh3.googleusercontent.com/a/marta",
    });
    const browser = googleBrowser();
    const res = await googleRoundTrip(browser);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/app/feed");
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toContain("code_verifier=");
    const me = (await json(await browser.get("/api/me"))).user;
    expect(me).toMatchObject({
      email: `marta.${id}@gmail.com`,
      username: "Marta_Pérez",
      avatarKey: "ava01",
      avatarUrl: "https://lh3.googleusercontent.com/a/marta",
      profileComplete: true,
      hasPassword: false,
    });
  });

  it("picks the next free username when the name is taken (in any case)", async () => {
    await createUser({ username: "lucia_gomez" });
    await createUser({ username: "Lucia_Gomez_2" });
    const id = uniq();
    stubGoogleToken({
      sub: `g-${id}`,
      email: `lucia.${id}@gmail.com`,
      email_verified: true,
      name: "Lucia Gomez",
    });
    const browser = googleBrowser();
    await googleRoundTrip(browser);
    const me = (await json(await browser.get("/api/me"))).user;
    expect(me.username).toBe("Lucia_Gomez_3");
  });

  it("falls back to the email's local part, then to user_ + id", async () => {
    const id = uniq();
    stubGoogleToken({ sub: `g-${id}`, email: `rodadora${id}@gmail.com`, email_verified: true });
    const browser = googleBrowser();
    await googleRoundTrip(browser);
    expect((await json(await browser.get("/api/me"))).user.username).toBe(
      `rodadora${id}`.slice(0, 20),
    );

    const id2 = uniq();
    stubGoogleToken({ sub: `g-${id2}`, email: `__@${id2}.com`, email_verified: true, name: "!!" });
    const other = googleBrowser();
    await googleRoundTrip(other);
    const me = (await json(await other.get("/api/me"))).user;
    expect(me.username).toBe(`user_${me.id.slice(0, 8)}`);
  });

  it("links to the existing account with the same email and keeps her profile", async () => {
    const existing = await createUser({ username: "ciclista_ya" });
    const id = uniq();
    stubGoogleToken({
      sub: `g-${id}`,
      email: existing.email.toUpperCase(),
      email_verified: true,
      name: "Otra Persona",
    });
    const browser = googleBrowser();
    await googleRoundTrip(browser);
    const me = (await json(await browser.get("/api/me"))).user;
    expect(me.id).toBe(existing.id);
    expect(me.username).toBe("ciclista_ya");
    const row = await db().select().from(users).where(eq(users.id, existing.id)).get();
    expect(row?.googleId).toBe(`g-${id}`);
    // Second login by Google id finds the same account.
    const again = googleBrowser();
    await googleRoundTrip(again);
    expect((await json(await again.get("/api/me"))).user.id).toBe(existing.id);
  });

  it("refuses a state that does not match the cookie", async () => {
    const calls = stubGoogleToken({ sub: "g-x", email: "x@gmail.com", email_verified: true });
    const browser = googleBrowser();
    const res = await googleRoundTrip(browser, "forged-state");
    expect(res.headers.get("Location")).toBe("/app/login?error=google");
    expect(calls).toHaveLength(0);
    expect(browser.cookies.has(SESSION_COOKIE)).toBe(false);
  });

  it("refuses a callback without the state cookies (another browser)", async () => {
    stubGoogleToken({ sub: "g-y", email: "y@gmail.com", email_verified: true });
    const start = await googleBrowser().get("/api/auth/google");
    const state = new URL(start.headers.get("Location")!).searchParams.get("state");
    const other = googleBrowser();
    const res = await other.get(`/api/auth/google/callback?code=c&state=${state}`);
    expect(res.headers.get("Location")).toBe("/app/login?error=google");
  });

  it("sends her back to login when Google refuses the code", async () => {
    stubGoogleToken({}, 400);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const browser = googleBrowser();
    const res = await googleRoundTrip(browser);
    expect(res.headers.get("Location")).toBe("/app/login?error=google");
    expect(browser.cookies.has(SESSION_COOKIE)).toBe(false);
    expect(warn).toHaveBeenCalled();
  });

  it("does not link an unverified Google email to an existing account", async () => {
    const existing = await createUser();
    stubGoogleToken({ sub: `g-${uniq()}`, email: existing.email, email_verified: false });
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const browser = googleBrowser();
    const res = await googleRoundTrip(browser);
    expect(res.headers.get("Location")).toBe("/app/login?error=google");
    const row = await db().select().from(users).where(eq(users.id, existing.id)).get();
    expect(row?.googleId).toBeNull();
    expect(
      await db().select().from(profiles).where(eq(profiles.userId, existing.id)).get(),
    ).toMatchObject({ username: existing.username });
  });
});

describe("Google profile creation fails after sign-in", () => {
  it("is only logged: her account exists, she is signed in and lands on profile setup", async () => {
    const id = uniq();
    const email = `perfil.${id}@gmail.com`;
    stubGoogleToken({ sub: `g-${id}`, email, email_verified: true, name: "Perfil Roto" });
    const fault = faultyD1(env.DB, { match: /insert into "profiles"/i });
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const browser = new Browser({ env: { ...GOOGLE_ENV, DB: fault.db } });
    const res = await googleRoundTrip(browser);
    expect(fault.fired).toBe(true);
    expect(logged).toHaveBeenCalledWith(
      expect.stringContaining("google sign-in: profile not created"),
      expect.any(Error),
    );
    expect(res.headers.get("Location")).toBe("/app/profile-setup");
    const me = (await json(await browser.get("/api/me"))).user;
    expect(me).toMatchObject({ email, username: null, profileComplete: false });
    const row = await db().select().from(users).where(eq(users.id, me.id)).get();
    expect(row?.googleId).toBe(`g-${id}`);

    // Her next Google sign-in creates the profile.
    const again = googleBrowser();
    expect((await googleRoundTrip(again)).headers.get("Location")).toBe("/app/feed");
    expect((await json(await again.get("/api/me"))).user).toMatchObject({
      id: me.id,
      username: "Perfil_Roto",
    });
  });
});

describe("Google flow started on the sign-up page", () => {
  const fromSignup = "/api/auth/google?from=signup";

  it("sends a failure back to sign-up, which says the account could not be created", async () => {
    const calls = stubGoogleToken({ sub: "g-z", email: "z@gmail.com", email_verified: true });
    const forged = await googleRoundTrip(googleBrowser(), "forged-state", fromSignup);
    expect(forged.headers.get("Location")).toBe("/app/signup?error=google");
    expect(calls).toHaveLength(0);

    stubGoogleToken({}, 400);
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const browser = googleBrowser();
    const refused = await googleRoundTrip(browser, undefined, fromSignup);
    expect(refused.headers.get("Location")).toBe("/app/signup?error=google");
    expect(browser.cookies.has(SESSION_COOKIE)).toBe(false);
  });

  it("signs her up as from login when it works", async () => {
    const id = uniq();
    stubGoogleToken({ sub: `g-${id}`, email: `nueva.${id}@gmail.com`, email_verified: true });
    const res = await googleRoundTrip(googleBrowser(), undefined, fromSignup);
    expect(res.headers.get("Location")).toBe("/app/feed");
  });

  it("ignores an unknown origin: a failure goes to login", async () => {
    stubGoogleToken({}, 400);
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const res = await googleRoundTrip(googleBrowser(), undefined, "/api/auth/google?from=evil");
    expect(res.headers.get("Location")).toBe("/app/login?error=google");
  });
});

describe("the page she was sent to (a shared ride) survives Google's round trip", () => {
  const ride = "/app/ride/r-123";
  const startFor = (next: string, extra = "") =>
    `/api/auth/google?next=${encodeURIComponent(next)}${extra}`;

  it("lands a new account on that page instead of the feed", async () => {
    const id = uniq();
    stubGoogleToken({ sub: `g-${id}`, email: `enviada.${id}@gmail.com`, email_verified: true });
    const res = await googleRoundTrip(googleBrowser(), undefined, startFor(ride, "&from=signup"));
    expect(res.headers.get("Location")).toBe(ride);
  });

  it("carries it to profile setup when her profile is still to complete", async () => {
    const id = uniq();
    stubGoogleToken({ sub: `g-${id}`, email: `sinperfil.${id}@gmail.com`, email_verified: true });
    const fault = faultyD1(env.DB, { match: /insert into "profiles"/i });
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const browser = new Browser({ env: { ...GOOGLE_ENV, DB: fault.db } });
    const res = await googleRoundTrip(browser, undefined, startFor(ride));
    expect(res.headers.get("Location")).toBe(`/app/profile-setup?from=${encodeURIComponent(ride)}`);
  });

  it("keeps it when Google fails, so trying again still gets her there", async () => {
    stubGoogleToken({}, 400);
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const res = await googleRoundTrip(googleBrowser(), undefined, startFor(ride, "&from=signup"));
    expect(res.headers.get("Location")).toBe(
      `/app/signup?error=google&from=${encodeURIComponent(ride)}`,
    );
  });

  it("never sends her anywhere but our own /app pages (no open redirect)", async () => {
    for (const next of [
      "https://evil.example/app/feed",
      "//evil.example/app",
      "/app/..//evil.example",
      "/app\\evil",
      "/app/ride/x\r\nSet-Cookie: a=b",
      "/blog",
      "/app/login",
    ]) {
      const id = uniq();
      stubGoogleToken({ sub: `g-${id}`, email: `segura.${id}@gmail.com`, email_verified: true });
      const browser = googleBrowser();
      const start = await browser.get(startFor(next));
      expect(start.headers.getSetCookie().join("\n")).not.toContain("rodamos_google_return");
      const google = new URL(start.headers.get("Location")!);
      const res = await browser.get(
        `/api/auth/google/callback?code=c&state=${google.searchParams.get("state")}`,
      );
      expect(res.headers.get("Location"), next).toBe("/app/feed");
    }
  });

  it("checks the cookie again: a forged one is ignored", async () => {
    const id = uniq();
    stubGoogleToken({ sub: `g-${id}`, email: `cookie.${id}@gmail.com`, email_verified: true });
    const browser = googleBrowser();
    const start = await browser.get("/api/auth/google");
    browser.cookies.set("rodamos_google_return", encodeURIComponent("https://evil.example"));
    const google = new URL(start.headers.get("Location")!);
    const res = await browser.get(
      `/api/auth/google/callback?code=c&state=${google.searchParams.get("state")}`,
    );
    expect(res.headers.get("Location")).toBe("/app/feed");
  });
});

describe("Google sign-up in invite mode", () => {
  const inviteBrowser = () => new Browser({ env: { ...GOOGLE_ENV, SIGNUP_MODE: "invite" } });

  it("refuses a new account without an invitation and creates nothing", async () => {
    const id = uniq();
    stubGoogleToken({ sub: `g-${id}`, email: `sin.${id}@gmail.com`, email_verified: true });
    const browser = inviteBrowser();
    const res = await googleRoundTrip(browser);
    expect(res.headers.get("Location")).toBe("/app/signup?error=invitation");
    expect(browser.cookies.has(SESSION_COOKIE)).toBe(false);
    expect(
      await db()
        .select()
        .from(users)
        .where(eq(users.email, `sin.${id}@gmail.com`))
        .get(),
    ).toBeUndefined();
  });

  it("creates the account with a valid invitation and claims it", async () => {
    const referrer = await createUser();
    const token = crypto.randomUUID();
    await db().insert(referrals).values({ token, referrerId: referrer.id });
    const id = uniq();
    stubGoogleToken({ sub: `g-${id}`, email: `con.${id}@gmail.com`, email_verified: true });
    const browser = inviteBrowser();
    const res = await googleRoundTrip(browser, undefined, `/api/auth/google?ref=${token}`);
    expect(res.headers.get("Location")).toBe("/app/feed");
    const me = (await json(await browser.get("/api/me"))).user;
    const row = await db().select().from(referrals).where(eq(referrals.token, token)).get();
    expect(row?.refereeId).toBe(me.id);
  });

  it("still signs in an existing account without an invitation", async () => {
    const existing = await createUser();
    stubGoogleToken({ sub: `g-${uniq()}`, email: existing.email, email_verified: true });
    const browser = inviteBrowser();
    const res = await googleRoundTrip(browser);
    expect(res.headers.get("Location")).toBe("/app/feed");
    expect((await json(await browser.get("/api/me"))).user.id).toBe(existing.id);
  });
});

describe("a suspended account (docs/product.md#suspension)", () => {
  it("signing in with Google goes back to the login page with the suspension, and no session", async () => {
    const id = uniq();
    const email = `suspendida.${id}@gmail.com`;
    const user = await createUser({ email });
    await db()
      .update(users)
      .set({ googleId: `g-${id}`, suspendedAt: Date.now() })
      .where(eq(users.id, user.id));
    stubGoogleToken({ sub: `g-${id}`, email, email_verified: true, name: "Suspendida" });
    const browser = googleBrowser();
    const res = await googleRoundTrip(browser);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/app/login?error=suspended");
    expect(browser.cookies.get(SESSION_COOKIE)).toBeUndefined();
    const sessions = await env.DB.prepare("SELECT count(*) AS n FROM sessions WHERE user_id = ?")
      .bind(user.id)
      .first<number>("n");
    expect(sessions).toBe(0);
  });
});
