// Fixtures and helpers for the E2E journeys (how a journey is written: tests/e2e/README.md).
// Every browser a test opens is a phone-sized context (playwright.config.ts) on the run's one
// Chromium, with the map tiles stubbed; an unexpected console error or page error fails the
// test; a failed test keeps its trace and screenshots and gets the servers' logs attached.
import { mkdirSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import {
  type BrowserContext,
  test as base,
  expect,
  type Page,
  type Request,
  type WebSocket,
} from "@playwright/test";
import type { GroupResponse } from "../../domain/api/groups.ts";
import { isValidUsername } from "../../domain/username.ts";
import { uniqueGroupName } from "../support/distinct-names.ts";

export { expect };

const CASA_DE_CAMPO_GPX = readFileSync(
  path.resolve(import.meta.dirname, "fixtures/casa-de-campo.gpx"),
  "utf8",
);

/**
 * Where saveScreenshot writes: the README's pictures in docs/screenshots/ (tracked) only when
 * UPDATE_SCREENSHOTS=1 asks to refresh them; otherwise test-results/screenshots/, so that a run
 * leaves the working tree as it found it.
 */
const SCREENSHOTS_DIR = path.resolve(
  import.meta.dirname,
  process.env.UPDATE_SCREENSHOTS === "1"
    ? "../../docs/screenshots"
    : "../../test-results/screenshots",
);

function fromSetup(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is unset: run the journeys with npm run test:e2e`);
  return value;
}
/** The build's server (tests/e2e/global-setup.ts), for requests made outside a browser. */
export const baseURL = () => fromSetup("RODAMOS_E2E_URL");
/** `npm run dev`'s server, for the newcomer's smoke journey. */
export const devURL = () => fromSetup("RODAMOS_E2E_DEV_URL");

/**
 * Nothing leaves the machine during tests: a request to any other host is refused. The maps'
 * tiles come from the server's own /tiles (the development basemap in its local R2).
 */
function keepRequestsLocal(context: BrowserContext) {
  return context.route(
    (url) => !["localhost", "127.0.0.1"].includes(url.hostname),
    (route) => route.abort("blockedbyclient"),
  );
}

// A failed request the test provokes (401, 409…) logs "Failed to load resource": that is the
// browser reporting a status, not an app error.
const BENIGN_CONSOLE_ERRORS = [
  /Failed to load resource: the server responded with a status of 4\d\d/,
  // A navigation that unloads the page while the notification socket is still handshaking:
  // Chromium reports the aborted handshake; the next page opens a new socket.
  /WebSocket connection to '[^']*\/api\/notifications\/socket' failed: Connection closed before receiving a handshake response/,
];

/** Collects the page's console errors and uncaught errors, but for the benign and `allowed`. */
function watchConsole(page: Page, allowed: RegExp[]): string[] {
  const errors: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() !== "error") return;
    const text = msg.text();
    if ([...BENIGN_CONSOLE_ERRORS, ...allowed].some((re) => re.test(text))) return;
    errors.push(text);
  });
  page.on("pageerror", (err) => errors.push(`pageerror: ${err.message}`));
  return errors;
}

function expectNoConsoleErrors(errors: string[]) {
  if (errors.length > 0) throw new Error(`Unexpected console errors:\n${errors.join("\n")}`);
}

export interface Session {
  context: BrowserContext;
  page: Page;
  consoleErrors: string[];
}

export interface Rider extends Session {
  userId: string;
  username: string;
}

export interface SessionOptions {
  /** Console errors this browser is expected to log (the state under test, e.g. offline). */
  expectErrors?: RegExp[];
  /** Madrid's clock unless said. */
  timezoneId?: string;
  /** The build's server unless said (dev-server.e2e.ts: `npm run dev`'s). */
  baseURL?: string;
}

/** The `openSession` fixture, for helpers that open browsers. */
export type OpenSession = (options?: SessionOptions) => Promise<Session>;

interface Fixtures {
  /** Console errors the test's own `page` may log: `test.use({ allowConsoleErrors: [...] })`. */
  allowConsoleErrors: RegExp[];
  /** Opens another browser (its own cookies); closed, and its console checked, when the test ends. */
  openSession: OpenSession;
  /** A rider signed in through the dev-only test-login route, in her own browser. */
  rider: (name: string, options?: { email?: string; expectErrors?: RegExp[] }) => Promise<Rider>;
  serverLogsOnFailure: undefined;
}

let counter = 0;
/** A unique email for a journey's new rider. */
export function uniqueEmail(prefix = "rider") {
  return `${prefix}.${Date.now().toString(36)}${(counter++).toString(36)}@rodamos.test`;
}

/**
 * `name` with a suffix of its own that the username rules accept: a random suffix can spell, with
 * the letters around it, a word they refuse (domain/username.ts), and test-login answered 400.
 */
export function freshUsername(name: string): string {
  for (;;) {
    const candidate = `${name}_${Date.now().toString(36).slice(-5)}${counter++}`;
    if (isValidUsername(candidate)) return candidate;
  }
}

export const test = base.extend<Fixtures>({
  baseURL: async ({}, use) => use(baseURL()),
  allowConsoleErrors: [[], { option: true }],

  context: async ({ context }, use) => {
    await keepRequestsLocal(context);
    await use(context);
  },

  page: async ({ page, allowConsoleErrors }, use) => {
    const errors = watchConsole(page, allowConsoleErrors);
    await use(page);
    expectNoConsoleErrors(errors);
  },

  openSession: async ({ browser }, use) => {
    const sessions: Session[] = [];
    await use(async (options = {}) => {
      // Only what is said: the config's options fill in the rest.
      const context = await browser.newContext({
        ...(options.timezoneId && { timezoneId: options.timezoneId }),
        ...(options.baseURL && { baseURL: options.baseURL }),
      });
      await keepRequestsLocal(context);
      const page = await context.newPage();
      const session = {
        context,
        page,
        consoleErrors: watchConsole(page, options.expectErrors ?? []),
      };
      sessions.push(session);
      return session;
    });
    await Promise.all(sessions.map((s) => s.context.close()));
    expectNoConsoleErrors(sessions.flatMap((s) => s.consoleErrors));
  },

  rider: async ({ openSession }, use) => {
    await use(async (name, options = {}) => {
      const session = await openSession({ expectErrors: options.expectErrors });
      const username = freshUsername(name);
      const res = await session.context.request.post("/dev/test-login", {
        data: { email: options.email ?? uniqueEmail(name), username },
      });
      expect(res.status()).toBe(200);
      const { userId } = (await res.json()) as { userId: string };
      return { ...session, userId, username };
    });
  },

  // What the servers logged explains a failure CI alone sees (a race under load).
  serverLogsOnFailure: [
    async ({}, use, testInfo) => {
      await use(undefined);
      if (testInfo.status === testInfo.expectedStatus) return;
      // Written by tests/e2e/global-setup.ts (and pwa-update.e2e.ts) into the run's outputDir.
      const dir = testInfo.project.outputDir;
      for (const name of readdirSync(dir).filter((f) => f.endsWith(".log"))) {
        await testInfo.attach(name, { path: path.join(dir, name) });
      }
    },
    { auto: true },
  ],
});

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

/** Saves a mobile screenshot for the README (<name>.png in SCREENSHOTS_DIR). */
export async function saveScreenshot(page: Page, name: string) {
  mkdirSync(SCREENSHOTS_DIR, { recursive: true });
  // A toast caught as it slid in was an empty box.
  await animationsSettled(page);
  await page.screenshot({ path: path.join(SCREENSHOTS_DIR, `${name}.png`) });
}

/** Tomorrow's date on the page's own clock, as the form's date field takes it (YYYY-MM-DD). */
export async function tomorrowIso(page: Page) {
  return page.evaluate(() => {
    const d = new Date();
    d.setDate(d.getDate() + 1);
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
  });
}

/** Signs the browser in as a new rider through the dev-only test-login route. */
export async function signInAs({ page }: { page: Page }, username: string) {
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
  { page }: { page: Page },
  method: string,
  path: string,
  body?: unknown,
) {
  return page.evaluate(
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

/**
 * An open group she creates through the API ('Crear un grupo''s own request), from her page on
 * the app's origin (it opens the feed first when it is elsewhere); its slug and name.
 */
export async function createGroupFromPage(session: { page: Page }, prefix: string) {
  if (!new URL(session.page.url()).pathname.startsWith("/app")) {
    await session.page.goto("/app/feed");
  }
  const created = await apiFromPage<GroupResponse>(session, "POST", "/api/groups", {
    name: uniqueGroupName(prefix),
    city: "Madrid",
    description: "Los sábados a las 8",
    modalities: ["road"],
    levels: ["chill"],
    avatarKey: "ava03",
    joinMode: "open",
  });
  expect(created.status).toBe(201);
  return { slug: created.body.group.slug, name: created.body.group.name };
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
    joinMode?: "open" | "approval";
    verifiedOnly?: boolean;
  },
) {
  const res = await context.request.post("/dev/fixtures/ride", { data: input });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { rideId: string }).rideId;
}

/**
 * A ride with the Casa de Campo GPX created by `organizer` through the API (the form's own
 * request: JSON data and the file), starting `startsInMinutes` from now; its id.
 */
export async function createRideWithRoute(
  organizer: Session,
  {
    title,
    meetingPoint,
    startsInMinutes,
  }: { title: string; meetingPoint: string; startsInMinutes: number },
): Promise<string> {
  await organizer.page.goto("/app/offline");
  const created = await organizer.page.evaluate(
    async ({ title, meetingPoint, gpx, startTime }) => {
      const form = new FormData();
      form.set(
        "data",
        JSON.stringify({
          title,
          city: "Madrid",
          startTime,
          level: "chill",
          modalities: ["road"],
          meetingPoint,
          distanceKm: 12,
          elevationM: 80,
          maxParticipants: null,
          socialTags: [],
          description: "",
        }),
      );
      form.set("gpx", new File([gpx], "casa-de-campo.gpx", { type: "application/gpx+xml" }));
      const res = await fetch("/api/rides", { method: "POST", body: form });
      return { status: res.status, body: (await res.json()) as { ride: { id: string } } };
    },
    {
      title,
      meetingPoint,
      gpx: CASA_DE_CAMPO_GPX,
      startTime: new Date(Date.now() + startsInMinutes * 60_000).toISOString(),
    },
  );
  expect(created.status).toBe(201);
  return created.body.ride.id;
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
  const seen: string[] = [];
  let ready = false;
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
      if (String(frame.payload).includes('"ready"')) ready = true;
    });
  }
  page.on("websocket", onSocket);
  return expect
    .poll(() => (ready ? "ready" : `sockets: ${seen.length ? seen.join("; ") : "none opened"}`), {
      message: "a 'ready' frame on the notification channel",
      timeout: timeoutMs,
    })
    .toBe("ready")
    .finally(() => page.off("websocket", onSocket));
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
      await expect
        .poll(
          () =>
            inFlight.size === 0 && Date.now() - lastChange >= quietMs
              ? "settled"
              : [...inFlight].map((request) => request.url()),
          { message: "the page's API requests settle", timeout: timeoutMs, intervals: [50] },
        )
        .toBe("settled");
      page.off("request", started);
      page.off("requestfinished", ended);
      page.off("requestfailed", ended);
    },
  };
}

/**
 * The first link of the newest mail the dev outbox holds for `email`, once it has arrived: the
 * app mails after its answer (a reset link, so the answer tells nothing), so it may land a moment
 * after the request.
 */
export async function mailedLink(email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const outbox = await fetch(`${baseURL()}/dev/outbox.json?to=${encodeURIComponent(email)}`);
      link = ((await outbox.json()) as { links: string[] }[])[0]?.links[0];
      return link;
    })
    .toBeTruthy();
  return link!;
}

/** Writes and sends a chat message from the open chat screen. */
export async function sendMessage(page: Page, text: string) {
  await page.getByLabel("Escribe un mensaje").fill(text);
  await page.getByRole("button", { name: "Enviar" }).click();
}
