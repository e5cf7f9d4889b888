import { listDurableObjectIds, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { RideRoom } from "../../worker/ride-room/ride-room.ts";
import { ROOM_HEADERS } from "../../worker/rooms/headers.ts";
import { roomEventComing } from "./helpers/room-activity.ts";

function waitForMessage(ws: WebSocket, timeoutMs = 2000): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("no message in time")), timeoutMs);
    ws.addEventListener("message", (event) => {
      clearTimeout(timer);
      resolve(String(event.data));
    });
  });
}

describe("RideRoom Durable Object (one per ride)", () => {
  it("accepts a websocket upgrade and answers a ping", async () => {
    const stub = env.RIDE_ROOM.get(env.RIDE_ROOM.idFromName("ride-1"));
    // The worker forwards the upgrade with her identity (worker/chat/routes.ts).
    const res = await stub.fetch("http://room/socket", {
      headers: {
        Upgrade: "websocket",
        [ROOM_HEADERS.rideId]: "ride-1",
        [ROOM_HEADERS.userId]: "user-1",
        [ROOM_HEADERS.sessionId]: "session-1",
      },
    });
    expect(res.status).toBe(101);
    const ws = res.webSocket!;
    ws.accept();
    const reply = waitForMessage(ws);
    ws.send("ping");
    expect(await reply).toBe("pong");
    roomEventComing();
    ws.close(1000, "done");
  });

  it("is a distinct SQLite-backed object per ride", async () => {
    const a = env.RIDE_ROOM.idFromName("ride-a");
    const b = env.RIDE_ROOM.idFromName("ride-b");
    expect(a.equals(b)).toBe(false);
    await runInDurableObject(env.RIDE_ROOM.get(a), async (instance, state) => {
      expect(instance).toBeInstanceOf(RideRoom);
      state.storage.sql.exec("create table if not exists t (x integer)");
      state.storage.sql.exec("insert into t values (1)");
      expect(state.storage.sql.exec("select count(*) as n from t").one().n).toBe(1);
    });
    const ids = await listDurableObjectIds(env.RIDE_ROOM);
    expect(ids.some((id) => id.equals(a))).toBe(true);
  });

  it("refuses an upgrade without the identity the worker adds", async () => {
    const stub = env.RIDE_ROOM.get(env.RIDE_ROOM.idFromName("ride-3"));
    const res = await stub.fetch("http://room/socket", { headers: { Upgrade: "websocket" } });
    expect(res.status).toBe(400);
  });

  it("refuses a plain request", async () => {
    const stub = env.RIDE_ROOM.get(env.RIDE_ROOM.idFromName("ride-2"));
    expect((await stub.fetch("http://room/socket")).status).toBe(426);
  });
});

describe("GPX bucket (R2)", () => {
  it("stores and reads back an object with its content type", async () => {
    await env.GPX.put("rides/test/route.gpx", "<gpx></gpx>", {
      httpMetadata: { contentType: "application/gpx+xml" },
    });
    const object = await env.GPX.get("rides/test/route.gpx");
    expect(await object?.text()).toBe("<gpx></gpx>");
    expect(object?.httpMetadata?.contentType).toBe("application/gpx+xml");
  });
});

describe("D1 schema", () => {
  it("has every table of the product", async () => {
    const { results } = await env.DB.prepare(
      "select name from sqlite_master where type = 'table' and name not like '\\_%' escape '\\' and name not like 'sqlite%' and name != 'd1_migrations' order by name",
    ).all<{ name: string }>();
    expect(results.map((r) => r.name)).toEqual([
      "blocks",
      "calendar_feeds",
      "email_outbox",
      "group_members",
      "group_messages",
      "group_requests",
      "groups",
      "launch_signups",
      "moderation_actions",
      "organizer_levels",
      "password_reset_tokens",
      "profiles",
      "push_preferences",
      "push_subscriptions",
      "referrals",
      "reports",
      "ride_forecasts",
      "ride_level_answers",
      "ride_messages",
      "ride_participants",
      "ride_requests",
      "ride_series",
      "ride_series_members",
      "ride_waiting_list",
      "rides",
      // FTS5 search index and its shadow tables (migration 0001_rides_search).
      "rides_fts",
      "rides_fts_config",
      "rides_fts_content",
      "rides_fts_data",
      "rides_fts_docsize",
      "rides_fts_idx",
      "rode_with",
      "sessions",
      "users",
      "verified_riders",
      "vouches",
    ]);
  });

  it("enforces the case-insensitive username index", async () => {
    await env.DB.prepare(
      "insert into users (id, email) values ('u1','a@x.es'), ('u2','b@x.es')",
    ).run();
    await env.DB.prepare(
      "insert into profiles (user_id, username, username_key) values ('u1', 'Ana', 'ana')",
    ).run();
    await expect(
      env.DB.prepare(
        "insert into profiles (user_id, username, username_key) values ('u2', 'ANA', 'ana')",
      ).run(),
    ).rejects.toThrow(/UNIQUE/);
  });
});
