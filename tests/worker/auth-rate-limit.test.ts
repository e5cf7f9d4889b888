import { describe, expect, it } from "vitest";
import { signedIn } from "./helpers/factories.ts";
import { Browser, json, sendUntilLimited } from "./helpers/http.ts";

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
    // A new browser (new IP) each time: the per-email bucket still fills.
    const blocked = await sendUntilLimited(10, async (i) => {
      const res = await new Browser().post("/api/auth/login", { email: target, password: `x${i}` });
      if (res.status !== 429) expect(res.status).toBe(401);
      return res;
    });
    expect(await json(blocked)).toEqual(RATE_LIMITED);
    // Another email is not affected.
    const other = await new Browser().post("/api/auth/login", { email: email(), password: "y" });
    expect(other.status).toBe(401);
  });

  it("limits reset requests per email", async () => {
    const target = email("reset");
    const blocked = await sendUntilLimited(10, (_i) =>
      new Browser().post("/api/auth/reset/request", { email: target }),
    );
    expect(await json(blocked)).toEqual(RATE_LIMITED);
  });

  it("limits sign-ups per email", async () => {
    const target = email("alta");
    const blocked = await sendUntilLimited(10, async () => {
      // Refused as taken after the first, but each attempt counts.
      return new Browser().post("/api/auth/signup", { email: target, password: "123456" });
    });
    expect(blocked.status).toBe(429);
  });

  it("limits one IP to 100 reset requests a minute, whatever the emails", async () => {
    const browser = new Browser();
    const blocked = await sendUntilLimited(100, () =>
      browser.post("/api/auth/reset/request", { email: email("spray") }),
    );
    expect(await json(blocked)).toEqual(RATE_LIMITED);
    // Another IP is not affected.
    const elsewhere = await new Browser().post("/api/auth/reset/request", { email: email() });
    expect(elsewhere.status).toBe(200);
  });

  it("limits one IP to 100 reset confirmations a minute, before looking the token up", async () => {
    const browser = new Browser();
    const guess = () => ({ token: crypto.randomUUID(), password: "nueva123" });
    const blocked = await sendUntilLimited(100, async () => {
      const res = await browser.post("/api/auth/reset/confirm", guess());
      if (res.status !== 429) expect(res.status).toBe(400);
      return res;
    });
    expect(await json(blocked)).toEqual(RATE_LIMITED);
    const elsewhere = await new Browser().post("/api/auth/reset/confirm", guess());
    expect((await json(elsewhere)).error.code).toBe("reset_token_invalid");
  });

  it("limits username checks to 60 a minute", async () => {
    const { browser } = await signedIn();
    const blocked = await sendUntilLimited(60, (i) =>
      browser.get(`/api/profile/username-available?name=nombre${i}`),
    );
    expect(await json(blocked)).toEqual(RATE_LIMITED);
  });
});
