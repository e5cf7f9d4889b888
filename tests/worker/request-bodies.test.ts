// Request bodies the API cannot read: a body whose type is not the one the route takes is
// refused with 415 before anything is read or written, and a multipart body that does not parse
// is a 400 with a Spanish message, never a 500 (docs/security.md#the-first-outside-probe, findings 3 and 5).
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { MSG } from "../../domain/messages.ts";
import { createRide, signedIn } from "./helpers/factories.ts";
import { type Browser, json } from "./helpers/http.ts";
import { multipart, rideBody } from "./helpers/rides.ts";

async function rideCount() {
  const row = await env.DB.prepare("SELECT count(*) AS n FROM rides").first<{ n: number }>();
  return row!.n;
}

/** A multipart body's bytes as a browser's FormData sends them, with its own boundary. */
async function multipartBytes(data: unknown) {
  const req = new Request("http://x", { method: "POST", body: multipart(data) });
  return {
    contentType: req.headers.get("Content-Type")!,
    bytes: new Uint8Array(await req.arrayBuffer()),
  };
}

async function gzip(bytes: Uint8Array) {
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

async function expectRefused(res: Response, status: number, code: string, message: string) {
  expect(res.status, await res.clone().text()).toBe(status);
  expect(await json(res)).toEqual({ error: { code, message } });
}

describe("malformed multipart bodies on ride create and edit", () => {
  async function badBodies() {
    const good = await multipartBytes(rideBody());
    const text = new TextDecoder().decode(good.bytes);
    return [
      { contentType: "multipart/form-data; boundary=x", body: "garbage" as BodyInit },
      { contentType: "multipart/form-data; boundary=x", body: await gzip(good.bytes) },
      { contentType: good.contentType, body: await gzip(good.bytes) },
      // Cut before the closing boundary.
      { contentType: good.contentType, body: text.slice(0, text.length - 10) },
      { contentType: "multipart/form-data; boundary=another", body: good.bytes },
      { contentType: "multipart/form-data", body: good.bytes },
      { contentType: "multipart/form-data; boundary=x", body: "--x\r\n\r\n\u0000\u0001--x--" },
    ];
  }

  it("POST /api/rides answers 400 with a Spanish message and creates nothing", async () => {
    const { browser } = await signedIn();
    const before = await rideCount();
    for (const { contentType, body } of await badBodies()) {
      const res = await browser.fetch("/api/rides", {
        method: "POST",
        body,
        headers: { "Content-Type": contentType },
      });
      await expectRefused(res, 400, "validation_error", MSG.formUnreadable);
    }
    expect(await rideCount()).toBe(before);
  });

  it("PUT /api/rides/:id answers 400 and leaves the ride as it was", async () => {
    const { user, browser } = await signedIn();
    const ride = await createRide({ organizerId: user.id, title: "Sin cambios" });
    for (const { contentType, body } of await badBodies()) {
      const res = await browser.fetch(`/api/rides/${ride.id}`, {
        method: "PUT",
        body,
        headers: { "Content-Type": contentType },
      });
      await expectRefused(res, 400, "validation_error", MSG.formUnreadable);
    }
    const detail = await json(await browser.get(`/api/rides/${ride.id}`));
    expect(detail.ride.title).toBe("Sin cambios");
  });

  it("a well-formed multipart create still works", async () => {
    const { browser } = await signedIn();
    const { contentType, bytes } = await multipartBytes(rideBody());
    const res = await browser.fetch("/api/rides", {
      method: "POST",
      body: bytes,
      headers: { "Content-Type": contentType },
    });
    expect(res.status).toBe(201);
  });
});

describe("a body whose type is not the one the route takes: 415", () => {
  const WRONG_TYPES: (string | null)[] = [
    "text/plain",
    "text/plain;charset=UTF-8",
    "application/x-www-form-urlencoded",
    "application/xml",
    "application/jsonx",
    "",
    null,
  ];

  async function send(
    browser: Browser,
    method: string,
    path: string,
    body: string,
    type: string | null,
  ) {
    const headers: Record<string, string> = {};
    if (type !== null) headers["Content-Type"] = type;
    return browser.fetch(path, { method, body, headers });
  }

  it("JSON sent as text/plain (a cross-site form's type) creates no ride", async () => {
    const { browser } = await signedIn();
    const before = await rideCount();
    for (const type of WRONG_TYPES) {
      const res = await send(browser, "POST", "/api/rides", JSON.stringify(rideBody()), type);
      await expectRefused(res, 415, "unsupported_media_type", MSG.unsupportedMediaType);
    }
    expect(await rideCount()).toBe(before);
  });

  it("JSON-only routes refuse multipart and other types, and change nothing", async () => {
    const { user, browser } = await signedIn();
    const ride = await createRide({ organizerId: user.id });
    const { contentType, bytes } = await multipartBytes({ reason: "lluvia" });
    const routes: [string, string, unknown][] = [
      ["POST", `/api/rides/${ride.id}/cancel`, { reason: "lluvia" }],
      ["PUT", "/api/profile", { username: "Otra_Ana", city: "Soria", modalities: ["road"] }],
      ["POST", "/api/auth/password", { newPassword: "nueva-clave-1" }],
      ["POST", "/api/auth/login", { email: user.email, password: "x" }],
      ["POST", "/api/launch-signups", { email: "lista@example.com" }],
    ];
    for (const [method, path, body] of routes) {
      for (const type of WRONG_TYPES) {
        const res = await send(browser, method, path, JSON.stringify(body), type);
        await expectRefused(res, 415, "unsupported_media_type", MSG.unsupportedMediaType);
      }
      const res = await browser.fetch(path, {
        method,
        body: bytes,
        headers: { "Content-Type": contentType },
      });
      await expectRefused(res, 415, "unsupported_media_type", MSG.unsupportedMediaType);
    }
    const detail = await json(await browser.get(`/api/rides/${ride.id}`));
    expect(detail.ride.status).toBe("published");
    expect((await json(await browser.get("/api/me"))).user.username).toBe(user.username);
  });

  it("a compressed body (Content-Encoding) is refused: the API reads plain bodies only", async () => {
    const { browser } = await signedIn();
    const body = await gzip(new TextEncoder().encode(JSON.stringify(rideBody())));
    const res = await browser.fetch("/api/rides", {
      method: "POST",
      body,
      headers: { "Content-Type": "application/json", "Content-Encoding": "gzip" },
    });
    await expectRefused(res, 415, "unsupported_media_type", MSG.unsupportedMediaType);
  });

  it("accepts JSON with parameters, and body-less actions without a type", async () => {
    const { user, browser } = await signedIn();
    const res = await send(
      browser,
      "POST",
      "/api/rides",
      JSON.stringify(rideBody()),
      "Application/JSON; charset=utf-8",
    );
    expect(res.status).toBe(201);
    const other = await signedIn();
    const ride = await createRide({ organizerId: user.id });
    // No body at all (as navigator.sendBeacon sends the chat's read state).
    expect(
      (await other.browser.fetch(`/api/rides/${ride.id}/join`, { method: "POST" })).status,
    ).toBe(200);
    expect(
      (await other.browser.fetch(`/api/rides/${ride.id}/chat/read`, { method: "POST" })).status,
    ).toBe(200);
    expect((await browser.fetch("/api/auth/logout", { method: "POST" })).status).toBe(200);
  });
});
