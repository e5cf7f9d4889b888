import { describe, expect, test } from "vitest";
import { pushPreferencesSchema, pushSubscriptionSchema, pushTexts } from "../../domain/push.ts";
import { RIDE_DAY_MSG } from "../../domain/ride-day.ts";
import { WEATHER_TEXTS } from "../../domain/weather.ts";

const ride = { id: "r1", title: "Gravel al alba" };

describe("push texts", () => {
  test("chat says how many, and opens the chat", () => {
    expect(pushTexts.chat(ride, 1).body).toBe("Tienes 1 mensaje nuevo en el chat.");
    expect(pushTexts.chat(ride, 4)).toEqual({
      title: "Gravel al alba",
      body: "Tienes 4 mensajes nuevos en el chat.",
      url: "/app/ride/r1/chat",
      tag: "chat-r1",
    });
  });

  test("a cancellation carries the reason when there is one", () => {
    expect(pushTexts.rideCancelled(ride, "Tormenta").body).toBe(
      "La organizadora ha cancelado esta salida. Motivo: Tormenta",
    );
    expect(pushTexts.rideCancelled(ride, null).body).toBe(
      "La organizadora ha cancelado esta salida.",
    );
  });

  test("joins and leaves in one sentence", () => {
    expect(pushTexts.roster(ride, ["ana"], []).body).toBe("ana se ha unido.");
    expect(pushTexts.roster(ride, ["ana", "bea", "carla", "dora"], ["eva"]).body).toBe(
      "ana, bea y 2 más se han unido. eva se ha ido.",
    );
  });

  test("'¿Sigue en pie?' is answered from the push; 'Cancelar' opens the ride's question", () => {
    const push = pushTexts.stillOn(ride, "Lluvia probable");
    expect(push.url).toBe("/app/ride/r1?tiempo=sigue");
    expect(push.actions).toEqual([
      {
        action: "still-on",
        title: WEATHER_TEXTS.stillOn,
        post: "/api/rides/r1/still-on",
        done: WEATHER_TEXTS.stillOnPosted,
      },
      { action: "cancel", title: "Cancelar", url: "/app/ride/r1?tiempo=cancelar" },
    ]);
  });

  test("the reminder's 'soltar mi plaza' leaves the ride and says so", () => {
    const release = pushTexts
      .reminder(
        { ...ride, startTime: Date.parse("2026-06-13T08:00:00Z"), timeZone: "Europe/Madrid" },
        Date.parse("2026-06-13T06:00:00Z"),
        true,
      )
      .actions?.find((a) => a.action === "release");
    expect(release).toEqual({
      action: "release",
      title: RIDE_DAY_MSG.stillGoingRelease,
      post: "/api/rides/r1/leave",
      done: RIDE_DAY_MSG.released,
    });
  });
});

describe("schemas", () => {
  test("a subscription needs a 65-byte key and a 16-byte secret", () => {
    // 65 bytes (an uncompressed P-256 point) and 16 bytes, base64url.
    const key = `BA${"c".repeat(85)}`;
    const auth = "AAAAAAAAAAAAAAAAAAAAAA";
    const ok = { endpoint: "https://fcm.googleapis.com/x", keys: { p256dh: key, auth } };
    expect(pushSubscriptionSchema.safeParse(ok).success).toBe(true);
    expect(
      pushSubscriptionSchema.safeParse({ ...ok, keys: { p256dh: key.slice(4), auth } }).success,
    ).toBe(false);
    expect(pushSubscriptionSchema.safeParse({ ...ok, endpoint: "ftp://x" }).success).toBe(false);
  });

  test("preferences need every switch", () => {
    expect(pushPreferencesSchema.safeParse({ chat: true }).success).toBe(false);
  });
});

describe("the reminder 2 hours before says 'Hoy' or 'Mañana' on the ride's clock", () => {
  const reminder = (startUtc: string, sentUtc: string, timeZone: string, ask = false) =>
    pushTexts.reminder(
      { ...ride, startTime: Date.parse(startUtc), timeZone },
      Date.parse(sentUtc),
      ask,
    );

  test("a ride at 00:30, told at 22:30 the evening before, is tomorrow's", () => {
    // 00:30 of 13 June in Madrid (CEST, UTC+2), sent at 22:30 of the 12th.
    const push = reminder("2026-06-12T22:30:00Z", "2026-06-12T20:30:00Z", "Europe/Madrid");
    expect(push.title).toBe("Mañana ruedas: «Gravel al alba»");
    expect(push.body).toBe("La salida empieza a las 00:30 (hora de Madrid). ¡Buena ruta!");
    // The rider asked whether she still goes gets the same title.
    expect(
      reminder("2026-06-12T22:30:00Z", "2026-06-12T20:30:00Z", "Europe/Madrid", true).title,
    ).toBe("Mañana ruedas: «Gravel al alba»");
  });

  test("a ride at 10:00, told at 08:00, is today's", () => {
    const push = reminder("2026-06-13T08:00:00Z", "2026-06-13T06:00:00Z", "Europe/Madrid");
    expect(push.title).toBe("Hoy ruedas: «Gravel al alba»");
    expect(push.body).toBe("La salida empieza a las 10:00 (hora de Madrid). ¡Buena ruta!");
  });

  test("across the spring change, the day is Madrid's, not UTC's", () => {
    // 29 March 2026: 02:00 CET becomes 03:00 CEST. A ride at 03:30 CEST (01:30 UTC) is told at
    // 00:30 CET (23:30 UTC of the 28th): the same day in Madrid though not in UTC.
    const early = reminder("2026-03-29T01:30:00Z", "2026-03-28T23:30:00Z", "Europe/Madrid");
    expect(early.title).toBe("Hoy ruedas: «Gravel al alba»");
    expect(early.body).toBe("La salida empieza a las 03:30 (hora de Madrid). ¡Buena ruta!");
    // A ride at 01:30 CET (00:30 UTC), told at 23:30 CET of the 28th, is tomorrow's.
    const night = reminder("2026-03-29T00:30:00Z", "2026-03-28T22:30:00Z", "Europe/Madrid");
    expect(night.title).toBe("Mañana ruedas: «Gravel al alba»");
    expect(night.body).toBe("La salida empieza a las 01:30 (hora de Madrid). ¡Buena ruta!");
  });

  test("a Canary ride reads the day on the Canary clock, not Madrid's", () => {
    // 23:30 of 12 June in the Canaries (WEST, UTC+1), told at 21:30: today there, though Madrid's
    // clock would read 00:30 of the 13th for the start and 22:30 of the 12th for the push.
    const today = reminder("2026-06-12T22:30:00Z", "2026-06-12T20:30:00Z", "Atlantic/Canary");
    expect(today.title).toBe("Hoy ruedas: «Gravel al alba»");
    expect(today.body).toBe("La salida empieza a las 23:30 (hora canaria). ¡Buena ruta!");
    // 00:30 of the 13th in the Canaries, told at 22:30 of the 12th.
    const tomorrow = reminder("2026-06-12T23:30:00Z", "2026-06-12T21:30:00Z", "Atlantic/Canary");
    expect(tomorrow.title).toBe("Mañana ruedas: «Gravel al alba»");
    expect(tomorrow.body).toBe("La salida empieza a las 00:30 (hora canaria). ¡Buena ruta!");
  });

  test("a zone off the city list is read through Intl", () => {
    // 00:15 of 13 June in Lisbon (WEST, UTC+1), told at 22:15 of the 12th.
    const push = reminder("2026-06-12T23:15:00Z", "2026-06-12T21:15:00Z", "Europe/Lisbon");
    expect(push.title).toBe("Mañana ruedas: «Gravel al alba»");
    expect(push.body).toBe("La salida empieza a las 00:15 (hora de Lisboa). ¡Buena ruta!");
  });
});
