import { describe, expect, it } from "vitest";
import { isPreloadableAsset, matchAppRoute } from "../../domain/route-preloads.ts";

// The patterns of web/router.tsx, in its order.
const routes = [
  "",
  "login",
  "blog",
  "blog/:slug",
  "profile/edit",
  "profile/:username",
  "feed",
  "ride/:id",
  "ride/:id/chat",
  "chat/:id",
  "*",
].map((path) => ({ path }));

const match = (pathname: string) => matchAppRoute(routes, pathname)?.path;

describe("matchAppRoute", () => {
  it.each([
    ["/app", ""],
    ["/app/", ""],
    ["/app/login", "login"],
    ["/app/feed/", "feed"],
    ["/app/blog", "blog"],
    ["/app/blog/seguridad", "blog/:slug"],
    ["/app/ride/abc", "ride/:id"],
    ["/app/ride/abc/chat", "ride/:id/chat"],
    ["/app/chat/abc", "chat/:id"],
  ])("%s → %s", (pathname, expected) => {
    expect(match(pathname)).toBe(expected);
  });

  it("prefers literal segments over parameters, whatever the order", () => {
    expect(match("/app/profile/edit")).toBe("profile/edit");
    expect(match("/app/profile/ana")).toBe("profile/:username");
    expect(matchAppRoute([...routes].reverse(), "/app/profile/edit")?.path).toBe("profile/edit");
  });

  it("falls back to the catch-all, and knows nothing outside /app", () => {
    expect(match("/app/nope")).toBe("*");
    expect(match("/app/ride/abc/chat/extra")).toBe("*");
    expect(match("/application")).toBeUndefined();
    expect(match("/")).toBeUndefined();
    expect(matchAppRoute([{ path: "feed" }], "/app/nope")).toBeUndefined();
  });

  it("lets only hashed scripts under /assets/ into the page", () => {
    expect(isPreloadableAsset("/assets/feed-BfrIPvpD.js")).toBe(true);
    for (const bad of [
      "/assets/feed.css",
      "https://evil.example/x.js",
      '/assets/x.js"><script>alert(1)</script>',
      "/assets/../api/me.js",
      "/app/sw.js",
    ]) {
      expect(isPreloadableAsset(bad)).toBe(false);
    }
  });
});
