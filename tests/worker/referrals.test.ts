import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { referrals } from "../../worker/db/schema.ts";
import { db, signedIn } from "./helpers/factories.ts";
import { Browser, json } from "./helpers/http.ts";
import { readsBeforeWrites } from "./helpers/interleave.ts";

let n = 0;
const email = () => `invitada.${Date.now().toString(36)}${n++}@example.com`;
const WELCOME = "Invitación registrada. ¡Bienvenida a Rodamos!";

async function myToken(browser: Browser): Promise<string> {
  const res = await browser.get("/api/referrals/mine");
  expect(res.status).toBe(200);
  return (await json(res)).token;
}

describe("GET /api/referrals/mine", () => {
  it("gets or creates one unclaimed UUID token, and a new one once it is claimed", async () => {
    const { user, browser } = await signedIn();
    const token = await myToken(browser);
    expect(token).toMatch(/^[0-9a-f-]{36}$/);
    expect(await myToken(browser)).toBe(token);
    const friend = await signedIn();
    await friend.browser.post("/api/referrals/claim", { token });
    const next = await myToken(browser);
    expect(next).not.toBe(token);
    const rows = await db().select().from(referrals).where(eq(referrals.referrerId, user.id)).all();
    expect(rows).toHaveLength(2);
  });

  it("needs a session", async () => {
    expect((await new Browser().get("/api/referrals/mine")).status).toBe(401);
  });
});

describe("POST /api/referrals/claim", () => {
  it("claims an unclaimed token with the welcome message", async () => {
    const referrer = await signedIn();
    const token = await myToken(referrer.browser);
    const friend = await signedIn();
    const res = await friend.browser.post("/api/referrals/claim", { token });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ claimed: true, message: WELCOME });
    const row = await db().select().from(referrals).where(eq(referrals.token, token)).get();
    expect(row?.refereeId).toBe(friend.user.id);
    expect(row?.claimedAt).toBeGreaterThan(0);
    // Claiming it again herself is harmless.
    expect((await friend.browser.post("/api/referrals/claim", { token })).status).toBe(200);
  });

  it("refuses her own token", async () => {
    const { browser } = await signedIn();
    const token = await myToken(browser);
    const res = await browser.post("/api/referrals/claim", { token });
    expect(res.status).toBe(403);
    expect((await json(res)).error.code).toBe("not_authorized");
    const row = await db().select().from(referrals).where(eq(referrals.token, token)).get();
    expect(row?.refereeId).toBeNull();
  });

  it("refuses a token someone else already claimed", async () => {
    const referrer = await signedIn();
    const token = await myToken(referrer.browser);
    const first = await signedIn();
    await first.browser.post("/api/referrals/claim", { token });
    const second = await signedIn();
    const res = await second.browser.post("/api/referrals/claim", { token });
    expect(res.status).toBe(409);
    expect((await json(res)).error.code).toBe("conflict");
    const row = await db().select().from(referrals).where(eq(referrals.token, token)).get();
    expect(row?.refereeId).toBe(first.user.id);
  });

  it("keeps a claimed token spent after the rider who claimed it deletes her account", async () => {
    const referrer = await signedIn();
    const token = await myToken(referrer.browser);
    const friend = await signedIn();
    await friend.browser.post("/api/referrals/claim", { token });
    expect((await friend.browser.delete("/api/account")).status).toBe(200);
    // Her id leaves the row with her; the claim stays.
    const row = await db().select().from(referrals).where(eq(referrals.token, token)).get();
    expect(row).toMatchObject({ refereeId: null, claimedAt: expect.any(Number) });

    const later = await signedIn();
    const res = await later.browser.post("/api/referrals/claim", { token });
    expect(res.status).toBe(409);
    expect((await json(res)).error.message).toBe("Esta invitación no es válida o ya se ha usado");
    expect(await myToken(referrer.browser)).not.toBe(token);
    const invite = new Browser({ env: { SIGNUP_MODE: "invite" } });
    const signup = await invite.post("/api/auth/signup", {
      email: email(),
      password: "123456",
      ref: token,
    });
    expect(signup.status).toBe(403);
  });

  it("refuses an unknown or malformed token", async () => {
    const { browser } = await signedIn();
    const unknown = await browser.post("/api/referrals/claim", { token: crypto.randomUUID() });
    expect(unknown.status).toBe(404);
    const malformed = await browser.post("/api/referrals/claim", { token: "nope" });
    expect(malformed.status).toBe(400);
  });

  it("lets her be invited only once", async () => {
    const a = await signedIn();
    const b = await signedIn();
    const friend = await signedIn();
    await friend.browser.post("/api/referrals/claim", { token: await myToken(a.browser) });
    const res = await friend.browser.post("/api/referrals/claim", {
      token: await myToken(b.browser),
    });
    expect(res.status).toBe(409);
  });

  it("needs a session", async () => {
    const res = await new Browser().post("/api/referrals/claim", { token: crypto.randomUUID() });
    expect(res.status).toBe(401);
  });
});

describe("claims in parallel: an invitation is single-use", () => {
  /** Her browser on a D1 where every claim reads before any claim writes. */
  function racing(browser: Browser, DB: D1Database) {
    const racer = new Browser({ env: { DB } });
    for (const [name, value] of browser.cookies) racer.cookies.set(name, value);
    return racer;
  }
  const plan = (claims: number) => ({
    // Each claim reads the token, then whether she was already invited.
    read: /^select .* from "referrals"/i,
    write: /^update "referrals"/i,
    readers: claims * 2,
  });

  it("ten riders claiming one token at once: exactly one gets it", async () => {
    const referrer = await signedIn();
    const token = await myToken(referrer.browser);
    const DB = readsBeforeWrites(env.DB, plan(10));
    const riders = await Promise.all(Array.from({ length: 10 }, () => signedIn()));
    const answers = await Promise.all(
      riders.map((r) => racing(r.browser, DB).post("/api/referrals/claim", { token })),
    );
    expect(answers.filter((res) => res.status === 200)).toHaveLength(1);
    for (const res of answers.filter((r) => r.status !== 200)) expect(res.status).toBe(409);
    const row = await db().select().from(referrals).where(eq(referrals.token, token)).get();
    const winner = riders[answers.findIndex((res) => res.status === 200)]!;
    expect(row?.refereeId).toBe(winner.user.id);
  });

  it("one rider claiming ten invitations at once is invited once", async () => {
    const referrers = await Promise.all(Array.from({ length: 10 }, () => signedIn()));
    const tokens = await Promise.all(referrers.map((r) => myToken(r.browser)));
    const friend = await signedIn();
    const browser = racing(friend.browser, readsBeforeWrites(env.DB, plan(10)));
    const answers = await Promise.all(
      tokens.map((token) => browser.post("/api/referrals/claim", { token })),
    );
    expect(answers.filter((res) => res.status === 200)).toHaveLength(1);
    for (const res of answers.filter((r) => r.status !== 200)) {
      expect(res.status).toBe(409);
      expect((await json(res)).error.message).toBe("Ya te has registrado con otra invitación");
    }
    const mine = await db().select().from(referrals).where(eq(referrals.refereeId, friend.user.id));
    expect(mine).toHaveLength(1);
  });
});

describe("sign-up with a referral", () => {
  it("claims the ref at sign-up", async () => {
    const referrer = await signedIn();
    const token = await myToken(referrer.browser);
    const res = await new Browser().post("/api/auth/signup", {
      email: email(),
      password: "123456",
      ref: token,
    });
    expect(res.status).toBe(201);
    const body = await json(res);
    expect(body.referralClaimed).toBe(true);
    const row = await db().select().from(referrals).where(eq(referrals.token, token)).get();
    expect(row?.refereeId).toBe(body.user.id);
  });

  it("in invite mode requires a valid unclaimed ref", async () => {
    const invite = () => new Browser({ env: { SIGNUP_MODE: "invite" } });
    const without = await invite().post("/api/auth/signup", { email: email(), password: "123456" });
    expect(without.status).toBe(403);
    expect((await json(without)).error).toEqual({
      code: "invitation_required",
      message: "Rodamos aún está en beta privada: necesitas una invitación para crear tu cuenta.",
    });
    const unknown = await invite().post("/api/auth/signup", {
      email: email(),
      password: "123456",
      ref: crypto.randomUUID(),
    });
    expect(unknown.status).toBe(403);

    const referrer = await signedIn();
    const token = await myToken(referrer.browser);
    const ok = await invite().post("/api/auth/signup", {
      email: email(),
      password: "123456",
      ref: token,
    });
    expect(ok.status).toBe(201);
    expect((await json(ok)).referralClaimed).toBe(true);
    const reused = await invite().post("/api/auth/signup", {
      email: email(),
      password: "123456",
      ref: token,
    });
    expect(reused.status).toBe(403);
    const me = await json(await invite().get("/api/me"));
    expect(me.signupMode).toBe("invite");
  });
});
