import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { MSG } from "../../domain/messages.ts";
import { profiles } from "../../worker/db/schema.ts";
import { createUser, db, signedIn } from "./helpers/factories.ts";
import { Browser, json } from "./helpers/http.ts";

const valid = (username: string) => ({
  username,
  city: "Valencia",
  modalities: ["road", "gravel"],
  avatarKey: "ava07",
});

let n = 0;
const uniqueName = (prefix = "rueda") => `${prefix}${Date.now().toString(36).slice(-5)}${n++}`;

describe("PUT /api/profile", () => {
  it("sets up the profile of a new account and completes it", async () => {
    const { user, browser } = await signedIn({ username: null });
    const name = uniqueName("Núria_");
    const res = await browser.put("/api/profile", valid(name));
    expect(res.status).toBe(200);
    expect((await json(res)).user).toMatchObject({
      id: user.id,
      username: name,
      city: "Valencia",
      modalities: ["road", "gravel"],
      avatarKey: "ava07",
      profileComplete: true,
    });
    const row = await db().select().from(profiles).where(eq(profiles.userId, user.id)).get();
    expect(row?.usernameKey).toBe(name.toLowerCase());
  });

  it("edits her profile, keeping her own name", async () => {
    const { user, browser } = await signedIn({ username: uniqueName() });
    const res = await browser.put("/api/profile", {
      ...valid(user.username!),
      city: "Bilbao",
      modalities: ["btt"],
    });
    expect(res.status).toBe(200);
    const row = await db().select().from(profiles).where(eq(profiles.userId, user.id)).get();
    expect(row).toMatchObject({ username: user.username, city: "Bilbao", modalities: ["btt"] });
    expect(row?.updatedAt).toBeGreaterThan(0);
  });

  it("answers the rule's message for an invalid username, city or modalities", async () => {
    const { browser } = await signedIn({ username: null });
    const cases: [Record<string, unknown>, string][] = [
      [valid("ab"), "El nombre debe tener entre 3 y 20 caracteres"],
      [valid("_ana"), "No puede empezar o terminar con guión bajo"],
      [valid("ana__bici"), "No se permiten guiones bajos consecutivos"],
      [valid("ana-bici"), "Solo se permiten letras, números y guiones bajos"],
      [valid("Rodamos"), "Este nombre está reservado"],
      [valid("la_idiota"), "Elige otro nombre"],
      [{ ...valid(uniqueName()), city: " " }, "La ciudad es obligatoria"],
      [{ ...valid(uniqueName()), modalities: [] }, "Selecciona al menos una modalidad"],
    ];
    for (const [body, message] of cases) {
      const res = await browser.put("/api/profile", body);
      expect(res.status).toBe(400);
      expect((await json(res)).error).toMatchObject({ code: "validation_error", message });
    }
  });

  it("refuses a name another rider has in another case or accent case", async () => {
    await createUser({ username: "ana_rueda" });
    await createUser({ username: "Ána_sol" });
    const { user, browser } = await signedIn({ username: null });
    for (const name of ["ANA_RUEDA", "ána_sol", "ÁNA_SOL"]) {
      const res = await browser.put("/api/profile", valid(name));
      expect(res.status).toBe(409);
      expect((await json(res)).error).toEqual({
        code: "username_taken",
        message: "Nombre ya en uso, prueba otro",
      });
    }
    expect(
      await db().select().from(profiles).where(eq(profiles.userId, user.id)).get(),
    ).toBeUndefined();
  });

  it("lets the database's unique index decide a race", async () => {
    const { user, browser } = await signedIn({ username: null });
    const name = uniqueName("carrera");
    // Both pass the availability check; only one write can win.
    const [a, b] = await Promise.all([
      browser.put("/api/profile", valid(name)),
      (async () => {
        const other = await signedIn({ username: null });
        return other.browser.put("/api/profile", valid(name.toUpperCase()));
      })(),
    ]);
    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual([200, 409]);
    const holders = await db()
      .select()
      .from(profiles)
      .where(eq(profiles.usernameKey, name.toLowerCase()))
      .all();
    expect(holders).toHaveLength(1);
    // The name is hers exactly when her write was the one that won.
    expect(holders[0]!.userId === user.id).toBe(a.status === 200);
  });

  it("only ever writes the caller's own row, whatever the body says", async () => {
    const victim = await createUser({ username: uniqueName("victima") });
    const before = await db().select().from(profiles).where(eq(profiles.userId, victim.id)).get();
    const { user, browser } = await signedIn({ username: uniqueName("atacante") });
    const res = await browser.put("/api/profile", {
      ...valid(uniqueName("nuevo")),
      userId: victim.id,
      id: victim.id,
      user_id: victim.id,
    });
    expect(res.status).toBe(200);
    expect((await json(res)).user.id).toBe(user.id);
    const after = await db().select().from(profiles).where(eq(profiles.userId, victim.id)).get();
    expect(after).toEqual(before);
  });

  it("needs a session (401, with the profile forms' text) and our origin (403)", async () => {
    const anonymous = await new Browser().put("/api/profile", valid(uniqueName()));
    expect(anonymous.status).toBe(401);
    expect(await json(anonymous)).toEqual({
      error: { code: "unauthenticated", message: MSG.profileUnauthenticated },
    });
    const { user, browser } = await signedIn({ username: null });
    const cross = await browser.fetch("/api/profile", {
      method: "PUT",
      headers: { Origin: "https://evil.example" },
      json: valid(uniqueName()),
    });
    expect(cross.status).toBe(403);
    expect(
      await db().select().from(profiles).where(eq(profiles.userId, user.id)).get(),
    ).toBeUndefined();
  });
});

describe("GET /api/profile/username-available", () => {
  it("answers available, taken (any case, accents) or invalid with the rule's message", async () => {
    await createUser({ username: "Ána_check" });
    const { browser } = await signedIn({ username: null });
    const check = async (name: string) =>
      json(await browser.get(`/api/profile/username-available?name=${encodeURIComponent(name)}`));
    expect(await check(uniqueName("libre"))).toEqual({ status: "available" });
    for (const name of ["ána_check", "ÁNA_CHECK", "Ána_check"]) {
      expect(await check(name)).toEqual({
        status: "taken",
        message: "Nombre ya en uso, prueba con otro",
      });
    }
    expect(await check("ab")).toEqual({
      status: "invalid",
      message: "El nombre debe tener entre 3 y 20 caracteres",
    });
    expect(await check("admin")).toEqual({
      status: "invalid",
      message: "Este nombre está reservado",
    });
    expect(await check("")).toEqual({
      status: "invalid",
      message: "El nombre de usuario es requerido",
    });
  });

  it("counts her own current name as available, in any case", async () => {
    const name = uniqueName("mia");
    const { browser } = await signedIn({ username: name });
    const res = await browser.get(`/api/profile/username-available?name=${name.toUpperCase()}`);
    expect(await json(res)).toEqual({ status: "available" });
  });

  it("needs a session", async () => {
    const res = await new Browser().get("/api/profile/username-available?name=alguien");
    expect(res.status).toBe(401);
  });
});
