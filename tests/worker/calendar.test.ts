import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { calendarFeeds, rides } from "../../worker/db/schema.ts";
import { createRide, createUser, db, HOUR, rideWithTwo, signedIn } from "./helpers/factories.ts";
import { Browser, json } from "./helpers/http.ts";
import { parseCalendar } from "./helpers/ics.ts";
import { lastMailTo } from "./helpers/mail.ts";
import { rideBody } from "./helpers/rides.ts";
import { moderator } from "./helpers/safety.ts";

const icsOf = async (browser: Browser, rideId: string) => {
  const res = await browser.get(`/api/rides/${rideId}/calendar.ics`);
  expect(res.status).toBe(200);
  return { res, calendar: parseCalendar(await res.text()) };
};

describe("Añadir al calendario", () => {
  test("one event on the ride's clock: zone, times, meeting point, link", async () => {
    const { browser, user } = await signedIn();
    // 14:30 UTC on a winter day: 14:30 in Canarias, 15:30 in Madrid.
    const start = Date.UTC(2027, 0, 16, 14, 30);
    const ride = await createRide({ organizerId: user.id, city: "Santa Cruz de Tenerife" });
    await db().update(rides).set({ startTime: start }).where(eq(rides.id, ride.id));
    const { res, calendar } = await icsOf(browser, ride.id);
    expect(res.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    expect(res.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="salida-.+\.ics"$/,
    );
    expect(calendar.method).toBe("PUBLISH");
    expect(calendar.timezones).toEqual(["Atlantic/Canary"]);
    const [event] = calendar.events;
    expect(event).toMatchObject({
      uid: `ride-${ride.id}@rodamos.app`,
      summary: ride.title,
      tzid: "Atlantic/Canary",
      localTime: "14:30",
      start,
      end: start + 3 * HOUR,
      location: "Puerta del Sol, Santa Cruz de Tenerife",
      url: `http://localhost/app/ride/${ride.id}`,
      status: "CONFIRMED",
      sequence: 0,
    });
    expect(event?.description).toContain(`http://localhost/app/ride/${ride.id}`);
  });

  test("a Madrid ride in summer reads 09:00 on Madrid's clock", async () => {
    const { browser, user } = await signedIn();
    const start = Date.UTC(2027, 6, 3, 7, 0);
    const ride = await createRide({ organizerId: user.id, city: "Madrid" });
    await db().update(rides).set({ startTime: start }).where(eq(rides.id, ride.id));
    const { calendar } = await icsOf(browser, ride.id);
    expect(calendar.events[0]).toMatchObject({ tzid: "Europe/Madrid", localTime: "09:00", start });
  });

  test("an edit keeps the UID and raises SEQUENCE and DTSTAMP; a cancellation says CANCELLED", async () => {
    const { ana, bea, ride } = await rideWithTwo();
    // The edit lands a few seconds after the ride was made.
    await db()
      .update(rides)
      .set({ createdAt: Date.now() - 5000 })
      .where(eq(rides.id, ride.id));
    const before = (await icsOf(bea.browser, ride.id)).calendar.events[0]!;
    const edited = await ana.browser.put(
      `/api/rides/${ride.id}`,
      rideBody({ title: "Nueva hora", meetingPoint: "Templo de Debod" }, 72 * HOUR),
    );
    const newStart = (await json(edited)).ride.startTime;
    const after = (await icsOf(bea.browser, ride.id)).calendar.events[0]!;
    expect(after.uid).toBe(before.uid);
    expect(after.sequence).toBeGreaterThan(before.sequence);
    expect(after.dtstamp).toBeGreaterThan(before.dtstamp);
    // iCalendar times are to the second.
    expect(after).toMatchObject({
      summary: "Nueva hora",
      start: Math.floor(newStart / 1000) * 1000,
    });
    expect(after.location).toBe("Templo de Debod, Madrid");
    await ana.browser.put(
      `/api/rides/${ride.id}`,
      rideBody({ meetingPoint: "Estación de Atocha, Madrid" }, 72 * HOUR),
    );
    expect((await icsOf(bea.browser, ride.id)).calendar.events[0]?.location).toBe(
      "Estación de Atocha, Madrid",
    );

    // The cancellation comes seconds later (as if the ride had been made earlier still).
    await db()
      .update(rides)
      .set({ createdAt: Date.now() - 9000 })
      .where(eq(rides.id, ride.id));
    await ana.browser.post(`/api/rides/${ride.id}/cancel`, { reason: "Lluvia" });
    const cancelled = (await icsOf(bea.browser, ride.id)).calendar.events[0]!;
    expect(cancelled).toMatchObject({ uid: before.uid, status: "CANCELLED" });
    expect(cancelled.sequence).toBeGreaterThan(after.sequence);
  });

  test("needs a rider with a profile; an unknown ride is a 404, a malformed id a 400", async () => {
    const { user } = await signedIn();
    const ride = await createRide({ organizerId: user.id });
    expect((await new Browser().get(`/api/rides/${ride.id}/calendar.ics`)).status).toBe(401);
    const { browser } = await signedIn();
    expect((await browser.get("/api/rides/unknownid123/calendar.ics")).status).toBe(404);
    expect((await browser.get("/api/rides/nope!/calendar.ics")).status).toBe(400);
  });
});

describe("her calendar feed", () => {
  async function newFeed(browser: Browser) {
    const res = await browser.post("/api/calendar/feed");
    expect(res.status).toBe(201);
    const { url } = await json<{ url: string }>(res);
    return new URL(url).pathname;
  }

  test("lists her upcoming rides (cancelled ones as such), no one else's, naming no rider", async () => {
    const me = await signedIn({ username: "yo_misma" });
    const organizer = await createUser({ username: "org_lucia" });
    const other = await createUser({ username: "otra_rider" });
    const mine = await createRide({
      organizerId: me.user.id,
      title: "Organizo yo",
      participants: [other.id],
    });
    const joined = await createRide({
      organizerId: organizer.id,
      title: "Me apunté",
      participants: [me.user.id, other.id],
    });
    const cancelled = await createRide({
      organizerId: organizer.id,
      title: "Se canceló",
      participants: [me.user.id],
      status: "cancelled",
    });
    await createRide({
      organizerId: organizer.id,
      title: "Ya pasó",
      participants: [me.user.id],
      startsIn: -3 * HOUR,
    });
    await createRide({ organizerId: organizer.id, title: "No voy" });

    const path = await newFeed(me.browser);
    // A calendar app has no cookie.
    const res = await new Browser().get(path);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    const text = await res.text();
    const { events } = parseCalendar(text);
    expect(events.map((e) => e.uid).sort()).toEqual(
      [mine.id, joined.id, cancelled.id].map((id) => `ride-${id}@rodamos.app`).sort(),
    );
    expect(events.find((e) => e.uid.includes(cancelled.id))?.status).toBe("CANCELLED");
    for (const name of [
      "yo_misma",
      "org_lucia",
      "otra_rider",
      me.user.email,
      other.id,
      organizer.id,
    ]) {
      expect(text).not.toContain(name);
    }
  });

  test("shows only a hash; a new URL replaces the old; revoked, it is gone", async () => {
    const { browser, user } = await signedIn();
    const first = await newFeed(browser);
    const row = await db()
      .select()
      .from(calendarFeeds)
      .where(eq(calendarFeeds.userId, user.id))
      .get();
    const token = first.split("/").at(-1)!.replace(".ics", "");
    expect(row?.tokenHash).not.toContain(token);
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(await json(await browser.get("/api/calendar/feed"))).toMatchObject({ status: "active" });

    const second = await newFeed(browser);
    expect(second).not.toBe(first);
    expect((await new Browser().get(first)).status).toBe(404);
    expect((await new Browser().get(second)).status).toBe(200);

    expect((await browser.delete("/api/calendar/feed")).status).toBe(204);
    expect((await new Browser().get(second)).status).toBe(404);
    expect(await json(await browser.get("/api/calendar/feed"))).toEqual({ status: "none" });
  });

  test("a password change stops the URL and settings say so", async () => {
    const password = "una-clave-larga";
    const signup = new Browser();
    await signup.post("/api/auth/signup", { email: "feed@example.com", password });
    await signup.put("/api/profile", {
      username: "feedrider",
      city: "Madrid",
      modalities: ["road"],
      avatarKey: "ava01",
      birthDate: "1990-01-01",
    });
    const path = await newFeed(signup);
    expect((await new Browser().get(path)).status).toBe(200);
    const changed = await signup.post("/api/auth/password", {
      currentPassword: password,
      newPassword: "otra-clave-larga",
    });
    expect(changed.status).toBe(200);
    expect((await new Browser().get(path)).status).toBe(404);
    expect(await json(await signup.get("/api/calendar/feed"))).toMatchObject({ status: "stopped" });
    // A new one works again.
    expect((await new Browser().get(await newFeed(signup))).status).toBe(200);
  });

  // Every way of shutting others out of her account also ends the feed's URL, which
  // answers then as a revoked one (a plain 404).
  describe("stops with whatever shuts others out of her account", () => {
    async function riderWithFeed() {
      const password = "una-clave-larga";
      const address = `feed.${crypto.randomUUID().slice(0, 8)}@example.com`;
      const browser = new Browser();
      await browser.post("/api/auth/signup", { email: address, password });
      await browser.put("/api/profile", {
        username: `feed${crypto.randomUUID().slice(0, 8)}`,
        city: "Madrid",
        modalities: ["road"],
        avatarKey: "ava01",
      });
      const userId = (await json(await browser.get("/api/me"))).user.id as string;
      const path = await newFeed(browser);
      expect((await new Browser().get(path)).status).toBe(200);
      return { browser, address, userId, path };
    }

    test("a reset through the mailed link", async () => {
      const { browser, address, path } = await riderWithFeed();
      await new Browser().post("/api/auth/reset/request", { email: address });
      const token = /reset=([a-z0-9]+)/.exec((await lastMailTo(address)) ?? "")?.[1];
      expect(token).toMatch(/^[a-z2-7]{32}$/);
      const reset = new Browser();
      const confirmed = await reset.post("/api/auth/reset/confirm", {
        token,
        password: "clave-nueva-larga",
      });
      expect(confirmed.status).toBe(200);
      expect((await new Browser().get(path)).status).toBe(404);
      expect(await json(await reset.get("/api/calendar/feed"))).toMatchObject({
        status: "stopped",
      });
      // The browser that asked for the feed was signed out by the reset.
      expect((await browser.get("/api/calendar/feed")).status).toBe(401);
    });

    test("'Cerrar sesión en todos los dispositivos'", async () => {
      const { browser, address, path } = await riderWithFeed();
      expect((await browser.post("/api/auth/logout-everywhere")).status).toBe(200);
      expect((await new Browser().get(path)).status).toBe(404);
      const again = new Browser();
      await again.post("/api/auth/login", { email: address, password: "una-clave-larga" });
      expect(await json(await again.get("/api/calendar/feed"))).toMatchObject({
        status: "stopped",
      });
    });

    test("a suspension, and lifting it does not bring it back", async () => {
      const { userId, path } = await riderWithFeed();
      const mod = await moderator();
      const suspended = await mod.browser.post(`/api/moderation/users/${userId}/suspend`, {
        reason: "acoso",
      });
      expect(suspended.status).toBe(200);
      expect((await new Browser().get(path)).status).toBe(404);
      const lifted = await mod.browser.post(`/api/moderation/users/${userId}/unsuspend`, {
        reason: "revisado",
      });
      expect(lifted.status).toBe(200);
      expect((await new Browser().get(path)).status).toBe(404);
    });

    test("account deletion", async () => {
      const { browser, userId, path } = await riderWithFeed();
      expect((await browser.delete("/api/account")).status).toBe(200);
      expect((await new Browser().get(path)).status).toBe(404);
      const left = await db()
        .select()
        .from(calendarFeeds)
        .where(eq(calendarFeeds.userId, userId))
        .all();
      expect(left).toEqual([]);
    });
  });

  test("a wrong or malformed token is a plain 404", async () => {
    for (const file of [`${"a".repeat(32)}.ics`, "x.ics", "../../etc.ics"]) {
      expect((await new Browser().get(`/api/calendar/feed/${file}`)).status).toBe(404);
    }
  });
});
