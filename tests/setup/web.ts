import { cleanup } from "@testing-library/react";
import { afterAll, afterEach } from "vitest";
import { toasterWanted } from "../../web/lib/toast.ts";

// Without vitest globals Testing Library cannot register its own cleanup.
afterEach(() => cleanup());

// sonner removes a dismissed toast 200 ms after its exit starts, by a timer that outlives the
// Toaster's unmount and reads `window`. Let those timers run before the file's DOM is torn down,
// or a slow run ends with "window is not defined" thrown from the timer.
afterAll(async () => {
  if (toasterWanted()) await new Promise((done) => setTimeout(done, 300));
});
