import { afterEach, describe, expect, it, vi } from "vitest";
import { D1_BOOKMARK_HEADER } from "../../domain/constants.ts";

const OLD = "00000001-00000002-00000003-aaaa";
const NEW = "00000001-00000002-00000009-bbbb";
const NEWER = "00000001-00000003-00000000-cccc";

/** A fresh copy of the module (its memory) and an API that answers with `answered`. */
async function setup(answered: (string | null)[]) {
  vi.resetModules();
  const sent: (string | null)[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      sent.push(new Headers(init?.headers).get(D1_BOOKMARK_HEADER));
      const mark = answered.shift() ?? null;
      return new Response("{}", { headers: mark ? { [D1_BOOKMARK_HEADER]: mark } : {} });
    }),
  );
  const { fetchWithBookmark } = await import("../../web/lib/read-bookmark.ts");
  return { sent, call: () => fetchWithBookmark("/api/rides", { headers: { Accept: "json" } }) };
}

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe("her app's D1 bookmark", () => {
  it("sends none at first, then the newest the API answered with; an older answer never replaces it", async () => {
    const { sent, call } = await setup([NEW, OLD, NEWER, null]);
    await call();
    await call();
    await call();
    await call();
    expect(sent).toEqual([null, NEW, NEW, NEWER]);
  });

  it("uses a newer bookmark another tab saved, and survives a reload", async () => {
    const first = await setup([NEW]);
    await first.call();
    localStorage.setItem("rodamos:d1-bookmark", NEWER); // another tab wrote later
    const reloaded = await setup([null]);
    await reloaded.call();
    expect(reloaded.sent).toEqual([NEWER]);
  });

  it("keeps the request's own headers", async () => {
    const seen: Headers[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
        seen.push(new Headers(init?.headers));
        return new Response("{}");
      }),
    );
    const { fetchWithBookmark } = await import("../../web/lib/read-bookmark.ts");
    await fetchWithBookmark("/api/me", { headers: { "Content-Type": "application/json" } });
    expect(seen[0]?.get("Content-Type")).toBe("application/json");
  });
});
