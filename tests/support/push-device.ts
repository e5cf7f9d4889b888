// A browser's side of Web Push for tests: a device key pair and auth secret (what
// PushManager.subscribe() would create) and RFC 8291 decryption of what the push service got.
// Used by the worker tests' push-service stand-in and by the E2E stand-in (Node's Web Crypto).

const encoder = new TextEncoder();
/** Bytes that Web Crypto takes in both the DOM and Workers typings. */
type Bytes = Uint8Array<ArrayBuffer>;
const bytes = (data: Uint8Array): Bytes => new Uint8Array(data);

const b64u = {
  encode(bytes: Uint8Array): string {
    let binary = "";
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
  },
  decode(text: string): Bytes {
    const base64 = text.replaceAll("-", "+").replaceAll("_", "/").replace(/=+$/, "");
    const binary = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
    return Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
  },
};

export { b64u };

async function hkdf(salt: Uint8Array, ikm: Uint8Array, info: Uint8Array, length: number) {
  const key = await crypto.subtle.importKey("raw", bytes(ikm), "HKDF", false, ["deriveBits"]);
  return new Uint8Array(
    await crypto.subtle.deriveBits(
      { name: "HKDF", hash: "SHA-256", salt: bytes(salt), info: bytes(info) },
      key,
      length * 8,
    ),
  );
}

export interface PushDevice {
  /** What the browser would hand the app: endpoint and keys. */
  subscription(endpoint: string): { endpoint: string; keys: { p256dh: string; auth: string } };
  /** Decrypts an aes128gcm body sent to this device; throws when it was not for this device. */
  decrypt(body: Uint8Array): Promise<string>;
}

/** A new device; `fixed` takes the RFC's published keys instead of fresh ones. */
export async function createPushDevice(fixed?: {
  publicKey: string;
  privateKey: string;
  auth: string;
}): Promise<PushDevice> {
  let privateKey: CryptoKey;
  let publicRaw: Bytes;
  let auth: Bytes;
  if (fixed) {
    publicRaw = b64u.decode(fixed.publicKey);
    auth = b64u.decode(fixed.auth);
    privateKey = await crypto.subtle.importKey(
      "jwk",
      {
        kty: "EC",
        crv: "P-256",
        x: b64u.encode(publicRaw.slice(1, 33)),
        y: b64u.encode(publicRaw.slice(33, 65)),
        d: fixed.privateKey,
      },
      { name: "ECDH", namedCurve: "P-256" },
      false,
      ["deriveBits"],
    );
  } else {
    const pair = (await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, [
      "deriveBits",
    ])) as CryptoKeyPair;
    privateKey = pair.privateKey;
    publicRaw = new Uint8Array(
      (await crypto.subtle.exportKey("raw", pair.publicKey)) as ArrayBuffer,
    );
    auth = crypto.getRandomValues(new Uint8Array(16));
  }
  return {
    subscription: (endpoint) => ({
      endpoint,
      keys: { p256dh: b64u.encode(publicRaw), auth: b64u.encode(auth) },
    }),
    async decrypt(encrypted) {
      const body = bytes(encrypted);
      const salt = body.slice(0, 16);
      const idLength = body[20] ?? 0;
      const senderPublic = body.slice(21, 21 + idLength);
      const ciphertext = body.slice(21 + idLength);
      const senderKey = await crypto.subtle.importKey(
        "raw",
        senderPublic,
        { name: "ECDH", namedCurve: "P-256" },
        false,
        [],
      );
      const secret = new Uint8Array(
        await crypto.subtle.deriveBits(
          // Web Crypto's name for the peer key (workers-types spells it `$public`).
          { name: "ECDH", public: senderKey } as unknown as Parameters<
            typeof crypto.subtle.deriveBits
          >[0],
          privateKey,
          256,
        ),
      );
      const info = new Uint8Array([
        ...encoder.encode("WebPush: info\0"),
        ...publicRaw,
        ...senderPublic,
      ]);
      const ikm = await hkdf(auth, secret, info, 32);
      const cek = await hkdf(salt, ikm, encoder.encode("Content-Encoding: aes128gcm\0"), 16);
      const nonce = await hkdf(salt, ikm, encoder.encode("Content-Encoding: nonce\0"), 12);
      const key = await crypto.subtle.importKey("raw", cek, "AES-GCM", false, ["decrypt"]);
      const padded = new Uint8Array(
        await crypto.subtle.decrypt({ name: "AES-GCM", iv: nonce }, key, ciphertext),
      );
      // Padding: trailing zeros after the delimiter (2 in the last record).
      let end = padded.length - 1;
      while (end >= 0 && padded[end] === 0) end--;
      if (padded[end] !== 2) throw new Error("bad padding delimiter");
      return new TextDecoder().decode(padded.slice(0, end));
    },
  };
}
