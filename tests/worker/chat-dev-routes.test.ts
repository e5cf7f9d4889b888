import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { MSG } from "../../domain/messages.ts";
import { app } from "../../worker/app.ts";
import { SESSION_COOKIE } from "../../worker/sessions/session.ts";
import { Browser, ORIGIN } from "./helpers/http.ts";

// The E2E journeys sign in and create started rides through these; production must not have them.
function devRequest(path: string, body: unknown, environment: string) {
  return app.fetch(
    new Request(`${ORIGIN}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    }),
    { ...env, ENVIRONMENT: environment },
  );
}

describe("development-only routes", () => {
  it("do not exist outside development", async () => {
    expect(env.ENVIRONMENT).not.toBe("development");
    const browser = new Browser();
    const login = await browser.post("/dev/test-login", { email: "a@x.es", username: "ana" });
    expect(login.status).toBe(404);
    expect(browser.cookies.size).toBe(0);
    const ride = await devRequest("/dev/fixtures/ride", { organizerId: "x" }, "production");
    expect(ride.status).toBe(404);
    // Nobody signed up by the refused login (the other test of this file may have run first).
    const { results } = await env.DB.prepare("SELECT id FROM users WHERE email = 'a@x.es'").all();
    expect(results).toEqual([]);
  });

  it("in development, sign a rider in and create a started ride with participants", async () => {
    const ana = await devRequest(
      "/dev/test-login",
      { email: "Ana@Rodamos.test", username: "ana_e2e" },
      "development",
    );
    expect(ana.status).toBe(200);
    expect(ana.headers.get("Set-Cookie")).toContain(`${SESSION_COOKIE}=`);
    const { userId } = (await ana.json()) as { userId: string };
    const again = await devRequest(
      "/dev/test-login",
      { email: "ana@rodamos.test", username: "ana_e2e" },
      "development",
    );
    expect(((await again.json()) as { userId: string }).userId).toBe(userId);
    // Her name under another email: refused in words, and nobody is created.
    const taken = await devRequest(
      "/dev/test-login",
      { email: "otra@rodamos.test", username: "ana_e2e" },
      "development",
    );
    expect(taken.status).toBe(409);
    expect(await taken.json()).toEqual({
      error: { code: "username_taken", message: MSG.usernameTaken },
    });
    const { results: named } = await env.DB.prepare(
      "SELECT email FROM users WHERE email = 'otra@rodamos.test'",
    ).all();
    expect(named).toEqual([]);
    const bea = (await (
      await devRequest(
        "/dev/test-login",
        { email: "bea@rodamos.test", username: "bea_e2e" },
        "development",
      )
    ).json()) as { userId: string };

    const res = await devRequest(
      "/dev/fixtures/ride",
      { organizerId: userId, participantIds: [bea.userId], startsInMinutes: -60 },
      "development",
    );
    expect(res.status).toBe(200);
    const { rideId } = (await res.json()) as { rideId: string };
    const row = await env.DB.prepare(
      "SELECT start_time, (SELECT count(*) FROM ride_participants WHERE ride_id = rides.id) AS n FROM rides WHERE id = ?",
    )
      .bind(rideId)
      .first<{ start_time: number; n: number }>();
    expect(row?.n).toBe(2);
    expect(row!.start_time).toBeLessThan(Date.now() - 59 * 60_000);
  });
});
