import { describe, expect, it, vi } from "vitest";
import { MSG } from "../../domain/messages.ts";
import { checkForUpdate, type UpdateCheckDeps } from "../../web/pwa/update-check.ts";

// A service worker and its registration, faked just enough for the update flow.
class FakeWorker extends EventTarget {
  posted: unknown[] = [];
  constructor(public state: ServiceWorkerState) {
    super();
  }
  postMessage(message: unknown) {
    this.posted.push(message);
  }
  become(state: ServiceWorkerState) {
    this.state = state;
    this.dispatchEvent(new Event("statechange"));
  }
}

function setup(options: {
  controller?: boolean;
  registered?: boolean;
  waiting?: FakeWorker | null;
  /** What update() finds on the server. */
  onUpdate?: (registration: { waiting: FakeWorker | null; installing: FakeWorker | null }) => void;
  updateFails?: boolean;
}) {
  const registration = {
    waiting: options.waiting ?? null,
    installing: null as FakeWorker | null,
    update: vi.fn(async () => {
      if (options.updateFails) throw new TypeError("Failed to update");
      options.onUpdate?.(registration);
    }),
  };
  const container = Object.assign(new EventTarget(), {
    controller: options.controller === false ? null : new FakeWorker("activated"),
    getRegistration: vi.fn(async () => (options.registered === false ? undefined : registration)),
  });
  const messages: [string, string][] = [];
  const reload = vi.fn();
  const deps: UpdateCheckDeps = {
    serviceWorker: container as unknown as ServiceWorkerContainer,
    notify: (kind, message) => messages.push([kind, message]),
    reload,
    installTimeoutMs: 1_000,
  };
  return { registration, container, messages, reload, deps };
}

describe("checkForUpdate", () => {
  it("says the browser cannot update itself when it has no service workers", async () => {
    const { deps, messages } = setup({});
    expect(await checkForUpdate({ ...deps, serviceWorker: undefined })).toBe("unsupported");
    expect(messages).toEqual([["error", MSG.updateUnsupported]]);
  });

  it("reports the latest version when the server has nothing new", async () => {
    const { deps, messages, registration, reload } = setup({});
    expect(await checkForUpdate(deps)).toBe("latest");
    expect(registration.update).toHaveBeenCalledOnce();
    expect(messages).toEqual([
      ["loading", MSG.updateChecking],
      ["success", MSG.updateLatest],
    ]);
    expect(reload).not.toHaveBeenCalled();
  });

  it("installs a new version, tells it to skip waiting and reloads once when it takes over", async () => {
    const next = new FakeWorker("installing");
    const { deps, messages, container, reload } = setup({
      onUpdate: (registration) => {
        registration.installing = next;
        // The browser finishes installing it a moment later.
        setTimeout(() => {
          registration.installing = null;
          registration.waiting = next;
          next.become("installed");
        }, 5);
      },
    });
    expect(await checkForUpdate(deps)).toBe("updating");
    expect(messages).toEqual([
      ["loading", MSG.updateChecking],
      ["success", MSG.updateFound],
      ["info", MSG.updateReloading],
    ]);
    expect(next.posted).toEqual([{ type: "SKIP_WAITING" }]);
    expect(reload).not.toHaveBeenCalled();
    container.dispatchEvent(new Event("controllerchange"));
    container.dispatchEvent(new Event("controllerchange"));
    expect(reload).toHaveBeenCalledOnce();
  });

  it("applies a version already waiting (found by the automatic check) without asking again", async () => {
    const waiting = new FakeWorker("installed");
    const { deps, registration, messages } = setup({ waiting });
    expect(await checkForUpdate(deps)).toBe("updating");
    expect(registration.update).not.toHaveBeenCalled();
    expect(waiting.posted).toEqual([{ type: "SKIP_WAITING" }]);
    expect(messages.at(-1)).toEqual(["info", MSG.updateReloading]);
  });

  it("fails with the caller's message when the check cannot reach the server", async () => {
    const { deps, messages } = setup({ updateFails: true });
    expect(await checkForUpdate({ ...deps, errorMessage: MSG.updateSettingsError })).toBe("failed");
    expect(messages.at(-1)).toEqual(["error", MSG.updateSettingsError]);
  });

  it("fails with the default message when no worker is registered (e.g. vite dev)", async () => {
    const { deps, messages } = setup({ registered: false });
    expect(await checkForUpdate(deps)).toBe("failed");
    expect(messages.at(-1)).toEqual(["error", MSG.updateCheckFailed]);
  });

  it("fails when the new version never finishes installing", async () => {
    const next = new FakeWorker("installing");
    const { deps, messages } = setup({
      onUpdate: (registration) => {
        registration.installing = next;
        setTimeout(() => next.become("redundant"), 5);
      },
    });
    expect(await checkForUpdate(deps)).toBe("failed");
    expect(messages.at(-1)).toEqual(["error", MSG.updateCheckFailed]);
    expect(next.posted).toEqual([]);
  });
});
