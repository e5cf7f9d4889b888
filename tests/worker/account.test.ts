import { env } from "cloudflare:workers";
import { eq, inArray, or } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { MSG } from "../../domain/messages.ts";
import {
  emailOutbox,
  passwordResetTokens,
  profiles,
  referrals,
  rideMessages,
  rideParticipants,
  rides,
  rodeWith,
  sessions,
  users,
} from "../../worker/db/schema.ts";
import { routeKeyOf } from "../../worker/gpx/storage.ts";
import { SESSION_COOKIE } from "../../worker/sessions/session.ts";
import { createRide, createUser, db, HOUR, signedIn } from "./helpers/factories.ts";
import { Browser, json } from "./helpers/http.ts";
import { multipart, rideBody, rideRow, SMALL_GPX } from "./helpers/rides.ts";
import { openChat } from "./helpers/sockets.ts";

/** Every key in the GPX bucket, all pages. */
async function allR2Keys(): Promise<string[]> {
  const keys: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await env.GPX.list(cursor ? { cursor } : {});
    keys.push(...page.objects.map((o) => o.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return keys;
}

describe("DELETE /api/account", () => {
  it("erases everything of hers, table by table, and cancels her rides with others", async () => {
    const password = "borrar-123";
    const email = `adios.${Date.now().toString(36)}@example.com`;
    const browser = new Browser();
    await browser.post("/api/auth/signup", { email, password });
    const me = (await json(await browser.get("/api/me"))).user;
    await browser.put("/api/profile", {
      username: `adios${Date.now().toString(36).slice(-6)}`,
      city: "Sevilla",
      modalities: ["road"],
    });
    const secondDevice = new Browser();
    await secondDevice.post("/api/auth/login", { email, password });
    await new Browser().post("/api/auth/reset/request", { email });

    const friend = await createUser();
    const other = await createUser();
    // Upcoming ride of hers with a friend: cancelled with a notice, kept for the friend.
    const shared = await createRide({ organizerId: me.id, participants: [friend.id] });
    // Her solo rides (upcoming and past): deleted.
    const solo = await createRide({ organizerId: me.id });
    const soloPast = await createRide({ organizerId: me.id, startsIn: -48 * HOUR });
    // Past ride of hers with a friend: stays, without her as organizer.
    const pastShared = await createRide({
      organizerId: me.id,
      startsIn: -48 * HOUR,
      participants: [friend.id],
    });
    // Someone else's ride she joined and chatted in.
    const joined = await createRide({ organizerId: other.id, participants: [me.id, friend.id] });
    await db()
      .insert(rideMessages)
      .values([
        { id: crypto.randomUUID(), rideId: joined.id, userId: me.id, body: "¡Hola!" },
        { id: crypto.randomUUID(), rideId: joined.id, userId: friend.id, body: "¡Hola, guapa!" },
      ]);
    await db()
      .insert(rodeWith)
      .values([
        { rideId: pastShared.id, userId: me.id, otherUserId: friend.id },
        { rideId: pastShared.id, userId: friend.id, otherUserId: me.id },
      ]);
    const myInvite = (await json(await browser.get("/api/referrals/mine"))).token;
    await db()
      .insert(referrals)
      .values({ token: crypto.randomUUID(), referrerId: other.id, refereeId: me.id });
    const friendInvite = crypto.randomUUID();
    await db()
      .insert(referrals)
      .values({ token: friendInvite, referrerId: me.id, refereeId: friend.id });

    const res = await browser.delete("/api/account");
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ deleted: true });
    expect(browser.cookies.has(SESSION_COOKIE)).toBe(false);

    const d = db();
    expect(await d.select().from(users).where(eq(users.id, me.id)).all()).toEqual([]);
    expect(await d.select().from(users).where(eq(users.email, email)).all()).toEqual([]);
    expect(await d.select().from(sessions).where(eq(sessions.userId, me.id)).all()).toEqual([]);
    expect(
      await d.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, me.id)).all(),
    ).toEqual([]);
    expect(await d.select().from(emailOutbox).where(eq(emailOutbox.toEmail, email)).all()).toEqual(
      [],
    );
    expect(await d.select().from(profiles).where(eq(profiles.userId, me.id)).all()).toEqual([]);
    expect(
      await d.select().from(rideParticipants).where(eq(rideParticipants.userId, me.id)).all(),
    ).toEqual([]);
    expect(await d.select().from(rideMessages).where(eq(rideMessages.userId, me.id)).all()).toEqual(
      [],
    );
    expect(
      await d
        .select()
        .from(rodeWith)
        .where(or(eq(rodeWith.userId, me.id), eq(rodeWith.otherUserId, me.id)))
        .all(),
    ).toEqual([]);
    expect(
      await d
        .select()
        .from(referrals)
        .where(or(eq(referrals.referrerId, me.id), eq(referrals.refereeId, me.id)))
        .all(),
    ).toEqual([]);
    expect(await d.select().from(referrals).where(eq(referrals.token, myInvite)).all()).toEqual([]);
    expect(await d.select().from(rides).where(eq(rides.organizerId, me.id)).all()).toEqual([]);

    // Her solo rides are gone; the shared ones stay for the others.
    expect(
      await d
        .select()
        .from(rides)
        .where(inArray(rides.id, [solo.id, soloPast.id]))
        .all(),
    ).toEqual([]);
    const cancelled = await d.select().from(rides).where(eq(rides.id, shared.id)).get();
    expect(cancelled).toMatchObject({ status: "cancelled", organizerId: null });
    expect(cancelled?.cancelledAt).toBeGreaterThan(0);
    const notices = await d
      .select()
      .from(rideMessages)
      .where(eq(rideMessages.rideId, shared.id))
      .all();
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      kind: "system",
      userId: null,
      body: "❌ La organizadora ha cancelado esta salida.",
    });
    const past = await d.select().from(rides).where(eq(rides.id, pastShared.id)).get();
    expect(past).toMatchObject({ status: "published", organizerId: null });
    // Other riders keep their own data.
    expect(
      await d.select().from(rideMessages).where(eq(rideMessages.userId, friend.id)).all(),
    ).toHaveLength(1);
    expect(
      await d.select().from(rideParticipants).where(eq(rideParticipants.rideId, joined.id)).all(),
    ).toHaveLength(2);
    expect(await d.select().from(users).where(eq(users.id, friend.id)).get()).toMatchObject({
      email: friend.email,
      suspendedAt: null,
    });

    // Every device is signed out; the same email can sign up again.
    expect((await json(await secondDevice.get("/api/me"))).user).toBeNull();
    const again = await new Browser().post("/api/auth/signup", { email, password: "otra-vez-1" });
    expect(again.status).toBe(201);
  });

  it("tells the open chats of her cancelled rides at once", async () => {
    const friend = await signedIn();
    const { user, browser } = await signedIn();
    const shared = await createRide({ organizerId: user.id, participants: [friend.user.id] });
    const chat = await openChat(friend.browser, shared.id);
    try {
      expect((await browser.delete("/api/account")).status).toBe(200);
      const notice = await chat.next("message", (f) => f.message.kind === "system");
      expect(notice.message.text).toBe(MSG.systemCancelNotice());
    } finally {
      chat.close();
    }
  });

  it("deletes any number of solo rides (no id list against D1's bound-parameter limit), files included", async () => {
    const { user, browser } = await signedIn();
    const solo = await Promise.all(
      Array.from({ length: 120 }, () => createRide({ organizerId: user.id })),
    );
    const gpxKey = `routes/${solo[0]!.id}.gpx`;
    await env.GPX.put(gpxKey, "<gpx/>");
    await env.GPX.put(routeKeyOf(gpxKey), "{}");
    await db().update(rides).set({ routeGpxKey: gpxKey }).where(eq(rides.id, solo[0]!.id));
    expect((await browser.delete("/api/account")).status).toBe(200);
    expect(await db().select().from(rides).where(eq(rides.organizerId, user.id)).all()).toEqual([]);
    expect(await env.GPX.head(gpxKey)).toBeNull();
    // The parsed route beside it goes too.
    expect(await env.GPX.head(routeKeyOf(gpxKey))).toBeNull();
  });

  it("leaves no file of hers in R2: every object under each of her rides, listed after deletion", async () => {
    const { browser } = await signedIn();
    const friend = await signedIn();
    const stranger = await signedIn();
    const upload = async (who: Browser, title: string) => {
      const res = await who.fetch("/api/rides", {
        method: "POST",
        body: multipart(rideBody({ title }), SMALL_GPX),
      });
      expect(res.status).toBe(201);
      return (await json(res)).ride.id as string;
    };
    const solo = await upload(browser, "Sola");
    const shared = await upload(browser, "Con amiga");
    const past = await upload(browser, "Ya rodada");
    const theirs = await upload(stranger.browser, "De otra");
    for (const id of [shared, past]) {
      expect((await friend.browser.post(`/api/rides/${id}/join`)).status).toBe(200);
    }
    await db()
      .update(rides)
      .set({ startTime: Date.now() - 48 * HOUR })
      .where(eq(rides.id, past));
    // A file an interrupted edit left behind, which no row names.
    await env.GPX.put(`rides/${shared}/huerfano.gpx`, SMALL_GPX);
    const hers = [solo, shared, past];
    const keysUnder = async (ids: string[]) =>
      (await allR2Keys()).filter((key) => ids.some((id) => key.startsWith(`rides/${id}/`)));
    // Each upload stored the file and the route beside it.
    expect((await keysUnder(hers)).filter((k) => k.endsWith(".route.json"))).toHaveLength(3);

    expect((await browser.delete("/api/account")).status).toBe(200);
    expect(await keysUnder(hers)).toEqual([]);
    // The rides that stay (cancelled, past) keep no route, and another rider's files stay.
    for (const id of [shared, past]) expect((await rideRow(id))?.routeGpxKey).toBeNull();
    const route = await json(await friend.browser.get(`/api/rides/${past}/route`));
    expect(route.segments).toEqual([]);
    expect(await keysUnder([theirs])).toHaveLength(2);
  });

  it("cancels, not deletes, a solo ride someone joins in the last moment", async () => {
    // Any other rider makes it a cancellation with its notice, never a deletion; the statement
    // that writes decides (there is no read before it), so a join just before the batch counts.
    const latecomer = await createUser();
    const { user, browser } = await signedIn();
    const ride = await createRide({ organizerId: user.id });
    await db().insert(rideParticipants).values({ rideId: ride.id, userId: latecomer.id });
    await browser.delete("/api/account");
    const row = await db().select().from(rides).where(eq(rides.id, ride.id)).get();
    expect(row).toMatchObject({ status: "cancelled", organizerId: null });
    const notices = await db()
      .select()
      .from(rideMessages)
      .where(eq(rideMessages.rideId, ride.id))
      .all();
    expect(notices.map((m) => m.body)).toEqual([MSG.systemCancelNotice()]);
  });

  it("does not cancel someone else's ride she only joined", async () => {
    const organizer = await createUser();
    const { user, browser } = await signedIn();
    const ride = await createRide({ organizerId: organizer.id, participants: [user.id] });
    await browser.delete("/api/account");
    const row = await db().select().from(rides).where(eq(rides.id, ride.id)).get();
    expect(row).toMatchObject({ status: "published", organizerId: organizer.id });
  });

  it("needs a session and our origin", async () => {
    expect((await new Browser().delete("/api/account")).status).toBe(401);
    const { user, browser } = await signedIn();
    const res = await browser.fetch("/api/account", {
      method: "DELETE",
      headers: { Origin: "https://evil.example" },
    });
    expect(res.status).toBe(403);
    expect(await db().select().from(users).where(eq(users.id, user.id)).get()).toMatchObject({
      email: user.email,
    });
  });
});
