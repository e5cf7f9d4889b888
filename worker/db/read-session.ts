// D1 read replication through the Sessions API (docs/decisions/0041-read-replicas-with-her-bookmark.md).
// A GET to the API reads from any replica at least as new as the bookmark her app sends (or from
// the nearest one when she sends none); every other method runs on the primary, so a join's
// capacity check, a session or a token never reads an old copy. So do the signed-in listings,
// which read her session in their page's batch (docs/decisions/0046-one-trip-listings.md). The
// answer carries the bookmark the request reached, which her app keeps if it is the newest it has
// seen.
import { drizzle } from "drizzle-orm/d1";
import type { MiddlewareHandler } from "hono";
import { D1_BOOKMARK_HEADER } from "../../domain/constants.ts";
import type { AppEnv } from "../env.ts";
import { createDb } from "./client.ts";

/** What a D1 bookmark looks like (hex groups joined by dashes); anything else is ignored. */
const BOOKMARK = /^[0-9a-f]+(?:-[0-9a-f]+){0,7}$/i;
const BOOKMARK_MAX = 200;

export function bookmarkFrom(header: string | undefined): string | null {
  return header && header.length <= BOOKMARK_MAX && BOOKMARK.test(header) ? header : null;
}

/** Reads that may come from a replica: a GET or HEAD of the API, but a one-trip read. */
const fromReplica = (method: string, path: string) =>
  (method === "GET" || method === "HEAD") && !isOneTripRead(method, path);

/**
 * The signed-in listings that read her session in the batch of their page, on the primary: one
 * round trip instead of the session's on the primary and then the page's (ADR 0046). 'Grupos',
 * a group's page and its rides too ('/api/groups/mine' is not one: it checks the session first).
 */
const ONE_TRIP_READS = new Set(["/api/rides", "/api/my-rides", "/api/chats", "/api/groups"]);
const ONE_TRIP_GROUP_READ = /^\/api\/groups\/(?!mine$)[^/]+(?:\/rides)?$/;

export function isOneTripRead(method: string, path: string): boolean {
  return method === "GET" && (ONE_TRIP_READS.has(path) || ONE_TRIP_GROUP_READ.test(path));
}

/**
 * Sets `c.var.primaryDb` (always the primary: sessions, tokens, the Durable Objects' work) and
 * `c.var.db` (the request's session: a replica for the API's reads, the primary for the rest and
 * for the one-trip reads).
 */
export const databaseSession: MiddlewareHandler<AppEnv> = async (c, next) => {
  const primary = createDb(c.env.DB);
  c.set("primaryDb", primary);
  if (!c.req.path.startsWith("/api/")) {
    c.set("db", primary);
    await next();
    return;
  }
  const session = c.env.DB.withSession(
    fromReplica(c.req.method, c.req.path)
      ? (bookmarkFrom(c.req.header(D1_BOOKMARK_HEADER)) ?? "first-unconstrained")
      : "first-primary",
  );
  // Without a schema drizzle costs microseconds to build (no relational queries are used).
  c.set("db", drizzle(session as unknown as D1Database));
  await next();
  const reached = session.getBookmark();
  if (reached && !c.res.headers.has(D1_BOOKMARK_HEADER)) {
    try {
      c.res.headers.set(D1_BOOKMARK_HEADER, reached);
    } catch {
      // An immutable answer (a websocket upgrade): nothing to tell.
    }
  }
};
