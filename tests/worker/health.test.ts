import { describe, expect, it } from "vitest";
import { Browser, json } from "./helpers/http.ts";

describe("GET /api/health", () => {
  it("answers ok after a real D1 round trip", async () => {
    const res = await new Browser().get("/api/health");
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body).toMatchObject({ ok: true, d1: "ok" });
  });

  it("carries the security headers", async () => {
    const res = await new Browser().get("/api/health");
    expect(res.headers.get("Content-Security-Policy")).toContain("frame-ancestors 'none'");
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(res.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
  });

  it("tells browsers to use HTTPS only (HSTS, 1 year, subdomains) on every kind of answer, in every environment", async () => {
    // The same set as web/public/_headers: the built worker under `vite preview` (development
    // vars) once sent it on pages but not on API answers. Over plain http:// browsers ignore it.
    for (const ENVIRONMENT of ["production", "development", "test"]) {
      const browser = new Browser({ env: { ENVIRONMENT } });
      const refused = await browser.fetch("/api/rides", { method: "POST", json: {} });
      for (const res of [
        await browser.get("/api/health"),
        await browser.get("/api/nope"),
        refused,
        await browser.get("/app/feed"),
        await browser.get("/favicon.svg"),
        await browser.get("/salida/no-existe"),
      ]) {
        expect(res.headers.get("Strict-Transport-Security"), `${ENVIRONMENT} ${res.url}`).toBe(
          "max-age=31536000; includeSubDomains",
        );
      }
    }
  });

  it("is never stored by a browser or a proxy, nor is any other API answer", async () => {
    const browser = new Browser();
    for (const path of ["/api/health", "/api/me", "/api/nope"]) {
      expect((await browser.get(path)).headers.get("Cache-Control"), path).toBe("no-store");
    }
  });
});

describe("unknown API paths", () => {
  it("get a JSON 404 with a code", async () => {
    const res = await new Browser().get("/api/nope");
    expect(res.status).toBe(404);
    expect(await json(res)).toEqual({ error: { code: "not_found", message: expect.any(String) } });
  });
});

describe("origin check", () => {
  it("refuses a cross-origin state-changing request", async () => {
    const res = await new Browser().fetch("/api/health", {
      method: "POST",
      headers: { Origin: "https://evil.example" },
    });
    expect(res.status).toBe(403);
    expect((await json(res)).error.code).toBe("cross_origin");
  });

  it("refuses a state-changing request without Origin", async () => {
    const res = await new Browser().fetch("/api/health", {
      method: "POST",
      headers: { Origin: "" },
    });
    expect(res.status).toBe(403);
  });
});

describe("GET /api/me", () => {
  it("is null for a visitor", async () => {
    const body = await json(await new Browser().get("/api/me"));
    expect(body.user).toBeNull();
    expect(body.signupMode).toBe("open");
  });
});
