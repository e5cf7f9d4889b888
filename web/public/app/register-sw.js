// Registers Rodamos' service worker for /app/ (loaded by every /app page,
// docs/product.md#the-installable-app). Plain script, no build step: the production CSP allows only
// external scripts from our origin.
// - Registers only in builds: the build adds <meta name="rodamos-sw" content="on"> to the app page
//   (scripts/vite-pwa.ts), so `vite dev` never installs a worker that would cache dev modules.
// - Registers once the app has shown its first screen (see whenFirstScreenShown).
// - Update check 1 s after this script loads and a follow-up 2 s later
//   (docs/product.md#the-installable-app).
// - A new version waiting to take over is announced with the window event
//   'rodamos:sw-update-available' (web/pwa/use-update-check.ts listens to it).
// - When a new worker takes control of a page that already had one (after 'Actualizar app'
//   asked it to skip waiting), the page reloads once onto the new version; every open tab does.
(() => {
  if (!("serviceWorker" in navigator)) return;
  const marker = document.querySelector('meta[name="rodamos-sw"]');
  if (!marker || marker.getAttribute("content") !== "on") return;

  const UPDATE_EVENT = "rodamos:sw-update-available";
  const container = navigator.serviceWorker;
  const hadController = Boolean(container.controller);

  const announce = () => window.dispatchEvent(new CustomEvent(UPDATE_EVENT));

  let reloading = false;
  container.addEventListener("controllerchange", () => {
    if (!hadController || reloading) return;
    reloading = true;
    window.location.reload();
  });

  // Installing precaches every chunk of the app (over a megabyte): started at 'load', it
  // competed with the first screen's own code, data and font on a phone's connection. It now
  // waits until the app has shown its first screen (the app sets data-app-ready on <html> and
  // fires 'rodamos:app-ready', web/pwa/app-ready.ts) and the browser is idle; 10 s after
  // 'load' at the latest, so a page that never boots still gets its worker.
  function whenFirstScreenShown(callback) {
    let done = false;
    const run = () => {
      if (done) return;
      done = true;
      if ("requestIdleCallback" in window) window.requestIdleCallback(callback, { timeout: 2000 });
      else setTimeout(callback, 0);
    };
    if (document.documentElement.hasAttribute("data-app-ready")) return run();
    window.addEventListener("rodamos:app-ready", run, { once: true });
    const fallback = () => setTimeout(run, 10000);
    if (document.readyState === "complete") fallback();
    else window.addEventListener("load", fallback, { once: true });
  }

  const registered = new Promise((resolve) => {
    const register = () =>
      container
        .register("/app/sw.js", { scope: "/app" })
        .then((registration) => {
          if (registration.waiting && container.controller) announce();
          registration.addEventListener("updatefound", () => {
            const worker = registration.installing;
            if (!worker) return;
            worker.addEventListener("statechange", () => {
              if (worker.state === "installed" && container.controller) announce();
            });
          });
          resolve(registration);
        })
        .catch(() => {
          // Private mode or storage disabled: the app works without a worker.
        });
    whenFirstScreenShown(register);
  });

  const check = () =>
    registered.then((registration) =>
      registration.update().catch(() => {
        // Offline or server unreachable: the next check will try again.
      }),
    );
  setTimeout(() => {
    check().then(() => setTimeout(check, 2000));
  }, 1000);
})();
