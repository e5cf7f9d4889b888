// The local .dev.vars (secrets and overrides of `npm run dev`, `vite preview` and the E2E run):
// made from .dev.vars.example when missing, and given a VAPID key pair of its own when it has
// none, so web push works locally without any real push service or configuration.
import { copyFileSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");

function varValue(text: string, name: string): string {
  return new RegExp(`^${name}=(.*)$`, "m").exec(text)?.[1]?.trim() ?? "";
}

function setValue(text: string, name: string, value: string): string {
  const line = `${name}=${value}`;
  const pattern = new RegExp(`^${name}=.*$`, "m");
  return pattern.test(text)
    ? text.replace(pattern, line)
    : `${text.replace(/\n?$/, "\n")}${line}\n`;
}

/** A P-256 pair as web push wants it: raw public point and private scalar, base64url. */
export async function generateVapidKeys() {
  const pair = await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, [
    "sign",
  ]);
  const publicKey = Buffer.from(await crypto.subtle.exportKey("raw", pair.publicKey));
  const { d } = await crypto.subtle.exportKey("jwk", pair.privateKey);
  return { publicKey: publicKey.toString("base64url"), privateKey: d ?? "" };
}

/** Ensures `.dev.vars` exists with a VAPID pair; returns its path. */
export async function ensureDevVars(file = path.join(root, ".dev.vars")): Promise<string> {
  if (!existsSync(file)) copyFileSync(path.join(root, ".dev.vars.example"), file);
  const text = readFileSync(file, "utf8");
  if (!varValue(text, "VAPID_PUBLIC_KEY") || !varValue(text, "VAPID_PRIVATE_KEY")) {
    const keys = await generateVapidKeys();
    let next = setValue(text, "VAPID_PUBLIC_KEY", keys.publicKey);
    next = setValue(next, "VAPID_PRIVATE_KEY", keys.privateKey);
    writeFileSync(file, next);
  }
  return file;
}

// `npm run push:keys`: a new pair for production (VAPID_PUBLIC_KEY and the secret VAPID_PRIVATE_KEY).
if (import.meta.main) {
  const keys = await generateVapidKeys();
  console.log(`VAPID_PUBLIC_KEY=${keys.publicKey}\nVAPID_PRIVATE_KEY=${keys.privateKey}`);
}
