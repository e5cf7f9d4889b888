// The Web Push protocol with Web Crypto: the payload encrypted for her browser (RFC 8291,
// "aes128gcm" content coding of RFC 8188) and the VAPID authorization (RFC 8292) of our server.
// Kept in-house although @block65/webcrypto-web-push 2.0 now does the same: it draws its own salt
// and keys (so RFC 8291's test vector cannot be checked against it) and refuses the http loopback
// endpoints of development and tests (docs/decisions/0023-reach-her-when-closed.md).
import { decodeBase64urlIgnorePadding, encodeBase64urlNoPadding } from "@oslojs/encoding";

const encoder = new TextEncoder();
/** One record holds the whole payload: push services accept 4096 bytes of body. */
const RECORD_SIZE = 4096;
/** Header (86) + padding delimiter (1) + AES-GCM tag (16) must fit in one 4096-byte record. */
export const MAX_PAYLOAD_BYTES = RECORD_SIZE - 86 - 17;
/**
 * Every payload is padded to this length (RFC 8291 §4): a push service sees each body's length,
 * which would otherwise tell a chat push from a cancellation, or how long a ride's title or a
 * rider's name is. One size, the largest that fits: every body is 4096 bytes.
 */
export const PADDED_PAYLOAD_BYTES = MAX_PAYLOAD_BYTES;

export const fromBase64url = (text: string) =>
  decodeBase64urlIgnorePadding(text.replace(/=+$/, ""));
export const toBase64url = (bytes: Uint8Array | ArrayBuffer) =>
  encodeBase64urlNoPadding(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes));

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

async function hmac(key: Uint8Array, data: Uint8Array): Promise<Uint8Array> {
  const k = await crypto.subtle.importKey("raw", key, { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  return new Uint8Array(await crypto.subtle.sign("HMAC", k, data));
}

/** HKDF (RFC 5869) with SHA-256, for outputs of at most 32 bytes (all that RFC 8291 needs). */
async function hkdf(salt: Uint8Array, ikm: Uint8Array, info: Uint8Array, length: number) {
  const prk = await hmac(salt, ikm);
  return (await hmac(prk, concat(info, new Uint8Array([1])))).slice(0, length);
}

/** A P-256 key pair for ECDH from its raw parts (public: 65-byte point; private: 32-byte d). */
export async function importEcdhKeyPair(publicKey: Uint8Array, privateKey: Uint8Array) {
  const jwk = {
    kty: "EC",
    crv: "P-256",
    x: toBase64url(publicKey.slice(1, 33)),
    y: toBase64url(publicKey.slice(33, 65)),
    d: toBase64url(privateKey),
  };
  return {
    publicKey: await crypto.subtle.importKey(
      "raw",
      publicKey,
      { name: "ECDH", namedCurve: "P-256" },
      true,
      [],
    ),
    privateKey: await crypto.subtle.importKey(
      "jwk",
      jwk,
      { name: "ECDH", namedCurve: "P-256" },
      false,
      ["deriveBits"],
    ),
  } satisfies CryptoKeyPair;
}

export interface SubscriptionKeys {
  /** Her browser's P-256 public key, base64url. */
  p256dh: string;
  /** Her browser's 16-byte auth secret, base64url. */
  auth: string;
}

/**
 * RFC 8291 §3-4: the body of one push, `salt ‖ rs ‖ idlen ‖ keyid ‖ ciphertext`, the plaintext
 * padded to PADDED_PAYLOAD_BYTES. A fresh salt and sender key pair each time; tests pass the
 * RFC's own (and its unpadded length) to check the bytes.
 */
export async function encryptPayload(
  plaintext: Uint8Array,
  keys: SubscriptionKeys,
  fixed: { salt?: Uint8Array; senderKeys?: CryptoKeyPair; padTo?: number } = {},
): Promise<Uint8Array> {
  if (plaintext.length > MAX_PAYLOAD_BYTES) throw new Error("push payload too large");
  const uaPublic = fromBase64url(keys.p256dh);
  const authSecret = fromBase64url(keys.auth);
  const salt = fixed.salt ?? crypto.getRandomValues(new Uint8Array(16));
  const sender =
    fixed.senderKeys ??
    ((await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, [
      "deriveBits",
    ])) as CryptoKeyPair);
  const asPublic = new Uint8Array(
    (await crypto.subtle.exportKey("raw", sender.publicKey)) as ArrayBuffer,
  );
  const uaKey = await crypto.subtle.importKey(
    "raw",
    uaPublic,
    { name: "ECDH", namedCurve: "P-256" },
    false,
    [],
  );
  const ecdhSecret = new Uint8Array(
    await crypto.subtle.deriveBits(
      // Web Crypto's name for the peer key; workers-types spells it `$public`.
      { name: "ECDH", public: uaKey } as unknown as SubtleCryptoDeriveKeyAlgorithm,
      sender.privateKey,
      256,
    ),
  );
  const keyInfo = concat(encoder.encode("WebPush: info\0"), uaPublic, asPublic);
  const ikm = await hkdf(authSecret, ecdhSecret, keyInfo, 32);
  const cek = await hkdf(salt, ikm, encoder.encode("Content-Encoding: aes128gcm\0"), 16);
  const nonce = await hkdf(salt, ikm, encoder.encode("Content-Encoding: nonce\0"), 12);
  const aesKey = await crypto.subtle.importKey("raw", cek, "AES-GCM", false, ["encrypt"]);
  // One record, so it is the last: the padding delimiter is 2, then zeros (RFC 8188 §2).
  const padded = new Uint8Array(
    Math.max(plaintext.length, fixed.padTo ?? PADDED_PAYLOAD_BYTES) + 1,
  );
  padded.set(plaintext);
  padded[plaintext.length] = 2;
  const ciphertext = new Uint8Array(
    await crypto.subtle.encrypt({ name: "AES-GCM", iv: nonce }, aesKey, padded),
  );
  const header = new Uint8Array(16 + 4 + 1);
  header.set(salt, 0);
  new DataView(header.buffer).setUint32(16, RECORD_SIZE, false);
  header[20] = asPublic.length;
  return concat(header, asPublic, ciphertext);
}

export interface VapidKeys {
  /** Uncompressed P-256 point, base64url (what browsers take as applicationServerKey). */
  publicKey: string;
  /** The private scalar d, 32 bytes, base64url. */
  privateKey: string;
  /** A mailto: or https: contact the push service may use (RFC 8292 §2.1). */
  subject: string;
}

/** RFC 8292: `vapid t=<JWT signed with ES256 for the endpoint's origin>, k=<public key>`. */
export async function vapidAuthorization(
  endpoint: string,
  vapid: VapidKeys,
  now: Date = new Date(),
): Promise<string> {
  const publicKey = fromBase64url(vapid.publicKey);
  const signingKey = await crypto.subtle.importKey(
    "jwk",
    {
      kty: "EC",
      crv: "P-256",
      x: toBase64url(publicKey.slice(1, 33)),
      y: toBase64url(publicKey.slice(33, 65)),
      d: vapid.privateKey.replace(/=+$/, ""),
    },
    { name: "ECDSA", namedCurve: "P-256" },
    false,
    ["sign"],
  );
  const json = (value: unknown) => toBase64url(encoder.encode(JSON.stringify(value)));
  const claims = {
    aud: new URL(endpoint).origin,
    // At most 24 h ahead (RFC 8292 §2); 12 h leaves room for clock skew.
    exp: Math.floor(now.getTime() / 1000) + 12 * 60 * 60,
    sub: vapid.subject,
  };
  const unsigned = `${json({ typ: "JWT", alg: "ES256" })}.${json(claims)}`;
  // Web Crypto's ECDSA signature is already the JWS form (r ‖ s).
  const signature = await crypto.subtle.sign(
    { name: "ECDSA", hash: "SHA-256" },
    signingKey,
    encoder.encode(unsigned),
  );
  return `vapid t=${unsigned}.${toBase64url(signature)}, k=${vapid.publicKey.replace(/=+$/, "")}`;
}

/** A subscription as PushSubscription.toJSON() gives it. */
export interface PushTarget {
  endpoint: string;
  keys: SubscriptionKeys;
}

export interface PushOptions {
  /** Seconds the push service keeps it for a device that is offline. */
  ttl: number;
  urgency?: "very-low" | "low" | "normal" | "high";
  /** A later push with the same topic replaces one still waiting (RFC 8030 §5.4). */
  topic?: string;
}

/** The POST that delivers one push (RFC 8030 §5) to her browser's push service. */
export async function pushRequest(
  target: PushTarget,
  payload: string,
  vapid: VapidKeys,
  options: PushOptions,
): Promise<Request> {
  const body = await encryptPayload(encoder.encode(payload), target.keys);
  const headers: Record<string, string> = {
    Authorization: await vapidAuthorization(target.endpoint, vapid),
    "Content-Encoding": "aes128gcm",
    "Content-Type": "application/octet-stream",
    TTL: String(Math.max(0, Math.floor(options.ttl))),
    Urgency: options.urgency ?? "normal",
  };
  if (options.topic) headers.Topic = options.topic;
  return new Request(target.endpoint, { method: "POST", headers, body });
}
