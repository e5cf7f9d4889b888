import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { passwordResetTokens, pushSubscriptions, sessions, users } from "../../worker/db/schema.ts";
import { SESSION_COOKIE } from "../../worker/sessions/session.ts";
import { hashToken } from "../../worker/sessions/tokens.ts";
import { createUser, db, signedIn } from "./helpers/factories.ts";
import { Browser, json } from "./helpers/http.ts";
import { readsBeforeWrites } from "./helpers/interleave.ts";
import { lastMailTo } from "./helpers/mail.ts";

let n = 0;
const email = (prefix = "ana") => `${prefix}.${Date.now().toString(36)}${n++}@example.com`;
const PASSWORD = "bici-segura-1";

async function signUp(address = email(), password = PASSWORD) {
  const browser = new Browser();
  const res = await browser.post("/api/auth/signup", { email: address, password });
  return { browser, res, email: address };
}

/** A rider signed up with a profile and one push device (a browser that turned avisos on). */
async function signUpWithADevice() {
  const signed = await signUp();
  await signed.browser.put("/api/profile", {
    username: `todos${n++}x${Date.now().toString(36).slice(-4)}`,
    city: "Madrid",
    modalities: ["road"],
  });
  const put = await signed.browser.put("/api/push/subscription", {
    endpoint: `https://fcm.googleapis.com/fcm/send/todos-${crypto.randomUUID()}`,
    keys: { p256dh: `BA${"c".repeat(85)}`, auth: "A".repeat(22) },
  });
  expect(put.status).toBe(204);
  expect(await devicesOf(signed.email)).toHaveLength(1);
  return signed;
}

async function devicesOf(address: string) {
  const userId = (await findUser(address))!.id;
  return db().select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)).all();
}

async function latestResetLink(to: string): Promise<string> {
  const text = (await lastMailTo(to)) ?? "";
  const link = /https?:\/\/\S+/.exec(text)?.[0];
  if (!link) throw new Error(`no link mailed to ${to}`);
  return link;
}

function findUser(address: string) {
  return db().select().from(users).where(eq(users.email, address)).get();
}

function tokenOf(link: string) {
  return new URLSearchParams(new URL(link).hash.slice(1)).get("reset")!;
}

describe("POST /api/auth/signup", () => {
  it("creates the account, signs her in and asks for her profile", async () => {
    const { browser, res, email: address } = await signUp(email("NUEVA"));
    expect(res.status).toBe(201);
    const body = await json(res);
    expect(body.user).toMatchObject({ email: address.toLowerCase(), profileComplete: false });
    expect(browser.cookies.get(SESSION_COOKIE)).toMatch(/^[a-z2-7]{32}$/);
    const me = await json(await browser.get("/api/me"));
    expect(me.user.email).toBe(address.toLowerCase());
    const row = await db().select().from(users).where(eq(users.email, address.toLowerCase())).get();
    expect(row?.passwordHash).toMatch(/^\$scrypt\$ln=\d+,r=\d+,p=\d+\$/);
    expect(row?.passwordHash).not.toContain(PASSWORD);
  });

  it("sets the session cookie HttpOnly, Secure and SameSite=Lax", async () => {
    const { res } = await signUp();
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/Secure/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
  });

  it("stores only the token's hash", async () => {
    const { browser } = await signUp();
    const token = browser.cookies.get(SESSION_COOKIE)!;
    const rows = await db().select().from(sessions).all();
    expect(rows.some((s) => s.id === token)).toBe(false);
    expect(rows.some((s) => s.id === hashToken(token))).toBe(true);
  });

  it("refuses missing fields and short passwords with the spec's messages", async () => {
    const missing = await new Browser().post("/api/auth/signup", { email: "", password: "" });
    expect(missing.status).toBe(400);
    expect((await json(missing)).error.message).toBe("Por favor completa todos los campos");
    const short = await new Browser().post("/api/auth/signup", {
      email: email(),
      password: "12345",
    });
    expect(short.status).toBe(400);
    expect((await json(short)).error.message).toBe(
      "La contraseña debe tener al menos 6 caracteres",
    );
  });

  it("refuses an email that already has an account, whatever its case", async () => {
    const address = email();
    await signUp(address);
    const again = await signUp(address.toUpperCase());
    expect(again.res.status).toBe(409);
    expect((await json(again.res)).error.code).toBe("conflict");
    expect(await db().select().from(users).where(eq(users.email, address)).all()).toHaveLength(1);
  });

  it("refuses a cross-origin sign-up and creates nothing", async () => {
    const address = email();
    const res = await new Browser().fetch("/api/auth/signup", {
      method: "POST",
      headers: { Origin: "https://evil.example" },
      json: { email: address, password: PASSWORD },
    });
    expect(res.status).toBe(403);
    expect((await json(res)).error.code).toBe("cross_origin");
    expect(await db().select().from(users).where(eq(users.email, address)).get()).toBeUndefined();
  });
});

describe("POST /api/auth/login", () => {
  it("signs in with the right password", async () => {
    const { email: address } = await signUp();
    const browser = new Browser();
    const res = await browser.post("/api/auth/login", { email: address, password: PASSWORD });
    expect(res.status).toBe(200);
    expect((await json(res)).user.email).toBe(address);
    expect((await json(await browser.get("/api/me"))).user.email).toBe(address);
  });

  it("answers 'Credenciales incorrectas' for a wrong password and for an unknown email", async () => {
    const { email: address } = await signUp();
    for (const attempt of [
      { email: address, password: "otra-cosa" },
      { email: email("nadie"), password: PASSWORD },
    ]) {
      const browser = new Browser();
      const res = await browser.post("/api/auth/login", attempt);
      expect(res.status).toBe(401);
      expect(await json(res)).toEqual({
        error: { code: "invalid_credentials", message: "Credenciales incorrectas" },
      });
      expect(browser.cookies.has(SESSION_COOKIE)).toBe(false);
    }
  });

  it("refuses a Google-only account (no password) without revealing it", async () => {
    const user = await createUser({ passwordHash: null });
    const res = await new Browser().post("/api/auth/login", {
      email: user.email,
      password: PASSWORD,
    });
    expect(res.status).toBe(401);
  });

  it("issues a new session id at login and drops the one the browser carried (no fixation)", async () => {
    const { browser, email: address } = await signUp();
    const before = browser.cookies.get(SESSION_COOKIE)!;
    await browser.post("/api/auth/login", { email: address, password: PASSWORD });
    const after = browser.cookies.get(SESSION_COOKIE)!;
    expect(after).toMatch(/^[a-z2-7]{32}$/);
    expect(after).not.toBe(before);
    const stale = new Browser();
    stale.cookies.set(SESSION_COOKIE, before);
    expect((await json(await stale.get("/api/me"))).user).toBeNull();
  });
});

describe("session expiry (sliding, 30 days)", () => {
  const DAY = 24 * 60 * 60 * 1000;

  /** A signed-in browser whose session has `left` ms before it expires. */
  async function sessionWith(left: number) {
    const { user, browser } = await signedIn();
    const sessionId = hashToken(browser.cookies.get(SESSION_COOKIE)!);
    await db()
      .update(sessions)
      .set({ expiresAt: Date.now() + left })
      .where(eq(sessions.id, sessionId));
    const expiresAt = async () =>
      (await db().select().from(sessions).where(eq(sessions.id, sessionId)).get())?.expiresAt;
    return { user, browser, expiresAt };
  }

  it("a session used with 15 days or more left is kept as it is", async () => {
    const { browser, expiresAt } = await sessionWith(20 * DAY);
    const before = await expiresAt();
    const res = await browser.get("/api/me");
    expect((await json(res)).user).not.toBeNull();
    expect(res.headers.get("Set-Cookie")).toBeNull();
    expect(await expiresAt()).toBe(before);
  });

  it("a session used in its last 15 days is extended to 30, cookie included", async () => {
    const { user, browser, expiresAt } = await sessionWith(10 * DAY);
    const res = await browser.get("/api/me");
    expect((await json(res)).user.id).toBe(user.id);
    const renewed = (await expiresAt())!;
    expect(renewed).toBeGreaterThan(Date.now() + 29 * DAY);
    const cookie = res.headers.get("Set-Cookie") ?? "";
    expect(cookie).toContain(`${SESSION_COOKIE}=`);
    expect(new Date(/Expires=([^;]+)/i.exec(cookie)![1]!).getTime()).toBeGreaterThan(
      Date.now() + 29 * DAY,
    );
  });

  it("an expired session signs her out: no user, the row deleted, the cookie cleared", async () => {
    const { browser, expiresAt } = await sessionWith(-1000);
    const res = await browser.get("/api/me");
    expect((await json(res)).user).toBeNull();
    expect(await expiresAt()).toBeUndefined();
    expect(res.headers.get("Set-Cookie")).toMatch(
      new RegExp(`${SESSION_COOKIE}=;.*Max-Age=0`, "i"),
    );
    expect((await browser.get("/api/chats")).status).toBe(401);
  });
});

describe("POST /api/auth/logout", () => {
  it("ends the session: the same cookie is refused afterwards", async () => {
    const { browser } = await signUp();
    const token = browser.cookies.get(SESSION_COOKIE)!;
    const res = await browser.post("/api/auth/logout");
    expect(res.status).toBe(200);
    expect(browser.cookies.has(SESSION_COOKIE)).toBe(false);
    const replay = new Browser();
    replay.cookies.set(SESSION_COOKIE, token);
    expect((await json(await replay.get("/api/me"))).user).toBeNull();
    const write = await replay.put("/api/profile", {
      username: "replayer",
      city: "Madrid",
      modalities: ["road"],
    });
    expect(write.status).toBe(401);
  });
});

describe("POST /api/auth/logout-everywhere ('Cerrar sesión en todos los dispositivos')", () => {
  it("ends every session of hers, this browser's too; other riders keep theirs", async () => {
    const { browser, email: address } = await signUp();
    const phone = new Browser();
    await phone.post("/api/auth/login", { email: address, password: PASSWORD });
    const someoneElse = await signedIn();
    const res = await browser.post("/api/auth/logout-everywhere");
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ ok: true });
    expect(browser.cookies.has(SESSION_COOKIE)).toBe(false);
    expect((await phone.get("/api/referrals/mine")).status).toBe(401);
    const userId = (await findUser(address))!.id;
    expect(await db().select().from(sessions).where(eq(sessions.userId, userId)).all()).toEqual([]);
    expect((await someoneElse.browser.get("/api/referrals/mine")).status).toBe(200);
    // Her password still works: she signs in again.
    const again = await new Browser().post("/api/auth/login", {
      email: address,
      password: PASSWORD,
    });
    expect(again.status).toBe(200);
  });

  it("forgets every push device of hers", async () => {
    const { browser, email: address } = await signUpWithADevice();
    expect((await browser.post("/api/auth/logout-everywhere")).status).toBe(200);
    expect(await devicesOf(address)).toEqual([]);
  });

  it("needs a session, and refuses a cross-origin request without ending any", async () => {
    expect((await new Browser().post("/api/auth/logout-everywhere")).status).toBe(401);
    const { browser } = await signUp();
    const forged = await browser.fetch("/api/auth/logout-everywhere", {
      method: "POST",
      headers: { Origin: "https://evil.example" },
      json: {},
    });
    expect(forged.status).toBe(403);
    expect((await browser.get("/api/referrals/mine")).status).toBe(200);
  });
});

describe("POST /api/auth/password", () => {
  it("changes the password and refuses every older session, this browser continues", async () => {
    const { browser, email: address } = await signUp();
    const other = new Browser();
    await other.post("/api/auth/login", { email: address, password: PASSWORD });
    const oldToken = browser.cookies.get(SESSION_COOKIE)!;
    const res = await browser.post("/api/auth/password", {
      currentPassword: PASSWORD,
      newPassword: "nueva-clave-2",
    });
    expect(res.status).toBe(200);
    expect((await json(await browser.get("/api/me"))).user.email).toBe(address);
    expect(browser.cookies.get(SESSION_COOKIE)).not.toBe(oldToken);
    expect((await json(await other.get("/api/me"))).user).toBeNull();
    const replay = new Browser();
    replay.cookies.set(SESSION_COOKIE, oldToken);
    expect((await json(await replay.get("/api/me"))).user).toBeNull();
    const login = await new Browser().post("/api/auth/login", {
      email: address,
      password: "nueva-clave-2",
    });
    expect(login.status).toBe(200);
  });

  it("ends her push devices too: a stolen session's browser may have turned them on", async () => {
    const { browser, email: address } = await signUpWithADevice();
    const res = await browser.post("/api/auth/password", {
      currentPassword: PASSWORD,
      newPassword: "nueva-clave-2",
    });
    expect(res.status).toBe(200);
    expect(await devicesOf(address)).toEqual([]);
  });

  it("a reset through her mailbox ends them as well", async () => {
    const { email: address } = await signUpWithADevice();
    await new Browser().post("/api/auth/reset/request", { email: address });
    const token = new URL(await latestResetLink(address)).hash.replace("#reset=", "");
    const confirm = await new Browser().post("/api/auth/reset/confirm", {
      token,
      password: "reset-123",
    });
    expect(confirm.status).toBe(200);
    expect(await devicesOf(address)).toEqual([]);
  });

  it("refuses a wrong current password and keeps the old one", async () => {
    const { browser, email: address } = await signUp();
    const res = await browser.post("/api/auth/password", {
      currentPassword: "no-es-esta",
      newPassword: "nueva-clave-2",
    });
    expect(res.status).toBe(400);
    expect((await json(res)).error.message).toBe(
      "Error al actualizar la contraseña: la contraseña actual no es correcta",
    );
    const login = await new Browser().post("/api/auth/login", {
      email: address,
      password: PASSWORD,
    });
    expect(login.status).toBe(200);
  });

  it("needs a session", async () => {
    const res = await new Browser().post("/api/auth/password", { newPassword: "nueva-clave-2" });
    expect(res.status).toBe(401);
  });
});

describe("password reset", () => {
  it("mails a single-use link to /app/login#reset=TOKEN that sets the password and signs in", async () => {
    const { browser: first, email: address } = await signUp();
    const res = await new Browser().post("/api/auth/reset/request", { email: address });
    expect(await json(res)).toEqual({ ok: true });
    const link = await latestResetLink(address);
    // The token is in the fragment, which no browser sends: no request URL carries it.
    expect(link).toMatch(/\/app\/login#reset=[a-z0-9]+$/);
    expect(new URL(link).search).toBe("");
    const token = tokenOf(link);
    // Only the hash is stored.
    const stored = await db().select().from(passwordResetTokens).all();
    expect(stored.some((row) => row.id === token)).toBe(false);
    expect(stored.some((row) => row.id === hashToken(token))).toBe(true);

    const browser = new Browser();
    const confirm = await browser.post("/api/auth/reset/confirm", { token, password: "reset-123" });
    expect(confirm.status).toBe(200);
    expect((await json(confirm)).user.email).toBe(address);
    expect((await json(await browser.get("/api/me"))).user.email).toBe(address);
    // Every older session ended.
    expect((await json(await first.get("/api/me"))).user).toBeNull();
    const login = await new Browser().post("/api/auth/login", {
      email: address,
      password: "reset-123",
    });
    expect(login.status).toBe(200);

    // Reusing the link fails and the password stays.
    const reuse = await new Browser().post("/api/auth/reset/confirm", {
      token,
      password: "otra-456",
    });
    expect(reuse.status).toBe(400);
    expect((await json(reuse)).error.code).toBe("reset_token_invalid");
    const stillNew = await new Browser().post("/api/auth/login", {
      email: address,
      password: "reset-123",
    });
    expect(stillNew.status).toBe(200);
  });

  it("is consumed by the statement that uses it: one of 10 parallel confirms wins, her other sessions end", async () => {
    const { browser: first, email: address } = await signUp();
    await new Browser().post("/api/auth/reset/request", { email: address });
    const token = tokenOf(await latestResetLink(address));
    // Every confirm looks the token up before any of them writes: the interleaving the probe hit
    // with production's slow hashing between the lookup and the write.
    const DB = readsBeforeWrites(env.DB, {
      read: /^select .* from "password_reset_tokens"/i,
      write: /^\s*(insert|update|delete)/i,
      readers: 10,
    });
    const browsers = Array.from({ length: 10 }, () => new Browser({ env: { DB } }));
    const answers = await Promise.all(
      browsers.map((b, i) =>
        b.post("/api/auth/reset/confirm", { token, password: `nueva-${i}-clave` }),
      ),
    );
    const won = answers.flatMap((res, i) => (res.status === 200 ? [i] : []));
    expect(won).toHaveLength(1);
    for (const res of answers.filter((r) => r.status !== 200)) {
      expect(res.status).toBe(400);
      expect((await json(res)).error.code).toBe("reset_token_invalid");
    }
    const winner = won[0]!;
    const user = await db().select().from(users).where(eq(users.email, address)).get();
    // Her only session is the winner's: the sign-up session and every loser have none.
    const rows = await db().select().from(sessions).where(eq(sessions.userId, user!.id)).all();
    expect(rows).toHaveLength(1);
    expect((await json(await browsers[winner]!.get("/api/me"))).user.email).toBe(address);
    for (const [i, b] of browsers.entries()) {
      if (i !== winner) expect((await json(await b.get("/api/me"))).user).toBeNull();
    }
    expect((await json(await first.get("/api/me"))).user).toBeNull();
    // The winner's password is the one set.
    const login = await new Browser().post("/api/auth/login", {
      email: address,
      password: `nueva-${winner}-clave`,
    });
    expect(login.status).toBe(200);
  });

  it("answers the same for an unknown email and mails nothing", async () => {
    const address = email("fantasma");
    const res = await new Browser().post("/api/auth/reset/request", { email: address });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ ok: true });
    expect(await lastMailTo(address)).toBeNull();
  });

  it("asks for the email first", async () => {
    const res = await new Browser().post("/api/auth/reset/request", { email: "" });
    expect(res.status).toBe(400);
    expect((await json(res)).error.message).toBe("Por favor ingresa tu correo electrónico primero");
  });

  it("refuses a forged token", async () => {
    const { email: address } = await signUp();
    const res = await new Browser().post("/api/auth/reset/confirm", {
      token: "abcdefghijklmnopqrstuvwxyz234567",
      password: "forjada-1",
    });
    expect(res.status).toBe(400);
    expect((await json(res)).error).toEqual({
      code: "reset_token_invalid",
      message: "El enlace de recuperación no es válido o ha caducado",
    });
    const login = await new Browser().post("/api/auth/login", {
      email: address,
      password: PASSWORD,
    });
    expect(login.status).toBe(200);
  });

  it("refuses the stored hash used as a token", async () => {
    const { email: address } = await signUp();
    await new Browser().post("/api/auth/reset/request", { email: address });
    const token = tokenOf(await latestResetLink(address));
    const res = await new Browser().post("/api/auth/reset/confirm", {
      token: hashToken(token),
      password: "forjada-1",
    });
    expect(res.status).toBe(400);
  });

  it("refuses an expired token", async () => {
    const { email: address } = await signUp();
    await new Browser().post("/api/auth/reset/request", { email: address });
    const token = tokenOf(await latestResetLink(address));
    await db()
      .update(passwordResetTokens)
      .set({ expiresAt: Date.now() - 1 })
      .where(eq(passwordResetTokens.id, hashToken(token)));
    const res = await new Browser().post("/api/auth/reset/confirm", {
      token,
      password: "tarde-123",
    });
    expect(res.status).toBe(400);
    expect((await json(res)).error.code).toBe("reset_token_invalid");
    const login = await new Browser().post("/api/auth/login", {
      email: address,
      password: PASSWORD,
    });
    expect(login.status).toBe(200);
  });

  it("a token lives one hour", async () => {
    const { email: address } = await signUp();
    const before = Date.now();
    await new Browser().post("/api/auth/reset/request", { email: address });
    const token = tokenOf(await latestResetLink(address));
    const row = await db()
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.id, hashToken(token)))
      .get();
    expect(row!.expiresAt - before).toBeGreaterThanOrEqual(60 * 60 * 1000 - 1000);
    expect(row!.expiresAt - before).toBeLessThanOrEqual(60 * 60 * 1000 + 5000);
  });
});

describe("GET /dev/outbox", () => {
  it("answers 404 outside development", async () => {
    expect(env.ENVIRONMENT).not.toBe("development");
    expect((await new Browser().get("/dev/outbox")).status).toBe(404);
    expect((await new Browser().get("/dev/outbox.json?to=a@b.c")).status).toBe(404);
  });
});
