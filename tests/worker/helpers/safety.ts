// Blocking, reports and moderation in worker tests: the moderator of vitest.config.ts
// (MODERATOR_EMAILS), and the small calls most safety tests make.
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { createSession, SESSION_COOKIE } from "../../../worker/sessions/session.ts";
import { db, signedIn } from "./factories.ts";
import { Browser, json } from "./http.ts";

/** The one address vitest.config.ts lists in MODERATOR_EMAILS. */
export const MODERATOR_EMAIL = "moderadora@example.com";

/**
 * A signed-in browser of the moderator: her account (created when missing, e.g. after a test
 * deleted it), with a new session each call.
 */
export async function moderator(): Promise<{ id: string; browser: Browser }> {
  const existing = await env.DB.prepare("SELECT id FROM users WHERE email = ?")
    .bind(MODERATOR_EMAIL)
    .first<string>("id");
  const moderatorId =
    existing ?? (await signedIn({ email: MODERATOR_EMAIL, username: "moderadora" })).user.id;
  const browser = new Browser();
  browser.cookies.set(SESSION_COOKIE, (await createSession(db(), moderatorId)).token);
  return { id: moderatorId, browser };
}

/** She blocks `userId` through the API. */
export async function block(browser: Browser, userId: string) {
  const res = await browser.post("/api/blocks", { userId });
  expect(res.status).toBe(200);
  return json(res);
}

/** A stored message of a rider in a ride (fixed timestamp unless given). */
export async function insertMessage(
  rideId: string,
  userId: string | null,
  body: string,
  at = Date.now(),
): Promise<string> {
  return insertChatMessage("ride_messages (id, ride_id", rideId, userId, body, at);
}

/** A stored message of a member in a group's chat ('Charla del grupo'), as insertMessage. */
export async function insertGroupMessage(
  groupId: string,
  userId: string | null,
  body: string,
  at = Date.now(),
): Promise<string> {
  return insertChatMessage("group_messages (id, group_id", groupId, userId, body, at);
}

async function insertChatMessage(
  into: string,
  roomId: string,
  userId: string | null,
  body: string,
  at: number,
): Promise<string> {
  const id = crypto.randomUUID();
  await env.DB.prepare(
    `INSERT INTO ${into}, user_id, kind, body, created_at) VALUES (?, ?, ?, ?, ?, ?)`,
  )
    .bind(id, roomId, userId, userId ? "user" : "system", body, at)
    .run();
  return id;
}

/** She reports something through the API; returns the new report's id. */
export async function report(
  browser: Browser,
  body: { kind: "user" | "ride" | "message"; targetId: string; reason?: string; details?: string },
): Promise<string> {
  const res = await browser.post("/api/reports", { reason: "harassment", ...body });
  expect(res.status).toBe(201);
  const row = await env.DB.prepare(
    "SELECT id FROM reports WHERE target_kind = ? AND target_id = ? ORDER BY created_at DESC LIMIT 1",
  )
    .bind(body.kind, body.targetId)
    .first<string>("id");
  return row!;
}

/** The answer a missing ride, profile or chat gets, to compare a blocked rider's answer with. */
export async function answerOf(res: Response) {
  return { status: res.status, body: await res.json() };
}
