import { Hono } from "hono";
import type { AppEnv } from "../env.ts";
import { loadMeUser, meResponse } from "./me.ts";

export const authRoutes = new Hono<AppEnv>().get("/me", async (c) => {
  const sessionUser = c.var.user;
  const user = sessionUser ? await loadMeUser(c.var.db, sessionUser.id) : null;
  return c.json(meResponse(c.env, user));
});
