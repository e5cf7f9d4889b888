// Work that runs after the HTTP answer (room notifications, pushes, socket closes), used by the
// routes of several areas.
import type { Context } from "hono";
import type { AppEnv } from "../env.ts";

/**
 * Runs a room notification after the response (the HTTP answer never waits for the chat);
 * a failure is only logged: the data is in D1 and open chats resync on reconnect.
 */
export function inBackground(c: Context<AppEnv>, work: Promise<unknown>) {
  const guarded = work.catch((error) =>
    console.warn(`[${c.get("requestId")}] chat room notification failed`, error),
  );
  try {
    c.executionCtx.waitUntil(guarded);
  } catch {
    // No execution context (the app called directly in a test): the promise still runs.
  }
}
