// Who may take an account: Google only with an address Google verified, and a Google link ends
// what a password sign-up (which never proved the address) left open; in invite mode one
// invitation makes one account, however many sign-ups race for it.
import { env } from "cloudflare:workers";
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { referrals, sessions, users } from "../../worker/db/schema.ts";
import { SESSION_COOKIE } from "../../worker/sessions/session.ts";
import { db, signedIn } from "./helpers/factories.ts";
import { Browser, json } from "./helpers/http.ts";
import { readsBeforeWrites } from "./helpers/interleave.ts";

const GOOGLE_ENV = {
  GOOGLE_CLIENT_ID: "test-client.apps.googleusercontent.com",
  GOOGLE_CLIENT_SECRET: "test-secret",
};
const PASSWORD = "clave-del-atacante";
const INVITATION_REQUIRED = {
  code: "invitation_required",
  message: "Rodamos aún está en beta privada: necesitas una invitación para crear tu cuenta.",
};

let n = 0;
const uniq = () => `${Date.now().toString(36)}${n++}`;

const base64url = (value: unknown) =>
  Buffer.from(JSON.stringify(value), "utf8").toString("base64url");

/** An unsigned id_token: arctic's decodeIdToken reads claims without checking a signature. */
function fakeIdToken(claims: Record<string, unknown>) {
  return `${base64url({ alg: "RS256", typ: "JWT" })}.${base64url(claims)}.c2lnbmF0dXJl`;
}

/**
 * Answers Google's token endpoint with the claims of the code it is sent (`claimsByCode`), so
 * parallel round trips each get their own identity; everything else goes to the real fetch.
 */
function stubGoogleTokens(claimsByCode: Record<string, Record<string, unknown>>) {
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (!url.startsWith("https://oauth2.googleapis.com/token")) return realFetch(input, init);
    // Bytes, not text(): workerd warns when text() reads a form body.
    const body =
      input instanceof Request
        ? new TextDecoder().decode(await input.arrayBuffer())
        : String((init?.body as string) ?? "");
    const claims = claimsByCode[new URLSearchParams(body).get("code") ?? ""];
    if (!claims) return Response.json({ error: "invalid_grant" }, { status: 400 });
    return Response.json({
      access_token: "access",
      token_type: "Bearer",
      expires_in: 3600,
      id_token: fakeIdToken(claims),
    });
  });
}

/** Starts the flow at `startPath` and comes back from Google with `code` and its state. */
async function googleRoundTrip(browser: Browser, code: string, startPath = "/api/auth/google") {
  const start = await browser.get(startPath);
  expect(start.status).toBe(302);
  const state = new URL(start.headers.get("Location")!).searchParams.get("state");
  return browser.get(`/api/auth/google/callback?code=${code}&state=${state}`);
}

function usersWithEmails(emails: string[]) {
  return db().select().from(users).where(inArray(users.email, emails)).all();
}

async function myToken(browser: Browser): Promise<string> {
  return (await json(await browser.get("/api/referrals/mine"))).token;
}

describe("a password sign-up then 'Continuar con Google' with the same address", () => {
  it("gives the account to Google's verified owner: the password and its sessions stop working", async () => {
    const victim = `victima.${uniq()}@gmail.com`;
    const attacker = new Browser();
    const signup = await attacker.post("/api/auth/signup", { email: victim, password: PASSWORD });
    expect(signup.status).toBe(201);
    const accountId = (await json(signup)).user.id;
    expect((await attacker.get("/api/referrals/mine")).status).toBe(200);

    stubGoogleTokens({
      rider: { sub: `g-${uniq()}`, email: victim, email_verified: true, name: "Victoria Real" },
    });
    const rider = new Browser({ env: GOOGLE_ENV });
    const res = await googleRoundTrip(rider, "rider");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/app/feed");
    const me = (await json(await rider.get("/api/me"))).user;
    // The same account, its data kept, now without the password she never chose.
    expect(me).toMatchObject({ id: accountId, email: victim, hasPassword: false });

    // The attacker's session is gone: signed out on /api/me, refused on a guarded route.
    expect((await json(await attacker.get("/api/me"))).user).toBeNull();
    expect((await attacker.get("/api/referrals/mine")).status).toBe(401);
    const login = await new Browser().post("/api/auth/login", {
      email: victim,
      password: PASSWORD,
    });
    expect(login.status).toBe(401);
    expect((await json(login)).error.code).toBe("invalid_credentials");
    // Only the rider's own session is left.
    const left = await db().select().from(sessions).where(eq(sessions.userId, accountId)).all();
    expect(left).toHaveLength(1);
    expect((await json(await rider.get("/api/me"))).user.id).toBe(accountId);
  });

  it("an address Google has not verified creates no account and links nothing", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    // A password account with that address keeps its password and its session.
    const taken = `tomada.${uniq()}@gmail.com`;
    const owner = new Browser();
    expect(
      (await owner.post("/api/auth/signup", { email: taken, password: PASSWORD })).status,
    ).toBe(201);
    const fresh = `nueva.${uniq()}@gmail.com`;
    stubGoogleTokens({
      taken: { sub: `g-${uniq()}`, email: taken, email_verified: false },
      fresh: { sub: `g-${uniq()}`, email: fresh, email_verified: false },
      absent: { sub: `g-${uniq()}`, email: fresh },
    });

    const onTaken = new Browser({ env: GOOGLE_ENV });
    const res = await googleRoundTrip(onTaken, "taken");
    expect(res.headers.get("Location")).toBe("/app/login?error=google");
    expect(onTaken.cookies.has(SESSION_COOKIE)).toBe(false);
    const [row] = await usersWithEmails([taken]);
    expect(row?.googleId).toBeNull();
    expect(row?.passwordHash).not.toBeNull();
    expect((await owner.get("/api/referrals/mine")).status).toBe(200);

    for (const code of ["fresh", "absent"]) {
      const browser = new Browser({ env: GOOGLE_ENV });
      const refused = await googleRoundTrip(browser, code, "/api/auth/google?from=signup");
      expect(refused.headers.get("Location"), code).toBe("/app/signup?error=google");
      expect(browser.cookies.has(SESSION_COOKIE)).toBe(false);
    }
    expect(await usersWithEmails([fresh])).toHaveLength(0);
  });
});

describe("invite mode: one invitation, one account", () => {
  it("ten password sign-ups on one invitation at once: exactly one account", async () => {
    const referrer = await signedIn();
    const token = await myToken(referrer.browser);
    // The worst interleaving: every sign-up checks the invitation before any creates her account.
    const DB = readsBeforeWrites(env.DB, {
      read: /^select .* from "referrals"/i,
      write: /^insert into "users"/i,
      readers: 10,
    });
    const emails = Array.from({ length: 10 }, () => `invitada.${uniq()}@example.com`);
    const answers = await Promise.all(
      emails.map((email) =>
        new Browser({ env: { DB, SIGNUP_MODE: "invite" } }).post("/api/auth/signup", {
          email,
          password: PASSWORD,
          ref: token,
        }),
      ),
    );
    expect(answers.map((res) => res.status).sort()).toEqual([201, ...Array(9).fill(403)]);
    for (const res of answers.filter((r) => r.status !== 201)) {
      expect((await json(res)).error).toEqual(INVITATION_REQUIRED);
    }
    const created = await usersWithEmails(emails);
    expect(created).toHaveLength(1);
    const row = await db().select().from(referrals).where(eq(referrals.token, token)).get();
    expect(row?.refereeId).toBe(created[0]!.id);
  });

  it("ten Google sign-ups on one invitation at once: exactly one account", async () => {
    const referrer = await signedIn();
    const token = await myToken(referrer.browser);
    // Every callback has looked her Google id up before any creates her account.
    const DB = readsBeforeWrites(env.DB, {
      read: /from "users" where "users"."google_id" = /i,
      write: /^insert into "users"/i,
      readers: 10,
    });
    const codes = Array.from({ length: 10 }, (_, i) => `invite-${i}`);
    const emails = codes.map((code) => `${code}.${uniq()}@gmail.com`);
    stubGoogleTokens(
      Object.fromEntries(
        codes.map((code, i) => [
          code,
          { sub: `g-${uniq()}`, email: emails[i], email_verified: true },
        ]),
      ),
    );
    const answers = await Promise.all(
      codes.map((code) =>
        googleRoundTrip(
          new Browser({ env: { ...GOOGLE_ENV, DB, SIGNUP_MODE: "invite" } }),
          code,
          `/api/auth/google?from=signup&ref=${token}`,
        ),
      ),
    );
    const places = answers.map((res) => res.headers.get("Location"));
    expect(places.filter((place) => place === "/app/feed")).toHaveLength(1);
    expect(places.filter((place) => place === "/app/signup?error=invitation")).toHaveLength(9);
    const created = await usersWithEmails(emails);
    expect(created).toHaveLength(1);
    const row = await db().select().from(referrals).where(eq(referrals.token, token)).get();
    expect(row?.refereeId).toBe(created[0]!.id);
  });
});
