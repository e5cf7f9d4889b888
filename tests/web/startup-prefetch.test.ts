import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { signedInStartupData } from "../../domain/route-preloads.ts";
import { myInviteQuery } from "../../web/auth/referral.ts";
import { chatsQuery } from "../../web/chat/queries.ts";
import { pendingConnectionsQuery } from "../../web/connections/queries.ts";
import { myGroupsQuery } from "../../web/group-core/queries.ts";
import { myRidesQuery } from "../../web/ride-core/queries.ts";
import { prefetchStartupData } from "../../web/startup-prefetch.ts";

// The API as the start-up prefetch sees it: /api/me answers `me`, every other GET a small body.
function stubApi(me: unknown, status = 200) {
  const calls: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      calls.push(url);
      if (url === "/api/me") return Response.json(me, { status });
      if (url.startsWith("/api/my-rides"))
        return Response.json({ rides: [], page: 0, hasMore: false, counts: { upcoming: 0 } });
      if (url === "/api/referrals/mine") return Response.json({ token: "t" });
      if (url === "/api/chats") return Response.json({ chats: [] });
      if (url === "/api/groups/mine") return Response.json({ groups: [], nextPage: null });
      return Response.json({ pending: [] });
    }),
  );
  return calls;
}

const rider = (profileComplete: boolean) => ({
  user: { id: "u1", profileComplete },
  signupMode: "open",
  googleEnabled: false,
});

async function settle(client: QueryClient) {
  await vi.waitFor(() => expect(client.isFetching()).toBe(0));
}

afterEach(() => vi.unstubAllGlobals());

describe("start-up prefetch", () => {
  it("loads the feed's data alongside /api/me, under the keys the screens read", async () => {
    const calls = stubApi(rider(true));
    const client = new QueryClient();
    prefetchStartupData(client, "/app/feed");
    await vi.waitFor(() => expect(calls).toHaveLength(6));
    await settle(client);
    expect(calls[0]).toBe("/api/me");
    expect(calls.slice(1).sort()).toEqual([
      "/api/chats",
      "/api/connections/pending",
      "/api/groups/mine",
      "/api/my-rides?tab=upcoming&page=0",
      "/api/referrals/mine",
    ]);
    // The very requests the worker preloads in the shell, so the app picks those answers up.
    expect(calls.slice(1).sort()).toEqual(signedInStartupData("/app/feed").sort());
    expect(client.getQueryData(myRidesQuery("upcoming").queryKey)?.pages[0]?.hasMore).toBe(false);
    expect(client.getQueryData(myInviteQuery.queryKey)).toEqual({ token: "t" });
    expect(client.getQueryData(chatsQuery.queryKey)).toEqual({ chats: [] });
    expect(client.getQueryData(pendingConnectionsQuery.queryKey)).toEqual({ pending: [] });
    expect(client.getQueryData(myGroupsQuery().queryKey)).toEqual({ groups: [], nextPage: null });
  });

  it("resolves once every answer is in, so the first render shows them all", async () => {
    stubApi(rider(true));
    const client = new QueryClient();
    await prefetchStartupData(client, "/app/feed");
    expect(client.isFetching()).toBe(0);
    expect(client.getQueryData(myRidesQuery("upcoming").queryKey)?.pages).toHaveLength(1);
    expect(client.getQueryData(myInviteQuery.queryKey)).toEqual({ token: "t" });
    expect(client.getQueryData(chatsQuery.queryKey)).toEqual({ chats: [] });
    expect(client.getQueryData(pendingConnectionsQuery.queryKey)).toEqual({ pending: [] });
  });

  it("resolves, without data, when /api/me fails (the screen shows the error)", async () => {
    stubApi({ error: { code: "internal", message: "x" } }, 500);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await expect(prefetchStartupData(client, "/app/feed")).resolves.toBeUndefined();
    expect(client.getQueryData(chatsQuery.queryKey)).toBeUndefined();
  });

  it("loads only the layout's data on a screen without its own entry", async () => {
    const calls = stubApi(rider(true));
    const client = new QueryClient();
    prefetchStartupData(client, "/app/search");
    await vi.waitFor(() => expect(calls).toHaveLength(3));
    await settle(client);
    expect(calls.slice(1).sort()).toEqual(["/api/chats", "/api/connections/pending"]);
    expect(calls.slice(1).sort()).toEqual(signedInStartupData("/app/search").sort());
  });

  it("loads My Rides' first page on /app/my-rides, as the worker preloads it", async () => {
    const calls = stubApi(rider(true));
    const client = new QueryClient();
    prefetchStartupData(client, "/app/my-rides/");
    await vi.waitFor(() => expect(calls).toHaveLength(4));
    await settle(client);
    expect(calls.slice(1).sort()).toEqual(signedInStartupData("/app/my-rides/").sort());
  });

  it.each([
    ["signed out", { user: null, signupMode: "open", googleEnabled: false }, 200],
    ["without a profile", rider(false), 200],
    ["when /api/me fails", { error: { code: "internal", message: "x" } }, 500],
  ])("asks for nothing else %s", async (_label, me, status) => {
    const calls = stubApi(me, status);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    // It resolves once everything it started has answered; a request started beside it would
    // still be fetching.
    await prefetchStartupData(client, "/app/feed");
    await settle(client);
    expect(calls).toEqual(["/api/me"]);
  });
});
