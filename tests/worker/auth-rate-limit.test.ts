import { describe, expect, it } from "vitest";
import { signedIn } from "./helpers/factories.ts";
import { Browser, json } from "./helpers/http.ts";

let n = 0;
const email = (prefix = "rl") => `${prefix}.${Date.now().toString(36)}${n++}@example.com`;

const RATE_LIMITED = {
  error: {
    code: "rate_limited",
    message: "Demasiados intentos. Espera un momento y vuelve a intentarlo.",
  },
};

describe("rate limits", () => {
  it("stops password guessing on one email after 10 tries, from any IP", async () => {
    const target = email("victima");
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      // A new browser (new IP) each time: the per-email bucket still fills.
      const res = await new Browser().post("/api/auth/login", { email: target, password: `x${i}` });
      statuses.push(res.status);
    }
    expect(statuses.every((s) => s === 401)).toBe(true);
    const blocked = await new Browser().post("/api/auth/login", { email: target, password: "y" });
    expect(blocked.status).toBe(429);
    expect(await json(blocked)).toEqual(RATE_LIMITED);
    // Another email is not affected.
    const other = await new Browser().post("/api/auth/login", { email: email(), password: "y" });
    expect(other.status).toBe(401);
  });

  it("limits reset requests per email", async () => {
    const target = email("reset");
    for (let i = 0; i < 10; i++) {
      expect((await new Browser().post("/api/auth/reset/request", { email: target })).status).toBe(
        200,
      );
    }
    const blocked = await new Browser().post("/api/auth/reset/request", { email: target });
    expect(blocked.status).toBe(429);
  });

  it("limits one IP to 100 reset requests a minute, whatever the emails", async () => {
    const browser = new Browser();
    for (let i = 0; i < 100; i++) {
      const res = await browser.post("/api/auth/reset/request", { email: email("spray") });
      expect(res.status).toBe(200);
    }
    const blocked = await browser.post("/api/auth/reset/request", { email: email() });
    expect(blocked.status).toBe(429);
    expect(await json(blocked)).toEqual(RATE_LIMITED);
    // Another IP is not affected.
    const elsewhere = await new Browser().post("/api/auth/reset/request", { email: email() });
    expect(elsewhere.status).toBe(200);
  });

  it("limits username checks to 60 a minute", async () => {
    const { browser } = await signedIn();
    for (let i = 0; i < 60; i++) {
      const res = await browser.get(`/api/profile/username-available?name=nombre${i}`);
      expect(res.status).toBe(200);
    }
    const blocked = await browser.get("/api/profile/username-available?name=otra");
    expect(blocked.status).toBe(429);
    expect(await json(blocked)).toEqual(RATE_LIMITED);
  });
});
