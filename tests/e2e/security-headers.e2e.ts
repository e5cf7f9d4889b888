// The security baseline as a browser meets it, on the built worker (static assets, prerendered
// pages, the /app shell, JSON, the GPX download, the share preview and its image, calendar
// files): every kind of response carries the same security headers as web/public/_headers, HSTS
// included; the session cookie is HttpOnly, Secure, SameSite=Lax; a cross-origin POST changes
// nothing. Plain HTTP, no page needed.
import { readFileSync } from "node:fs";
import path from "node:path";
import { baseURL, expect, test, uniqueEmail } from "./fixtures.ts";

const GPX = readFileSync(path.join(import.meta.dirname, "fixtures/casa-de-campo.gpx"), "utf8");

/** The headers _headers gives every static file ("/*"): the set every answer must carry. */
const STATIC_HEADERS = (() => {
  const text = readFileSync(path.join(import.meta.dirname, "../../web/public/_headers"), "utf8");
  const block = text.split(/\n(?=\S)/).find((b) => b.startsWith("/*"))!;
  return block
    .split("\n")
    .slice(1)
    .map((line) => /^\s+([\w-]+): (.+)$/.exec(line))
    .filter((m) => m !== null)
    .map((m) => [m[1]!, m[2]!] as const);
})();

function expectBaseline(res: Response, what: string) {
  expect(STATIC_HEADERS.map(([name]) => name)).toContain("Strict-Transport-Security");
  for (const [name, value] of STATIC_HEADERS) {
    expect(res.headers.get(name), `${what}: ${name}`).toBe(value);
  }
}

const get = (pathname: string, init: RequestInit = {}) =>
  fetch(`${baseURL()}${pathname}`, { redirect: "manual", ...init });

/** A same-origin request as the app makes it (the Origin check wants our origin). */
const sameOrigin = (cookie: string, extra: Record<string, string> = {}) => ({
  Origin: baseURL(),
  Cookie: cookie,
  ...extra,
});

let cookie = "";
let setCookie = "";

test.describe("security headers and cookies on the built worker", () => {
  test.beforeAll(async () => {
    const res = await get("/dev/test-login", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: baseURL() },
      body: JSON.stringify({ email: uniqueEmail("headers"), username: "Cabeceras" }),
    });
    expect(res.status).toBe(200);
    setCookie = res.headers.get("set-cookie") ?? "";
    cookie = setCookie.split(";")[0] ?? "";
  });

  test("sets the session cookie HttpOnly, Secure, SameSite=Lax on path /", () => {
    expect(cookie).toMatch(/^rodamos_session=\w+/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/Secure/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Path=\//i);
  });

  test("puts the baseline on prerendered pages, the 404 page, the app shell and static code", async () => {
    for (const pathname of ["/", "/blog", "/blog/tu-primera-grupeta", "/privacy"]) {
      const res = await get(pathname);
      expect(res.status, pathname).toBe(200);
      expect(res.headers.get("content-type"), pathname).toContain("text/html");
      expectBaseline(res, pathname);
    }
    const missing = await get("/no-existe-esta-pagina");
    expect(missing.status).toBe(404);
    expectBaseline(missing, "404 page");

    const shell = await get("/app/feed", { headers: { Cookie: cookie } });
    expect(shell.status).toBe(200);
    expectBaseline(shell, "/app shell");
    expect(shell.headers.get("x-robots-tag")).toContain("noindex");

    // The app's own bundle, from the build's hashed assets.
    const script = /<script[^>]+src="([^"]+\.js)"/.exec(await shell.text())?.[1] ?? "";
    expect(script).toMatch(/^\/assets\/[\w-]+\.js$/);
    const asset = await get(script);
    expect(asset.status).toBe(200);
    expect(asset.headers.get("content-type")).toContain("javascript");
    expectBaseline(asset, "static code");

    // Asked for by clients that do not read the pages' <link rel="icon">.
    const favicon = await get("/favicon.ico");
    expect(favicon.status).toBe(200);
    expect(favicon.headers.get("content-type")).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
    expectBaseline(favicon, "/favicon.ico");
  });

  test("puts the baseline on JSON answers, errors included, and never caches them", async () => {
    for (const [pathname, status] of [
      ["/api/health", 200],
      ["/api/me", 200],
      ["/api/rides/no-existe", 404],
      ["/api/no-existe", 404],
    ] as const) {
      const res = await get(pathname, { headers: { Cookie: cookie } });
      expect(res.status, pathname).toBe(status);
      expect(res.headers.get("content-type"), pathname).toContain("application/json");
      expectBaseline(res, pathname);
      const body = (await res.json()) as { error?: { code: string; message: string } };
      if (status >= 400) expect(Object.keys(body.error ?? {}).sort()).toEqual(["code", "message"]);
    }
    const me = await get("/api/me", { headers: { Cookie: cookie } });
    expect(me.headers.get("cache-control") ?? "").toMatch(/no-store|private/);
  });

  test("serves a GPX as a download with the baseline, only to participants", async () => {
    const form = new FormData();
    form.set(
      "data",
      JSON.stringify({
        title: "Cabeceras por la Casa de Campo",
        city: "Madrid",
        startTime: new Date(Date.now() + 48 * 3_600_000).toISOString(),
        level: "chill",
        modalities: ["road"],
        meetingPoint: "Puente del Rey",
        distanceKm: 12,
        elevationM: 80,
        maxParticipants: null,
        socialTags: [],
        description: "",
      }),
    );
    form.set("gpx", new File([GPX], "casa-de-campo.gpx", { type: "application/gpx+xml" }));
    const created = await get("/api/rides", {
      method: "POST",
      headers: sameOrigin(cookie),
      body: form,
    });
    expect(created.status).toBe(201);
    const { ride } = (await created.json()) as { ride: { id: string } };

    const gpx = await get(`/api/rides/${ride.id}/gpx`, { headers: { Cookie: cookie } });
    expect(gpx.status).toBe(200);
    expect(gpx.headers.get("content-type")).toBe("application/gpx+xml");
    expect(gpx.headers.get("content-disposition")).toMatch(/^attachment; filename="[\w-]+\.gpx"$/);
    expectBaseline(gpx, "GPX");
    expect(await gpx.text()).toBe(GPX);

    const anonymous = await get(`/api/rides/${ride.id}/gpx`);
    expect(anonymous.status).toBe(401);
    expectBaseline(anonymous, "GPX refused");
  });

  test("puts the same set, HSTS included, on API answers, the share preview, its image and calendar files", async () => {
    const created = await get("/api/rides", {
      method: "POST",
      headers: sameOrigin(cookie, { "Content-Type": "application/json" }),
      body: JSON.stringify({
        title: "Cabeceras en la salida compartida",
        city: "Madrid",
        startTime: new Date(Date.now() + 48 * 3_600_000).toISOString(),
        level: "chill",
        modalities: ["road"],
        meetingPoint: "Puente del Rey",
        distanceKm: 12,
        elevationM: 80,
        maxParticipants: null,
        socialTags: [],
        description: "",
      }),
    });
    expect(created.status).toBe(201);
    expectBaseline(created, "POST /api/rides");
    const { ride } = (await created.json()) as { ride: { id: string } };

    const invalid = await get("/api/rides", {
      method: "POST",
      headers: sameOrigin(cookie, { "Content-Type": "application/json" }),
      body: JSON.stringify({ title: "" }),
    });
    expect(invalid.status).toBe(400);
    expectBaseline(invalid, "invalid ride");
    const anonymous = await get("/api/my-rides");
    expect(anonymous.status).toBe(401);
    expectBaseline(anonymous, "signed out");

    const preview = await get(`/salida/${ride.id}`);
    expect(preview.status).toBe(200);
    expectBaseline(preview, "/salida/<id>");
    const image =
      /<meta property="og:image" content="([^"]+)"/.exec(await preview.text())?.[1] ?? "";
    // Versioned by what it draws, so a changed ride gets a new image URL.
    expect(image).toMatch(
      new RegExp(`^https?://[^/]+/salida/${ride.id}/imagen\\.png\\?v=[0-9a-f]{16}$`),
    );
    const imagePath = new URL(image).pathname + new URL(image).search;
    // The first request draws it; the second is served from storage: the same headers.
    for (const what of ["share image", "stored share image"]) {
      const png = await get(imagePath);
      expect(png.status, what).toBe(200);
      expect(png.headers.get("content-type"), what).toBe("image/png");
      expectBaseline(png, what);
      await png.arrayBuffer();
    }
    const old = await get(`/salida/${ride.id}/imagen.png?v=0`);
    expect(old.status).toBe(302);
    expectBaseline(old, "old image URL (redirect)");
    expectBaseline(await get("/salida/no-existe"), "/salida 404");

    for (const pathname of ["/app", "/app/feed"]) {
      const shell = await get(pathname, { headers: { Cookie: cookie } });
      expect(shell.status, pathname).toBe(200);
      expectBaseline(shell, pathname);
    }

    const ics = await get(`/api/rides/${ride.id}/calendar.ics`, { headers: { Cookie: cookie } });
    expect(ics.status).toBe(200);
    expect(ics.headers.get("content-type")).toContain("text/calendar");
    expectBaseline(ics, "ride .ics");
    const feed = await get("/api/calendar/feed", {
      method: "POST",
      headers: sameOrigin(cookie),
    });
    expect(feed.status).toBe(201);
    const { url } = (await feed.json()) as { url: string };
    const feedIcs = await get(new URL(url).pathname);
    expect(feedIcs.status).toBe(200);
    expect(feedIcs.headers.get("content-type")).toContain("text/calendar");
    // Its own stricter referrer policy is the one exception to the set.
    expect(feedIcs.headers.get("referrer-policy")).toBe("no-referrer");
    for (const [name, value] of STATIC_HEADERS.filter(([n]) => n !== "Referrer-Policy")) {
      expect(feedIcs.headers.get(name), `feed .ics: ${name}`).toBe(value);
    }
  });

  test("refuses a cross-origin POST and leaves the data as it was", async () => {
    const before = (await (await get("/api/me", { headers: { Cookie: cookie } })).json()) as {
      user: { username: string };
    };
    const forged = await get("/api/profile", {
      method: "PUT",
      headers: {
        ...sameOrigin(cookie),
        Origin: "https://evil.example",
        "Content-Type": "application/json",
      },
      body: JSON.stringify({ username: "Hackeada", city: "Madrid", modalities: ["road"] }),
    });
    expect(forged.status).toBe(403);
    expectBaseline(forged, "CSRF refusal");
    const after = (await (await get("/api/me", { headers: { Cookie: cookie } })).json()) as {
      user: { username: string };
    };
    expect(after.user.username).toBe(before.user.username);
  });

  test("answers the next request on the connection after refusing one it did not read", async () => {
    // A refusal before the body is read left the body on the keep-alive connection, and the
    // local stack then failed the next request with a 500 (about 1 pair in 8; drainUnreadBody).
    for (let i = 0; i < 40; i++) {
      const forged = await get("/api/profile", {
        method: "PUT",
        headers: {
          Cookie: cookie,
          Origin: "https://evil.example",
          "Content-Type": "application/json",
        },
        body: JSON.stringify({ username: "Hackeada", city: "Madrid", modalities: ["road"] }),
      });
      expect(forged.status).toBe(403);
      await forged.text();
      const next = await get("/api/me", { headers: { Cookie: cookie } });
      expect(next.status, `pair ${i}`).toBe(200);
      await next.json();
    }
  });
});
