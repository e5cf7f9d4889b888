// Per-test helpers for E2E journeys: a mobile browser context on the shared Chromium, console
// errors fail the test, and a failing test leaves a screenshot and the server log behind.
import { mkdirSync } from "node:fs";
import path from "node:path";
import {
  type Browser,
  type BrowserContext,
  chromium,
  type Page,
  type Request,
  type WebSocket,
} from "playwright-core";
import { afterAll, beforeAll, expect, inject, onTestFailed } from "vitest";

export const baseURL = () => inject("baseURL");
const RESULTS_DIR = path.resolve(import.meta.dirname, "../../test-results");
export const SCREENSHOTS_DIR = path.resolve(import.meta.dirname, "../../docs/screenshots");

let browser: Browser | undefined;

// A 1x1 transparent PNG: map tiles never leave the machine during tests.
export const MAP_TILE_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

/** Connects this test file to the run's one Chromium. */
export function connectBrowser() {
  beforeAll(async () => {
    browser = await chromium.connect(inject("wsEndpoint"));
  });
  afterAll(async () => {
    await browser?.close();
  });
}

export interface Session {
  context: BrowserContext;
  page: Page;
  consoleErrors: string[];
}

/**
 * A fresh mobile-sized browser (its own cookies) with console-error tracking; its clock is
 * Madrid's unless `timezoneId` says otherwise, its server the build's unless `baseURL` does.
 */
export async function openSession(
  options: { expectErrors?: RegExp[]; timezoneId?: string; baseURL?: string } = {},
): Promise<Session> {
  if (!browser) throw new Error("call connectBrowser() in the test file");
  const context = await browser.newContext({
    baseURL: options.baseURL ?? baseURL(),
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 1,
    locale: "es-ES",
    timezoneId: options.timezoneId ?? "Europe/Madrid",
    hasTouch: true,
  });
  await context.route("**/*.tile.openstreetmap.org/**", (route) =>
    route.fulfill({ status: 200, contentType: "image/png", body: MAP_TILE_PNG }),
  );
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  const allowed = options.expectErrors ?? [];
  // A failed request the test provokes (401, 409…) logs "Failed to load resource": that is
  // the browser reporting a status, not an app error.
  const benign = [
    /Failed to load resource: the server responded with a status of 4\d\d/,
    // A navigation that unloads the page while the notification socket is still handshaking:
    // Chromium reports the aborted handshake; the next page opens a new socket.
    /WebSocket connection to '[^']*\/api\/notifications\/socket' failed: Connection closed before receiving a handshake response/,
  ];
  page.on("console", (msg) => {
    if (msg.type() !== "error") return;
    const text = msg.text();
    if ([...benign, ...allowed].some((re) => re.test(text))) return;
    consoleErrors.push(text);
  });
  page.on("pageerror", (err) => consoleErrors.push(`pageerror: ${err.message}`));
  onTestFailed(async ({ task }) => {
    mkdirSync(RESULTS_DIR, { recursive: true });
    const name = task.name.replace(/[^a-z0-9]+/gi, "-").toLowerCase();
    await page
      .screenshot({ path: path.join(RESULTS_DIR, `${name}.png`), fullPage: true })
      .catch(() => undefined);
    console.log(
      `Failure screenshot: test-results/${name}.png; server log: test-results/server.log`,
    );
  });
  return { context, page, consoleErrors };
}

/** Waits until finite animations and transitions have run to their end (a toast sliding in). */
export async function animationsSettled(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (a) => a.playState !== "running" || a.effect?.getComputedTiming().iterations === Infinity,
      ),
  );
}

/** Saves a mobile screenshot for the README (docs/screenshots/<name>.png). */
export async function saveScreenshot(page: Page, name: string) {
  mkdirSync(SCREENSHOTS_DIR, { recursive: true });
  // A toast caught as it slid in was an empty box.
  await animationsSettled(page);
  await page.screenshot({ path: path.join(SCREENSHOTS_DIR, `${name}.png`) });
}

export async function closeSession(session: Session) {
  await session.context.close();
  if (session.consoleErrors.length > 0) {
    throw new Error(`Unexpected console errors:\n${session.consoleErrors.join("\n")}`);
  }
}

let counter = 0;
/** A unique email for a journey's new rider. */
/** Tomorrow's date on the page's own clock, as the form's date field takes it (YYYY-MM-DD). */
export async function tomorrowIso(page: Page) {
  return page.evaluate(() => {
    const d = new Date();
    d.setDate(d.getDate() + 1);
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
  });
}

export function uniqueEmail(prefix = "rider") {
  return `${prefix}.${Date.now().toString(36)}${(counter++).toString(36)}@rodamos.test`;
}

/** Signs the session's browser in as a new rider through the dev-only test-login route. */
export async function signInAs(session: Session, username: string) {
  const { page } = session;
  if (!page.url().startsWith(baseURL())) await page.goto("/app/offline");
  const result = await page.evaluate(
    async (body) => {
      const res = await fetch("/dev/test-login", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: await res.json() };
    },
    { email: uniqueEmail(username), username },
  );
  if (result.status !== 200) throw new Error(`test-login failed: ${JSON.stringify(result)}`);
  return result.body as { userId: string };
}

/** Calls the API from inside the page (same cookies, same Origin as the app). */
export async function apiFromPage<T>(
  session: Session,
  method: string,
  path: string,
  body?: unknown,
) {
  return session.page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(path, {
        method,
        headers: body === undefined ? {} : { "Content-Type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json().catch(() => null)) as unknown };
    },
    { method, path, body },
  ) as Promise<{ status: number; body: T }>;
}

/** A rider signed in through the dev-only test-login route, in her own browser. */
export async function rider(
  name: string,
  options: { email?: string; expectErrors?: RegExp[] } = {},
): Promise<Session & { userId: string; username: string }> {
  const session = await openSession({ expectErrors: options.expectErrors });
  const username = `${name}_${Date.now().toString(36).slice(-5)}${counter++}`;
  const res = await session.context.request.post("/dev/test-login", {
    data: { email: options.email ?? uniqueEmail(name), username },
  });
  expect(res.status()).toBe(200);
  const { userId } = (await res.json()) as { userId: string };
  return { ...session, userId, username };
}

/** A ride made by the dev-only fixture route (organizer, participants, start, cap); its id. */
export async function fixtureRide(
  context: BrowserContext,
  input: {
    organizerId: string;
    participantIds: string[];
    title: string;
    startsInMinutes?: number;
    maxParticipants?: number;
  },
) {
  const res = await context.request.post("/dev/fixtures/ride", { data: input });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { rideId: string }).rideId;
}

/**
 * Resolves once the page's app-wide notification channel is accepted (its 'ready' frame). Call it
 * before the navigation that opens the channel. Two races are closed here:
 * - the frame listener is attached in the socket's own event: Playwright can deliver the socket
 *   and its first frame in one batch, and a listener attached after an `await` of the socket
 *   event would miss that frame;
 * - every channel socket is watched, not only the first: when an attempt fails, the app opens
 *   another after its backoff, and the page being left can still open one just before the
 *   navigation, which dies with its document. On a timeout the error lists what each became.
 */
export function notificationSocketOpened(page: Page, timeoutMs = 30_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const seen: string[] = [];
    const done = () => {
      clearTimeout(timer);
      page.off("websocket", onSocket);
    };
    const timer = setTimeout(() => {
      done();
      const sockets = seen.length ? seen.join("; ") : "none opened";
      reject(
        new Error(
          `no 'ready' frame on the notification channel in ${timeoutMs} ms (sockets: ${sockets})`,
        ),
      );
    }, timeoutMs);
    function onSocket(socket: WebSocket) {
      if (!socket.url().includes("/api/notifications/socket")) return;
      const index = seen.push("open") - 1;
      socket.on("close", () => {
        seen[index] = "closed";
      });
      socket.on("socketerror", (error) => {
        seen[index] = `error ${error}`;
      });
      socket.on("framereceived", (frame) => {
        if (!String(frame.payload).includes('"ready"')) return;
        done();
        resolve();
      });
    }
    page.on("websocket", onSocket);
  });
}

/**
 * Watches the page's API requests from now on. `settled()` resolves once none has been in flight
 * for `quietMs`: the app's own background requests (a refetch after the live channel's 'ready',
 * a recheck on focus) are answered. A test that ends the session under the open app waits for
 * this first, or those requests race the logout and fail with a 401 that it did not ask for.
 */
export function watchApiRequests(page: Page) {
  const inFlight = new Set<Request>();
  let lastChange = Date.now();
  const isApi = (request: Request) => new URL(request.url()).pathname.startsWith("/api/");
  const started = (request: Request) => {
    if (!isApi(request)) return;
    inFlight.add(request);
    lastChange = Date.now();
  };
  const ended = (request: Request) => {
    if (inFlight.delete(request)) lastChange = Date.now();
  };
  page.on("request", started);
  page.on("requestfinished", ended);
  page.on("requestfailed", ended);
  return {
    async settled(quietMs = 500, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (inFlight.size > 0 || Date.now() - lastChange < quietMs) {
        if (Date.now() > deadline) {
          const pending = [...inFlight].map((request) => request.url()).join(", ");
          throw new Error(`the page's API requests did not settle in ${timeoutMs} ms: ${pending}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      page.off("request", started);
      page.off("requestfinished", ended);
      page.off("requestfailed", ended);
    },
  };
}

/** Writes and sends a chat message from the open chat screen. */
export async function sendMessage(page: Page, text: string) {
  await page.getByLabel("Escribe un mensaje").fill(text);
  await page.getByRole("button", { name: "Enviar" }).click();
}
