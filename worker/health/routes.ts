import { sql } from "drizzle-orm";
import { Hono } from "hono";
import type { AppEnv } from "../env.ts";

/** Liveness plus a real D1 round trip; also the "trivial D1 endpoint" the benchmarks compare to. */
export const healthRoutes = new Hono<AppEnv>().get("/", async (c) => {
  const started = Date.now();
  const row = await c.var.db.get<{ ok: number }>(sql`select 1 as ok`);
  return c.json({ ok: true, d1: row?.ok === 1 ? "ok" : "error", d1Ms: Date.now() - started });
});
