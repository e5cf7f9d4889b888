import { describe, expect, it } from "vitest";
import { safeReturnPath } from "../../web/auth/redirect.ts";

describe("safeReturnPath", () => {
  it("honours our own /app paths with their query", () => {
    expect(safeReturnPath("/app/my-rides")).toBe("/app/my-rides");
    expect(safeReturnPath("/app/ride/abc?tab=chat")).toBe("/app/ride/abc?tab=chat");
  });

  it("falls back to the feed for anything else (no open redirect)", () => {
    for (const from of [
      null,
      "",
      "https://evil.example/app/feed",
      "//evil.example/app",
      "/app/..//evil.example",
      "/app\\evil",
      "/blog",
      "/application",
      "/app/login",
      "/app/logout",
      "/app/profile-setup?from=/app/feed",
      "/app/ride/x\r\nSet-Cookie: a=b",
      "/app/ride/x y",
    ]) {
      expect(safeReturnPath(from)).toBe("/app/feed");
    }
  });
});
