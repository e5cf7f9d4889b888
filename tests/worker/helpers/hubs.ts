// Her app's notification channel in worker tests (her UserHub's socket), and what it sent her: who
// gets a 'ride-changed' frame after a write, and that nobody else does. The riders' requests are
// drained: each answers once its background work (the frames it sends) is done, so a frame of a
// test's setup never arrives during the test.
import { env } from "cloudflare:workers";
import { afterEach } from "vitest";
import type { NotificationFrame } from "../../../domain/notification-frame.ts";
import { signedIn } from "./factories.ts";
import { Browser } from "./http.ts";
import { openSocket, type TestSocket } from "./sockets.ts";

type Rider = Awaited<ReturnType<typeof signedIn>>;

/** The same rider, her requests answering only once their background work is done. */
export function drained<T extends { browser: Browser }>(who: T): T {
  const browser = new Browser({ env: {} });
  for (const [name, value] of who.browser.cookies) browser.cookies.set(name, value);
  return { ...who, browser };
}

/** A signed-in rider with a profile, her requests drained. */
export async function rider(): Promise<Rider> {
  return drained(await signedIn());
}

export const rideChanged = (rideId: string) => (f: unknown) =>
  (f as NotificationFrame).type === "ride-changed" && (f as { rideId?: string }).rideId === rideId;

/**
 * For a test file that opens notification channels: `hubOf(rider)` opens hers (once the hub
 * accepted it); each is closed after each test. Call it once at the file's top level.
 */
export function hubsClosedAfterEach() {
  const open: TestSocket[] = [];
  afterEach(() => {
    for (const s of open.splice(0)) s.close();
  });
  return async function hubOf(who: Rider) {
    const { res, socket } = await openSocket(who.browser, "/api/notifications/socket");
    if (!socket) throw new Error(`notification socket refused: ${res.status}`);
    open.push(socket);
    await socket.nextRaw((f) => (f as NotificationFrame).type === "ready");
    return socket;
  };
}

/**
 * Every frame her hub sent her so far but 'ready', once the drained requests' frames were sent: a
 * marker sent through her hub now arrives after anything sent before it, so waiting for it is
 * enough.
 */
export async function framesSoFar(who: Rider, socket: TestSocket) {
  const marker = `marker-${crypto.randomUUID()}`;
  await env.USER_HUB.get(env.USER_HUB.idFromName(who.user.id)).notify({
    type: "ride-changed",
    rideId: marker,
  });
  await socket.nextRaw(rideChanged(marker));
  return socket.frames.filter((f) => (f as NotificationFrame).type !== "ready");
}

/** The 'ride-changed' frames her hub sent her so far (see framesSoFar). */
export async function rideChangesSoFar(who: Rider, socket: TestSocket) {
  const frames = await framesSoFar(who, socket);
  return frames.filter((f) => (f as NotificationFrame).type === "ride-changed");
}
