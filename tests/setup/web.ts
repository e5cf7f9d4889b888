import { cleanup, configure, screen, within } from "@testing-library/react";
import * as React from "react";
import { afterAll, afterEach, vi } from "vitest";
import { builtinEnvironments } from "vitest/environments";

// Web test files share a vitest worker (isolate: false in vitest.config.ts), so happy-dom, React
// and Testing Library load once instead of once per file. This runs before every test file and
// gives it what isolation gave it: a new happy-dom window (page, storage, cookies, history,
// listeners), a fresh copy of the app's own modules (their state; the file's vi.mock calls
// apply), and no stubs or fake timers left by an earlier file. Libraries in node_modules stay
// loaded, with whatever state they keep (sonner's list of toasts, TanStack Query's online flag),
// except user-event, which vitest.config.ts inlines so that it is loaded anew here: it keeps the
// page it loaded on as the one it types into.
vi.resetModules();
vi.useRealTimers();
vi.unstubAllGlobals();
vi.unstubAllEnvs();
const { window, self, top, parent } = globalThis;
const page = await builtinEnvironments["happy-dom"].setup(globalThis, {});
afterAll(async () => {
  await page.teardown(globalThis);
  // The teardown deletes these; a timer a library left running may still read them.
  Object.assign(globalThis, { window, self, top, parent });
});
// The new window's storage is the first window's all the same (happy-dom keeps one per origin in
// this worker): an earlier file's keys (an invite token a test stored and left) would otherwise
// be this file's.
localStorage.clear();
sessionStorage.clear();
// Testing Library bound `screen` to the first window's body when it loaded: bind it to this one.
Object.assign(screen, within(document.body));
// No network: a fetch no test answered fails as a browser's does offline. Tests stub fetch, but
// a screen still mounted when a file's afterEach removes its stub (Testing Library's cleanup
// comes after the file's own hooks) could fetch once more: happy-dom sent that to
// localhost:3000 and logged the refused connection, failing the test.
globalThis.fetch = () => Promise.reject(new TypeError("Failed to fetch"));

// findBy… and waitFor wait up to 5 s instead of 1 s for what they look for: on two cores shared
// with workerd and the other projects' files, a screen's lazy chunk or a mocked answer can take
// longer than a second, and a positive wait that gives up early is a failure that says nothing.
// (Nothing waits for an absence this way: those tests drain first, then assert.)
configure({ asyncUtilTimeout: 5000 });

// React's development build (the one tests run, for its warnings and act) records an "owner
// stack" for every element it creates: an Error with a 10-frame stack trace, for DevTools and for
// the component stacks in its messages. It stops after 10,000 elements until its next render.
// Tests read neither, and the captures cost about 8 % of the web tests' CPU (26.3–27.9 s against
// 28.9–30.6 s, three runs each, alternating). Its own counter held past that limit turns them off;
// warnings still come (without the owner stack) and still fail the test
// (tests/setup/fail-on-console-error.ts). Once per worker: React stays loaded.
{
  const internals = (React as unknown as Record<string, object>)
    .__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
  if (internals && !Object.getOwnPropertyDescriptor(internals, "recentlyCreatedOwnerStacks")?.get) {
    Object.defineProperty(internals, "recentlyCreatedOwnerStacks", {
      get: () => Number.MAX_SAFE_INTEGER,
      set: () => {},
    });
  }
}

// Without vitest globals Testing Library cannot register its own cleanup.
afterEach(() => cleanup());

// sonner removes a dismissed toast 200 ms after its exit starts, by a timer that outlives the
// Toaster's unmount and reads `window`. Let those timers run before the file's window is torn
// down (after-hooks run last-registered first, so this wait comes before the teardown above).
// The import is dynamic: after vi.resetModules() above, only the copy the test file loaded knows
// whether it raised a toast. A file that mocks the module never loaded sonner (the mock has no
// `toasterWanted`, and reading a missing export of a vitest mock throws).
// sonner's list of toasts outlives the test (and the file: sonner stays loaded), and a Toaster
// mounted later replays every toast still active. Dismiss what a test raised, so that the next
// test's Toaster starts empty whatever order the tests run in.
afterEach(async () => {
  const toast = await import("../../web/lib/toast.ts");
  let wanted = false;
  try {
    wanted = toast.toasterWanted();
  } catch {}
  if (wanted) (await toast.loadSonner()).toast.dismiss();
});
afterAll(async () => {
  const toast = await import("../../web/lib/toast.ts");
  let wanted = false;
  try {
    wanted = toast.toasterWanted();
  } catch {}
  if (wanted) await new Promise((done) => setTimeout(done, 300));
});
