import { describe, expect, it } from "vitest";
import { withPreloads } from "../../worker/http/app-shell.ts";

const shell = () =>
  new Response(
    '<!doctype html><html><head><title>Rodamos</title><script type="module" src="/assets/app-1.js"></script></head><body><div id="root"></div></body></html>',
    { headers: { "Content-Type": "text/html; charset=utf-8", ETag: '"shell"' } },
  );

describe("the app shell's screen preloads", () => {
  it("adds one modulepreload per file at the end of <head>", async () => {
    const html = await withPreloads(shell(), {
      modules: ["/assets/feed-a.js", "/assets/ride-card-b.js"],
    }).text();
    expect(html).toContain(
      '<script type="module" src="/assets/app-1.js"></script><link rel="modulepreload" crossorigin href="/assets/feed-a.js"><link rel="modulepreload" crossorigin href="/assets/ride-card-b.js"></head>',
    );
    expect(html).toContain('<body><div id="root"></div></body>');
  });

  it("leaves the shell alone without files, and drops anything that is not an asset script", async () => {
    expect(await withPreloads(shell(), { modules: [] }).text()).toBe(await shell().text());
    const html = await withPreloads(shell(), {
      modules: ['/assets/x.js"><script>alert(1)</script>', "https://evil.example/a.js"],
      fetches: ['/api/me"><script>alert(1)</script>', "https://evil.example/api/me"],
    }).text();
    expect(html).not.toContain("<link");
    expect(html).not.toContain("alert(1)");
  });

  it("preloads API answers as same-origin fetches", async () => {
    const html = await withPreloads(shell(), { modules: [], fetches: ["/api/me"] }).text();
    expect(html).toContain('<link rel="preload" as="fetch" crossorigin href="/api/me"></head>');
  });
});
