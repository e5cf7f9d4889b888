import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";

// OWASP's scrypt floor: N=2^14, r=8, p=5 (docs/decisions/0003-password-hashing.md).
// Stored in PHC form with its parameters so they can be raised later without a migration.
export const PRODUCTION_PARAMS = { N: 2 ** 14, r: 8, p: 5 } as const;
type ScryptParams = { N: number; r: number; p: number };
let PARAMS: ScryptParams = PRODUCTION_PARAMS;

/**
 * Worker tests only (tests/worker/setup.ts): new hashes at a cheap cost, so the hundreds of
 * sign-ups and logins in the suite do not each spend ~140 ms of CPU. Verification reads the
 * cost from the stored hash, so it is the same code either way; production never calls this,
 * and tests/worker/password.test.ts checks the production cost.
 */
export function setHashCostForTests(params: ScryptParams = PRODUCTION_PARAMS): void {
  PARAMS = params;
  dummyHash = null;
}
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

function derive(password: string, salt: Buffer, N: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // maxmem must exceed 128 * N * r bytes (16 MiB here); leave headroom for raised params.
    scrypt(
      password.normalize("NFKC"),
      salt,
      KEY_LENGTH,
      { N, r, p, maxmem: 256 * N * r },
      (err, key) => (err ? reject(err) : resolve(key)),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, PARAMS.N, PARAMS.r, PARAMS.p);
  return `$scrypt$ln=${Math.log2(PARAMS.N)},r=${PARAMS.r},p=${PARAMS.p}$${salt.toString("base64")}$${key.toString("base64")}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const match = /^\$scrypt\$ln=(\d+),r=(\d+),p=(\d+)\$([A-Za-z0-9+/=]+)\$([A-Za-z0-9+/=]+)$/.exec(
    stored,
  );
  if (!match) return false;
  const [, ln, r, p, salt, hash] = match;
  const expected = Buffer.from(hash!, "base64");
  const key = await derive(
    password,
    Buffer.from(salt!, "base64"),
    2 ** Number(ln),
    Number(r),
    Number(p),
  );
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash to verify against when the account does not exist, so timing does not reveal it. */
let dummyHash: Promise<string> | null = null;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword("rodamos-dummy-password");
  return dummyHash;
}
