import { describe, expect, test } from "vitest";
import {
  encryptPayload,
  fromBase64url,
  importEcdhKeyPair,
  MAX_PAYLOAD_BYTES,
  pushRequest,
  toBase64url,
  vapidAuthorization,
} from "../../worker/push/web-push.ts";
import { b64u, createPushDevice } from "../support/push-device.ts";

// RFC 8291 Appendix A ("Push Message Encryption Example"), verbatim.
const RFC8291 = {
  plaintext: "When I grow up, I want to be a watermelon",
  asPublic:
    "BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8",
  asPrivate: "yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw",
  uaPublic:
    "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4",
  uaPrivate: "q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94",
  salt: "DGv6ra1nlYgDCS1FRnbzlw",
  authSecret: "BTBZMqHH6r4Tts7J_aSIgg",
  body:
    "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27ml" +
    "mlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPT" +
    "pK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN",
};

describe("RFC 8291 aes128gcm encryption", () => {
  test("reproduces the RFC's example byte for byte (unpadded, as the RFC's)", async () => {
    const body = await encryptPayload(
      new TextEncoder().encode(RFC8291.plaintext),
      { p256dh: RFC8291.uaPublic, auth: RFC8291.authSecret },
      {
        salt: fromBase64url(RFC8291.salt),
        senderKeys: await importEcdhKeyPair(
          fromBase64url(RFC8291.asPublic),
          fromBase64url(RFC8291.asPrivate),
        ),
        padTo: 0,
      },
    );
    expect(toBase64url(body)).toBe(RFC8291.body);
  });

  test("the test stand-in decrypts the RFC's body with the RFC's device keys", async () => {
    const device = await createPushDevice({
      publicKey: RFC8291.uaPublic,
      privateKey: RFC8291.uaPrivate,
      auth: RFC8291.authSecret,
    });
    expect(await device.decrypt(b64u.decode(RFC8291.body))).toBe(RFC8291.plaintext);
  });

  test("a fresh salt and sender key each time; only her device can read it", async () => {
    const device = await createPushDevice();
    const other = await createPushDevice();
    const { keys } = device.subscription("https://push.example/x");
    const text = new TextEncoder().encode("¡Hola, grupeta! 🚴");
    const [a, b] = await Promise.all([encryptPayload(text, keys), encryptPayload(text, keys)]);
    expect(toBase64url(a.slice(0, 16))).not.toBe(toBase64url(b.slice(0, 16)));
    expect(await device.decrypt(a)).toBe("¡Hola, grupeta! 🚴");
    await expect(other.decrypt(a)).rejects.toThrow();
  });

  test("pads every payload to one length, so its size tells nothing (RFC 8291 §4)", async () => {
    const device = await createPushDevice();
    const { keys } = device.subscription("https://push.example/x");
    const texts = [
      '{"title":"Rodamos"}',
      JSON.stringify({
        title: "Salida cancelada",
        body: "Ruta del Pantano: llueve mucho ".repeat(20),
      }),
      "x".repeat(MAX_PAYLOAD_BYTES),
    ];
    const bodies = await Promise.all(
      texts.map((text) => encryptPayload(new TextEncoder().encode(text), keys)),
    );
    expect(bodies.map((body) => body.length)).toEqual([4096, 4096, 4096]);
    for (const [i, body] of bodies.entries()) expect(await device.decrypt(body)).toBe(texts[i]);
  });

  test("refuses a payload that does not fit one record", async () => {
    const device = await createPushDevice();
    await expect(
      encryptPayload(new Uint8Array(4000), device.subscription("https://p.example/").keys),
    ).rejects.toThrow(/too large/);
  });
});

/** A VAPID key pair in the form our settings hold it (base64url raw point and d). */
async function exportVapid(pair: CryptoKeyPair) {
  const raw = (await crypto.subtle.exportKey("raw", pair.publicKey)) as ArrayBuffer;
  const jwk = (await crypto.subtle.exportKey("jwk", pair.privateKey)) as JsonWebKey;
  return { publicKey: toBase64url(raw), privateKey: jwk.d ?? "" };
}

describe("VAPID (RFC 8292)", () => {
  test("signs a JWT for the push service's origin that our public key verifies", async () => {
    const pair = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, [
      "sign",
      "verify",
    ])) as CryptoKeyPair;
    const { publicKey, privateKey: d } = await exportVapid(pair);
    const now = new Date("2026-11-20T10:00:00Z");
    const header = await vapidAuthorization(
      "https://fcm.googleapis.com/fcm/send/abc:def",
      { publicKey, privateKey: d, subject: "mailto:hola@rodamos.app" },
      now,
    );
    const [, token, key] = /^vapid t=([^,]+), k=(.+)$/.exec(header) ?? [];
    expect(key).toBe(publicKey);
    const [head, claims, signature] = (token ?? "").split(".");
    expect(JSON.parse(new TextDecoder().decode(b64u.decode(head!)))).toEqual({
      typ: "JWT",
      alg: "ES256",
    });
    expect(JSON.parse(new TextDecoder().decode(b64u.decode(claims!)))).toEqual({
      aud: "https://fcm.googleapis.com",
      exp: now.getTime() / 1000 + 12 * 3600,
      sub: "mailto:hola@rodamos.app",
    });
    const verified = await crypto.subtle.verify(
      { name: "ECDSA", hash: "SHA-256" },
      pair.publicKey,
      b64u.decode(signature!),
      new TextEncoder().encode(`${head}.${claims}`),
    );
    expect(verified).toBe(true);
  });

  test("a push request carries the encrypted body and RFC 8030 headers", async () => {
    const pair = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, [
      "sign",
    ])) as CryptoKeyPair;
    const vapid = { ...(await exportVapid(pair)), subject: "mailto:hola@rodamos.app" };
    const device = await createPushDevice();
    const request = await pushRequest(
      device.subscription("https://updates.push.services.mozilla.com/wpush/v2/x"),
      '{"title":"Rodamos"}',
      vapid,
      { ttl: 3600, urgency: "high", topic: "chat-abc" },
    );
    expect(request.method).toBe("POST");
    expect(request.headers.get("Content-Encoding")).toBe("aes128gcm");
    expect(request.headers.get("TTL")).toBe("3600");
    expect(request.headers.get("Urgency")).toBe("high");
    expect(request.headers.get("Topic")).toBe("chat-abc");
    expect(request.headers.get("Authorization")).toMatch(/^vapid t=.+, k=/);
    const body = new Uint8Array(await request.arrayBuffer());
    expect(await device.decrypt(body)).toBe('{"title":"Rodamos"}');
  });
});
