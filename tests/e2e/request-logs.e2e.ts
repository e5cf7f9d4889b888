// Nothing secret in a URL the server logs (docs/decisions/0034-nothing-secret-in-a-logged-url.md).
// In real Chromium against the build: 'Cerca de mí' with her position, a password reset from the
// mailed link, a chat message and her calendar feed; then the local runtime's trace store (what
// the local Workers runtime records per invocation, read through its explorer API) is read back.
//
// Locally the store records every invocation's full URL, whatever wrangler.toml says; in
// production those automatic records (invocation logs, traces) are off and query strings are
// redacted. So: her position, the reset token and her message must be nowhere in the store (no
// URL carries them any more); the calendar feed's secret, which its URL must carry, and every
// query string must be in no record other than the automatic ones production turns off.
import { readFileSync } from "node:fs";
import path from "node:path";
import { NEAR_HEADER } from "../../domain/near.ts";
import { NEAR_ORDER_TEXT } from "../../domain/texts/rides-search.ts";
import {
  apiFromPage,
  baseURL,
  expect,
  fixtureRide,
  mailedLink,
  sendMessage,
  test,
  uniqueEmail,
} from "./fixtures.ts";

const root = path.resolve(import.meta.dirname, "../..");

/** One row of the local trace store: a span's attributes, or a log line. */
interface TraceRow {
  kind: "span" | "log";
  text: string;
}

/**
 * Every span and log the local runtime recorded since `since` (epoch ms), through its explorer's
 * read-only SQL API. A log's message is the JSON of what was logged.
 */
async function traceStore(since: number): Promise<TraceRow[]> {
  const res = await fetch(`${baseURL()}/cdn-cgi/local/explorer/api/local/observability/query`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      sql: `SELECT 'span' AS kind, coalesce(name, '') || ' ' || coalesce(json(attributes), '') AS text
              FROM spans WHERE start_ms >= ?1
            UNION ALL SELECT 'log', coalesce(message, '') FROM logs WHERE ts_ms >= ?1`,
      params: [since],
    }),
  });
  expect(res.status, "the local runtime's trace store answers").toBe(200);
  const { result } = (await res.json()) as { result: { rows: [TraceRow["kind"], string][] } };
  return result.rows.map(([kind, text]) => ({ kind, text }));
}

/** A logged message as text (console arguments arrive as a JSON array). */
function logText(row: TraceRow): string {
  const value: unknown = JSON.parse(row.text);
  return Array.isArray(value) ? value.map(String).join(" ") : String(value);
}

/**
 * The runtime's own record of an invocation ("GET http://host/path?query"): an invocation log,
 * which production does not keep (observability.logs.invocation_logs = false).
 */
const isInvocationLog = (row: TraceRow) =>
  row.kind === "log" && /^[A-Z]+ https?:\/\//.test(logText(row));

/** What production keeps of these records: the worker's own log lines (console), nothing else. */
const keptInProduction = (rows: TraceRow[]) =>
  rows.filter((row) => row.kind === "log" && !isInvocationLog(row));

test.describe("request logs", () => {
  test("hold no position, token, query string or message: the local trace store after the requests", async ({
    openSession,
    rider,
  }) => {
    // The deployed config (what `npm run deploy` ships) turns the automatic records off.
    const deployed = JSON.parse(
      readFileSync(path.join(root, "dist/rodamos/wrangler.json"), "utf8"),
    ) as {
      observability?: {
        redact_query_string?: boolean;
        logs?: { invocation_logs?: boolean };
        traces?: { enabled?: boolean };
      };
    };
    expect(deployed.observability?.logs?.invocation_logs).toBe(false);
    expect(deployed.observability?.traces?.enabled).toBe(false);
    expect(deployed.observability?.redact_query_string).toBe(true);

    // 1. 'Cerca de mí' from Cuatro Caminos: the app sends 40.45,-3.69 in the X-Near header.
    const since = Date.now();
    const ana = await rider("ana");
    await ana.context.grantPermissions(["geolocation"]);
    await ana.context.setGeolocation({ latitude: 40.453712, longitude: -3.688345 });
    const heard: string[] = [];
    ana.page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/rides") {
        heard.push(request.headers()[NEAR_HEADER] ?? "");
      }
    });
    const searchText = `Tetuan${Date.now().toString(36)}`;
    await ana.page.goto(`/app/search?q=${searchText}&dateType=none`);
    await ana.page.getByRole("radio", { name: NEAR_ORDER_TEXT.near }).click();
    await expect(ana.page.getByText(NEAR_ORDER_TEXT.fromPosition)).toBeVisible();
    await expect.poll(() => heard).toContain("40.45,-3.69");

    // 2. A message in her ride's chat.
    const rideId = await fixtureRide(ana.context, {
      organizerId: ana.userId,
      participantIds: [],
      title: "Rodada de los secretos",
    });
    const message = `Quedamos en mi portal ${Date.now().toString(36)}`;
    await ana.page.goto(`/app/chat/${rideId}`);
    await sendMessage(ana.page, message);
    // Shown at once as 'Enviando…', it goes out once the chat's socket is open: wait for the
    // room's ack (its time replaces 'Enviando…'), so the message did reach the server.
    const sent = ana.page.getByRole("listitem").filter({ hasText: message });
    await expect(sent).toContainText(/\d:\d\d/);
    await expect(sent).not.toContainText("Enviando…");
    await ana.page.goto("/app/feed");

    // 3. Her calendar feed, fetched as a calendar app does (no cookie).
    const feed = await apiFromPage<{ url: string }>(ana, "POST", "/api/calendar/feed");
    expect(feed.status).toBe(201);
    const feedPath = new URL(feed.body.url).pathname;
    const feedSecret = feedPath.split("/").at(-1)!.replace(".ics", "");
    // Her browser closes: the feed's live channel ends, and with it its invocation.
    await ana.context.close();

    // 4. A password reset from the mailed link.
    const email = uniqueEmail("olvido");
    const signup = await fetch(`${baseURL()}/api/auth/signup`, {
      method: "POST",
      headers: { Origin: baseURL(), "Content-Type": "application/json" },
      body: JSON.stringify({ email, password: "vieja-clave-1" }),
    });
    expect(signup.status).toBe(201);
    const reset = await fetch(`${baseURL()}/api/auth/reset/request`, {
      method: "POST",
      headers: { Origin: baseURL(), "Content-Type": "application/json" },
      body: JSON.stringify({ email }),
    });
    expect(reset.status).toBe(200);
    const link = await mailedLink(email);
    const token = new URLSearchParams(new URL(link).hash.slice(1)).get("reset") ?? "";
    expect(token, link).toMatch(/^\w{16,}$/);
    const session = await openSession();
    const urls: string[] = [];
    session.page.on("request", (request) => urls.push(request.url()));
    await session.page.goto(link);
    await expect(session.page.getByRole("heading", { name: "Nueva contraseña" })).toBeVisible();
    // The token leaves the address bar at once.
    await expect(session.page).not.toHaveURL((url) => url.href.includes(token));
    await session.page.getByLabel("Nueva contraseña", { exact: true }).fill("nueva-clave-9");
    await session.page.getByLabel("Confirmar contraseña", { exact: true }).fill("nueva-clave-9");
    await session.page.getByRole("button", { name: "Guardar contraseña" }).click();
    await session.page.waitForURL("**/app/feed");
    expect(urls.filter((url) => url.includes(token))).toEqual([]);

    expect((await fetch(`${baseURL()}${feedPath}`)).status).toBe(200);
    // The store is written as each invocation ends: wait for the worker's line of each request,
    // then read it all. Her message was handled by the ride room in an invocation of its own (one
    // per socket message, ended as soon as it answered), long before these later requests. The
    // socket's own request is not waited for: the local runtime ends its invocation only when it
    // sees the socket close, which in a long run it sometimes never does.
    const expected = [
      /^GET \/api\/rides 200 \d+ms$/,
      /^POST \/api\/auth\/reset\/confirm 200 \d+ms$/,
      /^GET \/api\/calendar\/feed\/:file 200 \d+ms$/,
    ];
    const missing = (rows: TraceRow[]) => {
      const kept = keptInProduction(rows).map(logText);
      return expected.filter((line) => !kept.some((text) => line.test(text))).map(String);
    };
    await expect
      .poll(async () => missing(await traceStore(since)), { timeout: 60_000 })
      .toEqual([]);
    const rows = await traceStore(since);

    // Nowhere, not even in the local runtime's own records: no URL carries them any more.
    const everything = rows.map((row) => row.text).join("\n");
    for (const secret of ["40.45", "40.4537", "-3.69", token, message]) {
      expect(everything, `"${secret}" is in the local trace store`).not.toContain(secret);
    }

    // In what production keeps (the worker's own lines, one per request, waited for above):
    // neither the feed's secret, a search's text nor any query string.
    for (const text of keptInProduction(rows).map(logText)) {
      expect(text).not.toContain(feedSecret);
      expect(text).not.toContain(searchText);
      expect(text).not.toContain("?");
    }
    // Locally the feed's secret is only in the automatic records production turns off.
    const withSecret = rows.filter((row) => row.text.includes(feedSecret));
    expect(withSecret.every((row) => row.kind === "span" || isInvocationLog(row))).toBe(true);
  });
});
