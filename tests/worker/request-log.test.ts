import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { NEAR_HEADER } from "../../domain/near.ts";
import { createRide, createUser, HOUR, rideWithTwo, signedIn } from "./helpers/factories.ts";
import { Browser, json } from "./helpers/http.ts";
import { lastMailTo } from "./helpers/mail.ts";
import { openChat, sendFrame } from "./helpers/sockets.ts";

/** Every console call the worker makes, as the text a log line would hold. */
let written: string[] = [];
beforeEach(() => {
  written = [];
  for (const level of ["log", "info", "warn", "debug"] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      written.push(args.map((a) => (typeof a === "string" ? a : JSON.stringify(a))).join(" "));
    });
  }
});
afterEach(() => {
  vi.restoreAllMocks();
});

const REQUEST_LINE = /^(GET|POST|PUT|PATCH|DELETE) (\/\S*|\(no route\)) \d{3} \d+ms$/;
const lines = () => written.filter((line) => REQUEST_LINE.test(line));

function expectNowhere(secret: string) {
  for (const line of written) expect(line, `"${secret}" was logged`).not.toContain(secret);
}

describe("the request log", () => {
  it("writes one line per request: method, route pattern, status, time", async () => {
    const { browser } = await signedIn();
    const ride = await createRide({ organizerId: (await createUser()).id });
    expect((await browser.get(`/api/rides/${ride.id}`)).status).toBe(200);
    expect((await browser.get("/api/rides/sin-salida-9")).status).toBe(404);
    expect((await browser.get("/api/no-existe?x=1")).status).toBe(404);
    expect(lines()).toEqual([
      expect.stringMatching(/^GET \/api\/rides\/:id 200 \d+ms$/),
      expect.stringMatching(/^GET \/api\/rides\/:id 404 \d+ms$/),
      expect.stringMatching(/^GET \/api\/\* 404 \d+ms$/),
    ]);
    // The pattern, not the path: no ride id.
    expectNowhere(ride.id);
  });

  it("keeps out her position, search text and every query string", async () => {
    const { browser } = await signedIn();
    const res = await browser.fetch("/api/rides?q=casadecampo&city=Madrid", {
      headers: { [NEAR_HEADER]: "40.4537,-3.6883" },
    });
    expect(res.status).toBe(200);
    expect(lines()).toEqual([expect.stringMatching(/^GET \/api\/rides 200 \d+ms$/)]);
    for (const secret of ["40.45", "3.68", "casadecampo", "Madrid", "?", "near"]) {
      expectNowhere(secret);
    }
  });

  it("keeps out the reset token, sent in the body, and the page of an old ?reset= link", async () => {
    const email = `reset.${Date.now()}@example.com`;
    await new Browser().post("/api/auth/signup", { email, password: "bici-segura-1" });
    await new Browser().post("/api/auth/reset/request", { email });
    const token = /#reset=(\w+)/.exec((await lastMailTo(email)) ?? "")?.[1];
    expect(token).toMatch(/^[a-z2-7]{32}$/);
    written = [];
    const confirm = await new Browser().post("/api/auth/reset/confirm", {
      token,
      password: "nueva-clave-9",
    });
    expect(confirm.status).toBe(200);
    // The shell is a built asset: 200 after `npm run build`, 404 before it (npm test runs first
    // in CI). Either way its line names the route pattern, never the link's token.
    const page = await new Browser().get(`/app/login?reset=${token}`);
    expect(lines()).toEqual([
      expect.stringMatching(/^POST \/api\/auth\/reset\/confirm 200 \d+ms$/),
      expect.stringMatching(new RegExp(`^GET /app/\\* ${page.status} \\d+ms$`)),
    ]);
    expectNowhere(token!);
  });

  it("keeps out the calendar feed's secret, which its URL must carry", async () => {
    const { browser } = await signedIn();
    await createRide({ organizerId: (await createUser()).id, startsIn: 24 * HOUR });
    const created = await json<{ url: string }>(await browser.post("/api/calendar/feed"));
    const path = new URL(created.url).pathname;
    const secret = path.split("/").at(-1)!.replace(".ics", "");
    written = [];
    expect((await new Browser().get(path)).status).toBe(200);
    expect(lines()).toEqual([
      expect.stringMatching(/^GET \/api\/calendar\/feed\/:file 200 \d+ms$/),
    ]);
    expectNowhere(secret);
  });

  it("keeps out what riders write in the chat", async () => {
    const { ana, bea, ride } = await rideWithTwo();
    const socket = await openChat(ana.browser, ride.id);
    const listener = await openChat(bea.browser, ride.id);
    const text = "Quedamos en el portal 7 de mi calle";
    const clientId = crypto.randomUUID();
    socket.send(sendFrame(text, clientId));
    await socket.next("ack", (f) => f.clientId === clientId);
    await listener.next("message", (f) => f.message.text === text);
    socket.close();
    listener.close();
    expect(lines()).toEqual([
      expect.stringMatching(/^GET \/api\/rides\/:id\/chat\/socket 101 \d+ms$/),
      expect.stringMatching(/^GET \/api\/rides\/:id\/chat\/socket 101 \d+ms$/),
    ]);
    expectNowhere("portal 7");
  });

  it("keeps out what Google sends back in the address (code and state)", async () => {
    const res = await new Browser({
      env: { GOOGLE_CLIENT_ID: "id", GOOGLE_CLIENT_SECRET: "s" },
    }).get("/api/auth/google/callback?code=g00glecode123&state=st4te456");
    expect(res.status).toBe(302);
    expect(lines()).toEqual([
      expect.stringMatching(/^GET \/api\/auth\/google\/callback 302 \d+ms$/),
    ]);
    expectNowhere("g00glecode123");
    expectNowhere("st4te456");
  });
});
