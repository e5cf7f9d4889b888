import { cleanup, configure, screen, within } from "@testing-library/react";
import { afterAll, afterEach, vi } from "vitest";
import { builtinEnvironments } from "vitest/environments";

// Web test files share a vitest worker (isolate: false in vitest.config.ts), so happy-dom, React
// and Testing Library load once instead of once per file. This runs before every test file and
// gives it what isolation gave it: a new happy-dom window (page, storage, cookies, history,
// listeners), a fresh copy of the app's own modules (their state; the file's vi.mock calls
// apply), and no stubs or fake timers left by an earlier file. Libraries in node_modules stay
// loaded, with whatever state they keep (sonner's list of toasts, TanStack Query's online flag).
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
// Testing Library bound `screen` to the first window's body when it loaded: bind it to this one.
Object.assign(screen, within(document.body));

// findBy… and waitFor wait up to 5 s instead of 1 s for what they look for: on two cores shared
// with workerd and the other projects' files, a screen's lazy chunk or a mocked answer can take
// longer than a second, and a positive wait that gives up early is a failure that says nothing.
// (Nothing waits for an absence this way: those tests drain first, then assert.)
configure({ asyncUtilTimeout: 5000 });

// Without vitest globals Testing Library cannot register its own cleanup.
afterEach(() => cleanup());

// sonner removes a dismissed toast 200 ms after its exit starts, by a timer that outlives the
// Toaster's unmount and reads `window`. Let those timers run before the file's window is torn
// down (after-hooks run last-registered first, so this wait comes before the teardown above).
// The import is dynamic: after vi.resetModules() above, only the copy the test file loaded knows
// whether it raised a toast. A file that mocks the module never loaded sonner (the mock has no
// `toasterWanted`, and reading a missing export of a vitest mock throws).
afterAll(async () => {
  const toast = await import("../../web/lib/toast.ts");
  let wanted = false;
  try {
    wanted = toast.toasterWanted();
  } catch {}
  if (wanted) await new Promise((done) => setTimeout(done, 300));
});
