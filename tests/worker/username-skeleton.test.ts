// Look-alike usernames (docs/product.md#look-alike-usernames, ADR 0021): a new or changed username
// whose skeleton another profile has is taken — on profile setup, on edit and in the live check —
// and the migration gives existing profiles their skeleton without failing on older look-alikes.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { MSG } from "../../domain/messages.ts";
import { normalizeUsernameKey, usernameSkeleton } from "../../domain/username.ts";
import { firstFreeUsername } from "../../worker/auth/queries.ts";
import { profiles } from "../../worker/db/schema.ts";
import { createUser, db, signedIn } from "./helpers/factories.ts";
import { Browser, json } from "./helpers/http.ts";
import { readsBeforeWrites } from "./helpers/interleave.ts";

const profile = (username: string) => ({ username, city: "Madrid", modalities: ["road"] });

let n = 0;
/** A fresh base name per test (the file shares one database). */
const fresh = (base: string) =>
  `${base}${"abcdefghjk"[n++ % 10]}${"pqrstuvwxy"[Math.floor(n / 10) % 10]}`;

async function expectTaken(res: Response) {
  expect(res.status).toBe(409);
  expect((await json(res)).error).toEqual({
    code: "username_taken",
    message: MSG.usernameTakenOnSave,
  });
}

/** A profile as it was before skeletons existed: a look-alike of an older name, and no skeleton. */
async function createdBeforeSkeletons(username: string) {
  const user = await createUser({ username: fresh("Provisional") });
  await env.DB.prepare(
    "UPDATE profiles SET username = ?, username_key = ?, username_skeleton = NULL WHERE user_id = ?",
  )
    .bind(username, normalizeUsernameKey(username), user.id)
    .run();
  return { ...user, username };
}

async function availability(browser: Browser, name: string) {
  const res = await browser.get(`/api/profile/username-available?name=${encodeURIComponent(name)}`);
  expect(res.status).toBe(200);
  return json(res);
}

describe("a look-alike of someone's username is not available", () => {
  it("at profile setup after sign-up: 'EIenaChill' (capital i) beside 'ElenaChill'", async () => {
    const elena = fresh("ElenaChill");
    await createUser({ username: elena });
    const { user, browser } = await signedIn({ username: null });
    const lookAlike = elena.replace("El", "EI");
    await expectTaken(await browser.put("/api/profile", profile(lookAlike)));
    expect(await db().select().from(profiles).where(eq(profiles.userId, user.id)).get()).toBe(
      undefined,
    );
    // Any other name is fine.
    expect((await browser.put("/api/profile", profile(fresh("Elena_Gravel")))).status).toBe(200);
  });

  it("on profile edit: 'Lucía_BTT' beside 'Lucia_BTT', Cyrillic 'а', '0' for 'O'", async () => {
    const base = fresh("Lucia_BTT");
    await createUser({ username: base });
    const { user, browser } = await signedIn({ username: fresh("Marta") });
    for (const lookAlike of [
      base.replace("Lucia", "Lucía"),
      base.replace("a_", "\u0430_"),
      base.toUpperCase(),
      base.replace("Lucia", "Lucla"),
    ]) {
      const res = await browser.put("/api/profile", profile(lookAlike));
      if (res.status === 400) {
        // Cyrillic letters are refused by the username's alphabet before anything else.
        expect((await json(res)).error.message).toBe(MSG.usernameChars);
        continue;
      }
      await expectTaken(res);
    }
    const row = await db().select().from(profiles).where(eq(profiles.userId, user.id)).get();
    expect(row?.username).toBe(user.username);
  });

  it("in the live check, with the spec's text; her own name and its variants are hers", async () => {
    const other = fresh("R0cio");
    await createUser({ username: other });
    const { user, browser } = await signedIn({ username: fresh("Paula") });
    expect(await availability(browser, other.replace("R0", "Ro"))).toEqual({
      status: "taken",
      message: MSG.usernameTaken,
    });
    expect(await availability(browser, other.replace("R0", "RO"))).toMatchObject({
      status: "taken",
    });
    expect(await availability(browser, user.username!.toUpperCase())).toEqual({
      status: "available",
    });
    expect(await availability(browser, fresh("Paula_BTT"))).toEqual({ status: "available" });
  });

  it("two riders saving look-alikes at the same time: exactly one gets it", async () => {
    const name = fresh("Ines_Ruta");
    const DB = readsBeforeWrites(env.DB, {
      read: /^select .* from "profiles"/i,
      write: /^insert into "profiles"/i,
      readers: 2,
    });
    const riders = await Promise.all([1, 2].map(() => signedIn({ username: null })));
    const racing = riders.map(({ browser }) => {
      const racer = new Browser({ env: { DB } });
      for (const [k, v] of browser.cookies) racer.cookies.set(k, v);
      return racer;
    });
    const answers = await Promise.all([
      racing[0]!.put("/api/profile", profile(name)),
      racing[1]!.put("/api/profile", profile(name.replace("Ines", "lnes"))),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const rows = await db()
      .select()
      .from(profiles)
      .where(eq(profiles.usernameSkeleton, usernameSkeleton(name)))
      .all();
    expect(rows).toHaveLength(1);
  });

  it("Google sign-in picks the first candidate that is not a look-alike", async () => {
    const taken = fresh("Elena");
    await createUser({ username: taken });
    const googleName = taken.replace("El", "EI");
    expect(await firstFreeUsername(db(), googleName, "abcdefgh12")).toBe(`${googleName}_2`);
  });
});

describe("the migration's skeletons (migrations/0008_username_skeleton_backfill.sql)", () => {
  const backfill = env.TEST_MIGRATIONS.find((m) => m.name.includes("username_skeleton_backfill"))!;

  async function runBackfill() {
    for (const query of backfill.queries) await env.DB.prepare(query).run();
  }

  it("agree with usernameSkeleton on every character a username allows", async () => {
    const allowed =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789ÁÉÍÓÚÜÑÀÈÌÒÙÏÇáéíóúüñàèìòùïç";
    const users = await Promise.all(
      [...allowed].map((ch, i) =>
        createUser({ username: `zq${String(i).padStart(2, "0")}_${ch}` }),
      ),
    );
    await env.DB.prepare("UPDATE profiles SET username_skeleton = NULL").run();
    await runBackfill();
    for (const user of users) {
      const row = await db().select().from(profiles).where(eq(profiles.userId, user.id)).get();
      expect(row?.usernameSkeleton, user.username!).toBe(usernameSkeleton(user.username!));
    }
  });

  it("do not fail on existing look-alikes: the oldest keeps the skeleton, later ones are reported", async () => {
    const base = fresh("Sofia_Bici");
    const first = await createUser({ username: base });
    // Look-alikes created before skeletons existed: nothing stopped them.
    const second = await createdBeforeSkeletons(base.replace("Sofia", "Sofía"));
    const third = await createdBeforeSkeletons(base.replace("So", "S0"));
    await env.DB.prepare("UPDATE profiles SET username_skeleton = NULL").run();
    for (const [i, user] of [first, second, third].entries()) {
      await env.DB.prepare("UPDATE profiles SET created_at = ? WHERE user_id = ?")
        .bind(1_700_000_000_000 + i, user.id)
        .run();
    }
    await runBackfill();
    const skeletonOf = async (id: string) =>
      (await db().select().from(profiles).where(eq(profiles.userId, id)).get())?.usernameSkeleton;
    expect(await skeletonOf(first.id)).toBe(usernameSkeleton(base));
    expect(await skeletonOf(second.id)).toBeNull();
    expect(await skeletonOf(third.id)).toBeNull();
    // The report query of ADR 0021 names them.
    const { results } = await env.DB.prepare(
      "SELECT username, created_at FROM profiles WHERE username_skeleton IS NULL",
    ).all<{ username: string }>();
    expect(results.map((r) => r.username)).toEqual(
      expect.arrayContaining([second.username, third.username]),
    );
  });

  it("an older look-alike keeps her name on edit, but cannot move to another look-alike", async () => {
    const base = fresh("Noa_Carretera");
    await createUser({ username: base });
    const { user, browser } = await signedIn({ username: `${base.replace("Noa", "NOA")}x` });
    // She became a look-alike before skeletons: her row has none.
    await env.DB.prepare(
      "UPDATE profiles SET username = ?, username_key = ?, username_skeleton = NULL WHERE user_id = ?",
    )
      .bind(base.replace("o", "0"), base.replace("o", "0").toLowerCase(), user.id)
      .run();
    const mine = base.replace("o", "0");
    const kept = await browser.put("/api/profile", { ...profile(mine), city: "Teruel" });
    expect(kept.status).toBe(200);
    expect(await availability(browser, mine)).toEqual({ status: "available" });
    await expectTaken(await browser.put("/api/profile", profile(base.replace("o", "O"))));
    const row = await db().select().from(profiles).where(eq(profiles.userId, user.id)).get();
    expect(row).toMatchObject({ username: mine, city: "Teruel", usernameSkeleton: null });
  });
});
