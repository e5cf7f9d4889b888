// Which push services the worker will POST to. A subscription's endpoint is a URL her browser
// chose, sent by the app: without a list, anyone could make the worker send requests to any
// address. docs/security.md.
import type { Bindings } from "../env.ts";

/** The push services of Chrome/Edge/Android (FCM), Firefox (Mozilla), Windows (WNS) and Safari (Apple). */
const PUSH_SERVICE_HOSTS = [
  "fcm.googleapis.com",
  "push.services.mozilla.com",
  "notify.windows.com",
  "push.apple.com",
];

function hostMatches(host: string, allowed: string) {
  return host === allowed || host.endsWith(`.${allowed}`);
}

/**
 * HTTPS on a known push service; in development and tests also a stand-in on this machine
 * (loopback), since no browser push service is reachable there.
 */
export function isAllowedPushEndpoint(endpoint: string, env: Pick<Bindings, "ENVIRONMENT">) {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  const local = env.ENVIRONMENT === "development" || env.ENVIRONMENT === "test";
  if (local && ["127.0.0.1", "localhost", "[::1]"].includes(url.hostname)) return true;
  return (
    url.protocol === "https:" &&
    url.port === "" &&
    PUSH_SERVICE_HOSTS.some((allowed) => hostMatches(url.hostname, allowed))
  );
}
