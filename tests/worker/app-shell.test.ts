import { describe, expect, it } from "vitest";
import { SHELL_NAV_ATTRIBUTE, signedInStartupData } from "../../domain/route-preloads.ts";
import { withPreloads } from "../../worker/app-shell/app-shell.ts";
import { Browser } from "./helpers/http.ts";

const shell = () =>
  new Response(
    '<!doctype html><html><head><title>Rodamos</title><script type="module" src="/assets/app-1.js"></script></head><body><div id="root"></div></body></html>',
    { headers: { "Content-Type": "text/html; charset=utf-8", ETag: '"shell"' } },
  );

describe("the app shell's screen preloads", () => {
  it("adds one modulepreload per file at the end of <head>, at a low priority as the shell's own", async () => {
    const html = await withPreloads(shell(), {
      modules: ["/assets/feed-a.js", "/assets/ride-card-b.js"],
    }).text();
    expect(html).toContain(
      '<script type="module" src="/assets/app-1.js"></script><link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/feed-a.js"><link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/ride-card-b.js"></head>',
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

  it("keeps a plain query string, escaped for the attribute, and drops any other", async () => {
    const html = await withPreloads(shell(), {
      modules: [],
      fetches: [
        "/api/my-rides?tab=upcoming&page=0",
        "/api/x?a=<b>",
        '/api/x?a="b"',
        "/api/x?a=1&&b",
        "/api/x?",
      ],
    }).text();
    expect(html.match(/<link /g)).toHaveLength(1);
    expect(html).toContain(
      '<link rel="preload" as="fetch" crossorigin href="/api/my-rides?tab=upcoming&amp;page=0">',
    );
  });
});

describe("the shell's data preloads", () => {
  // The built assets as the worker sees them: the shell at /app, nothing else (no
  // route-preloads.json, so no screen code either). Unit tests run before any build.
  const assets = {
    fetch: async (input: RequestInfo | URL) => {
      const { pathname } = new URL(input instanceof Request ? input.url : input);
      return pathname === "/app" ? shell() : new Response("Not found", { status: 404 });
    },
  } as unknown as Fetcher;

  const preloadedFetches = async (path: string, cookie?: string) => {
    const browser = new Browser({ env: { ASSETS: assets } });
    if (cookie) browser.cookies.set("rodamos_session", cookie);
    const res = await browser.get(path);
    expect(res.status).toBe(200);
    const html = await res.text();
    return [...html.matchAll(/<link rel="preload" as="fetch" crossorigin href="([^"]+)">/g)].map(
      (m) => m[1]!.replaceAll("&amp;", "&"),
    );
  };

  it("preloads only /api/me for a visitor without a session cookie", async () => {
    expect(await preloadedFetches("/app/feed")).toEqual(["/api/me"]);
  });

  it("preloads the screen's own data when a session cookie comes with the request", async () => {
    const cookie = "not-even-a-real-session";
    expect(await preloadedFetches("/app/feed", cookie)).toEqual([
      "/api/me",
      ...signedInStartupData("/app/feed"),
    ]);
    expect(await preloadedFetches("/app/my-rides", cookie)).toEqual([
      "/api/me",
      ...signedInStartupData("/app/my-rides"),
    ]);
    expect(await preloadedFetches("/app/search", cookie)).toEqual([
      "/api/me",
      "/api/chats",
      "/api/connections/pending",
    ]);
  });
});

describe("the prerendered navigation", () => {
  // The built shell's frame as scripts/app-shell-prerender.ts writes it, cut down.
  const prerendered = () =>
    new Response(
      `<!doctype html><html><head></head><body><div id="root"><div><main id="main"><p role="status">Cargando...</p></main><div ${SHELL_NAV_ATTRIBUTE}="" inert=""><nav aria-label="Navegación principal"><a href="/app/feed">Inicio</a></nav></div></div></div></body></html>`,
      { headers: { "Content-Type": "text/html; charset=utf-8" } },
    );
  const assets = {
    fetch: async (input: RequestInfo | URL) => {
      const { pathname } = new URL(input instanceof Request ? input.url : input);
      return pathname === "/app" ? prerendered() : new Response("Not found", { status: 404 });
    },
  } as unknown as Fetcher;

  it("stays in the shell for a request with a session cookie", async () => {
    const browser = new Browser({ env: { ASSETS: assets } });
    browser.cookies.set("rodamos_session", "any");
    const html = await (await browser.get("/app/feed")).text();
    expect(html).toContain('<nav aria-label="Navegación principal"><a href="/app/feed">Inicio</a>');
  });

  it("is dropped for a visitor without one, the splash kept", async () => {
    const html = await (await new Browser({ env: { ASSETS: assets } }).get("/app/login")).text();
    expect(html).not.toContain("<nav");
    expect(html).not.toContain(SHELL_NAV_ATTRIBUTE);
    expect(html).toContain(
      '<main id="main"><p role="status">Cargando...</p></main></div></div></body>',
    );
  });
});

describe("the shell's CSP", () => {
  // What Vite's dev server serves at /app: React's refresh preamble inline, the rest from files.
  const preamble =
    'import { injectIntoGlobalHook } from "/@react-refresh";\ninjectIntoGlobalHook(window);';
  const shellAt = (html: () => Response) =>
    ({
      fetch: async (input: RequestInfo | URL) => {
        const { pathname } = new URL(input instanceof Request ? input.url : input);
        return pathname === "/app" ? html() : new Response("Not found", { status: 404 });
      },
    }) as unknown as Fetcher;
  const devShell = shellAt(
    () =>
      new Response(
        `<!doctype html><html><head><script type="module" src="/@vite/client"></script><script type="module">${preamble}</script></head><body></body></html>`,
        { headers: { "Content-Type": "text/html; charset=utf-8" } },
      ),
  );

  const scriptSrc = (res: Response) =>
    /script-src ([^;]*)/.exec(res.headers.get("Content-Security-Policy") ?? "")?.[1];

  it("in development allows the dev server's inline preamble by its hash, and nothing else inline", async () => {
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(preamble));
    const hash = btoa(String.fromCharCode(...new Uint8Array(digest)));
    const dev = new Browser({ env: { ENVIRONMENT: "development", ASSETS: devShell } });
    const shell = await dev.get("/app/feed");
    expect(shell.status).toBe(200);
    expect(scriptSrc(shell)).toBe(`'self' 'sha256-${hash}'`);
    // Every other answer of a development server keeps the production CSP.
    expect(scriptSrc(await dev.get("/api/health"))).toBe("'self'");
  });

  it("never in production, nor for a shell without inline scripts (a build)", async () => {
    const production = new Browser({ env: { ENVIRONMENT: "production", ASSETS: devShell } });
    expect(scriptSrc(await production.get("/app/feed"))).toBe("'self'");
    const preview = new Browser({ env: { ENVIRONMENT: "development", ASSETS: shellAt(shell) } });
    expect(scriptSrc(await preview.get("/app/feed"))).toBe("'self'");
  });
});
