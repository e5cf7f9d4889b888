import type { Context } from "hono";
import { DomainError } from "../../domain/errors.ts";
import { MSG } from "../../domain/messages.ts";
import type { AppEnv } from "../env.ts";

/** The caller's IP as Cloudflare reports it; local dev and tests without the header share one. */
export function clientIp(c: Context<AppEnv>): string {
  return c.req.header("CF-Connecting-IP") ?? "local";
}

async function allowed(limiter: RateLimit, key: string): Promise<boolean> {
  const { success } = await limiter.limit({ key });
  return success;
}

/**
 * Sign-up, login and reset requests (docs/decisions/0008-rate-limits.md): a generous bucket per
 * IP and a tight one per email, so one address cannot be brute-forced from many IPs and one
 * network cannot spray many addresses.
 */
export async function limitAuth(c: Context<AppEnv>, action: string, email: string) {
  const [byIp, byEmail] = await Promise.all([
    allowed(c.env.AUTH_IP_LIMITER, `${action}:ip:${clientIp(c)}`),
    allowed(c.env.AUTH_LIMITER, `${action}:email:${email}`),
  ]);
  if (!byIp || !byEmail) throw new DomainError("rate_limited", MSG.rateLimited);
}

/**
 * Reset confirmations: per IP only (the token is the secret, 160 random bits). Not needed to
 * protect the tokens, but a network hammering the endpoint is refused before any D1 work.
 */
export async function limitResetConfirm(c: Context<AppEnv>) {
  if (!(await allowed(c.env.AUTH_IP_LIMITER, `reset-confirm:ip:${clientIp(c)}`))) {
    throw new DomainError("rate_limited", MSG.rateLimited);
  }
}

/** Username availability checks: per IP and per account. */
export async function limitUsernameChecks(c: Context<AppEnv>, userId: string) {
  const [byIp, byUser] = await Promise.all([
    allowed(c.env.USERNAME_LIMITER, `ip:${clientIp(c)}`),
    allowed(c.env.USERNAME_LIMITER, `user:${userId}`),
  ]);
  if (!byIp || !byUser) throw new DomainError("rate_limited", MSG.rateLimited);
}

/** Password changes: per account. */
export async function limitPasswordChange(c: Context<AppEnv>, userId: string) {
  if (!(await allowed(c.env.AUTH_LIMITER, `password:user:${userId}`))) {
    throw new DomainError("rate_limited", MSG.rateLimited);
  }
}
