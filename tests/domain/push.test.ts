import { describe, expect, test } from "vitest";
import { pushPreferencesSchema, pushSubscriptionSchema, pushTexts } from "../../domain/push.ts";

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
