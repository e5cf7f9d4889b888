import { describe, expect, it } from "vitest";
import { MSG } from "../../domain/messages.ts";
import { rodeWith } from "../../worker/db/schema.ts";
import { createRide, createUser, db, HOUR, signedIn } from "./helpers/factories.ts";
import { Browser, json } from "./helpers/http.ts";

const DAY = 24 * HOUR;

describe("GET /api/users/:username", () => {
  it("shows the profile with zero stats for a new rider", async () => {
    const { user, browser } = await signedIn({
      username: "NuevaRider",
      city: "Cádiz",
      modalities: ["gravel"],
    });
    const res = await browser.get("/api/users/nuevarider");
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body).toMatchObject({
      profile: {
        userId: user.id,
        username: "NuevaRider",
        city: "Cádiz",
        modalities: ["gravel"],
        avatarKey: "ava01",
      },
      stats: { completedRides: 0, connections: 0, history: [] },
      isOwner: true,
    });
    expect(body.profile.memberSince).toEqual(expect.any(Number));
  });

  it("counts completed rides without her own organised ones, connections and the top 3", async () => {
    const her = await createUser({ username: "Historiadora" });
    const friends = await Promise.all(
      ["Amiga_1", "Amiga_2", "Amiga_3", "Amiga_4"].map((username) => createUser({ username })),
    );
    const org = friends[0]!;
    // Counted: she joined someone else's ride that took place (twice), or one marked completed.
    const r1 = await createRide({
      organizerId: org.id,
      startsIn: -2 * DAY,
      participants: [her.id],
    });
    await createRide({ organizerId: org.id, startsIn: -DAY, participants: [her.id] });
    await createRide({
      organizerId: org.id,
      startsIn: DAY,
      status: "completed",
      participants: [her.id],
    });
    // Not counted: her own ride, a cancelled one, a future one.
    await createRide({ organizerId: her.id, startsIn: -DAY });
    await createRide({
      organizerId: org.id,
      startsIn: -DAY,
      status: "cancelled",
      participants: [her.id],
    });
    await createRide({ organizerId: org.id, startsIn: DAY, participants: [her.id] });
    const times = [3, 1, 2, 5];
    await db()
      .insert(rodeWith)
      .values(
        friends.map((f, i) => ({
          rideId: r1.id,
          userId: her.id,
          otherUserId: f.id,
          timesRodeWith: times[i]!,
        })),
      );
    const { browser } = await signedIn();
    const body = await json(await browser.get("/api/users/Historiadora"));
    expect(body.isOwner).toBe(false);
    expect(body.stats.completedRides).toBe(3);
    expect(body.stats.connections).toBe(4);
    expect(
      body.stats.history.map(
        (h: { username: string; times: number }) => `${h.times}× ${h.username}`,
      ),
    ).toEqual(["5× Amiga_4", "3× Amiga_1", "2× Amiga_3"]);
  });

  it("answers 404 for an unknown username", async () => {
    const { browser } = await signedIn();
    const res = await browser.get("/api/users/nadie_aqui");
    expect(res.status).toBe(404);
    expect((await json(res)).error).toEqual({ code: "not_found", message: MSG.userNotFound });
  });

  it("is for signed-in riders", async () => {
    await createUser({ username: "Visible" });
    expect((await new Browser().get("/api/users/Visible")).status).toBe(401);
  });
});
