// Tells /app/register-sw.js that the first screen is on display, so installing the service
// worker (which downloads every chunk for offline use) no longer competes with it.
let signalled = false;

export function signalAppReady() {
  if (signalled) return;
  signalled = true;
  document.documentElement.setAttribute("data-app-ready", "");
  window.dispatchEvent(new Event("rodamos:app-ready"));
}
