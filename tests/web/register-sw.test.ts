// /app/register-sw.js (a plain script) waits for the app's first screen before installing the
// service worker, so the precache download does not compete with the first screen.
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { signalAppReady } from "../../web/pwa/app-ready.ts";

const script = readFileSync(
  path.resolve(import.meta.dirname, "../../web/public/app/register-sw.js"),
  "utf8",
);

function installFakes() {
  const registration = Object.assign(new EventTarget(), {
    waiting: null,
    installing: null,
    update: vi.fn(async () => {}),
  });
  const register = vi.fn(async () => registration);
  Object.defineProperty(navigator, "serviceWorker", {
    value: Object.assign(new EventTarget(), { controller: null, register }),
    configurable: true,
  });
  const marker = document.createElement("meta");
  marker.name = "rodamos-sw";
  marker.content = "on";
  document.head.append(marker);
  return register;
}

function runScript() {
  // The same way the page runs it: a classic script at the top level.
  new Function(script)();
}

describe("/app/register-sw.js", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    // happy-dom has no requestIdleCallback: the script falls back to a timer, like Safari.
    Reflect.deleteProperty(window, "requestIdleCallback");
  });
  afterEach(() => {
    vi.useRealTimers();
    Reflect.deleteProperty(navigator, "serviceWorker");
    document.head.querySelector('meta[name="rodamos-sw"]')?.remove();
    document.documentElement.removeAttribute("data-app-ready");
  });

  it("registers only after the app says its first screen is shown", async () => {
    const register = installFakes();
    runScript();
    await vi.advanceTimersByTimeAsync(5000);
    expect(register).not.toHaveBeenCalled();

    signalAppReady();
    await vi.advanceTimersByTimeAsync(1);
    expect(register).toHaveBeenCalledExactlyOnceWith("/app/sw.js", { scope: "/app" });
  });

  it("registers at once when the app was ready before the script ran", async () => {
    const register = installFakes();
    document.documentElement.setAttribute("data-app-ready", "");
    runScript();
    await vi.advanceTimersByTimeAsync(1);
    expect(register).toHaveBeenCalledOnce();
  });

  it("still registers 10 s after load when the app never boots", async () => {
    const register = installFakes();
    runScript();
    // happy-dom's document is already 'complete': the fallback clock starts now.
    await vi.advanceTimersByTimeAsync(9_900);
    expect(register).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(200);
    expect(register).toHaveBeenCalledOnce();
  });
});
