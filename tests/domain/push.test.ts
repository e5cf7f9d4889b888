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
      .reminder(ride, "10:00", "hora de Madrid", true)
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
