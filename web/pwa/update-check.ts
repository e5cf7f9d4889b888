import { MSG } from "../../domain/messages.ts";

// The 'check for updates' flow shared by the login page and /app/settings
// (docs/product.md#the-installable-app): ask the registration of /app/ for a new worker, and when
// one is waiting, tell it to skip waiting and reload once it controls the page.

/** The event /app/register-sw.js fires when a new version is installed and waiting. */
export const UPDATE_AVAILABLE_EVENT = "rodamos:sw-update-available";
export const APP_SCOPE = "/app/";

export type UpdateOutcome = "unsupported" | "failed" | "latest" | "updating";

export interface UpdateCheckDeps {
  /** navigator.serviceWorker, or undefined when the browser has none. */
  serviceWorker: ServiceWorkerContainer | undefined;
  /** Shows one of the spec's messages; `kind` picks the toast style. */
  notify: (kind: "loading" | "success" | "info" | "error", message: string) => void;
  reload: () => void;
  /** The message for a failed check: the login page and settings word it differently. */
  errorMessage?: string;
  /** How long a new worker may take to install before the check counts as failed. */
  installTimeoutMs?: number;
}

/** Resolves when `worker` has installed (true) or failed to (false). */
function installed(worker: ServiceWorker, timeoutMs: number): Promise<boolean> {
  if (worker.state === "installed" || worker.state === "activated") return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => done(false), timeoutMs);
    function done(ok: boolean) {
      clearTimeout(timer);
      worker.removeEventListener("statechange", onChange);
      resolve(ok);
    }
    function onChange() {
      if (worker.state === "installed" || worker.state === "activated") done(true);
      else if (worker.state === "redundant") done(false);
    }
    worker.addEventListener("statechange", onChange);
  });
}

/** Tells `worker` to take over and reloads once it does (once, whatever fires next). */
export function applyUpdate(
  serviceWorker: ServiceWorkerContainer,
  worker: ServiceWorker,
  reload: () => void,
) {
  let reloaded = false;
  serviceWorker.addEventListener("controllerchange", () => {
    if (reloaded) return;
    reloaded = true;
    reload();
  });
  worker.postMessage({ type: "SKIP_WAITING" });
}

export async function checkForUpdate(deps: UpdateCheckDeps): Promise<UpdateOutcome> {
  const { serviceWorker, notify, reload } = deps;
  const errorMessage = deps.errorMessage ?? MSG.updateCheckFailed;
  if (!serviceWorker) {
    notify("error", MSG.updateUnsupported);
    return "unsupported";
  }
  notify("loading", MSG.updateChecking);
  try {
    const registration = await serviceWorker.getRegistration(APP_SCOPE);
    if (!registration) throw new Error("no service worker registered for /app/");
    if (!registration.waiting) await registration.update();
    let waiting = registration.waiting;
    const installing = registration.installing;
    if (!waiting && installing) {
      const ok = await installed(installing, deps.installTimeoutMs ?? 30_000);
      if (!ok) throw new Error("the new service worker did not install");
      waiting = registration.waiting ?? installing;
    }
    // A waiting worker on a page nothing controls yet would only be the first install.
    if (!waiting || !serviceWorker.controller) {
      notify("success", MSG.updateLatest);
      return "latest";
    }
    notify("success", MSG.updateFound);
    notify("info", MSG.updateReloading);
    applyUpdate(serviceWorker, waiting, reload);
    return "updating";
  } catch {
    notify("error", errorMessage);
    return "failed";
  }
}
