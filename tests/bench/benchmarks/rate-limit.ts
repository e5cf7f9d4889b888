// "Rate limits hold under load": the login endpoint hammered with a wrong password from one IP,
// 20 connections at once. The per-email bucket (AUTH_LIMITER, 10 per 60 s) must turn
// everything after the 10th attempt into 429s, with no 5xx; the per-IP bucket (AUTH_IP_LIMITER,
// 100 per 60 s) is then full for any other email from that IP, and only for that IP.
// Windows are aligned to the wall clock (Workers' simple rate limits, miniflare alike), so a
// hammer that straddles a minute boundary may see a second allowance.
import { loadEndpoint, percentile } from "../stats.ts";

const EMAIL_LIMIT = 10;
const HAMMER_REQUESTS = 300;
const WINDOW_MS = 60_000;

async function login(baseURL: string, ip: string, email: string): Promise<number> {
  const res = await fetch(`${baseURL}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: baseURL, "CF-Connecting-IP": ip },
    body: JSON.stringify({ email, password: "contraseña-equivocada" }),
  });
  await res.arrayBuffer();
  return res.status;
}

/** Waits for the next minute window when less than `ms` of this one is left. */
async function windowWithRoom(ms: number) {
  const left = WINDOW_MS - (Date.now() % WINDOW_MS);
  if (left < ms) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

export async function rateLimitReport(baseURL: string, email: string) {
  const hammerIp = "198.51.100.7";
  // The hammer and the follow-up logins must share one window for the IP bucket to be judged:
  // a run that straddled a minute boundary once found that bucket fresh in the new minute.
  await windowWithRoom(30_000);
  const started = Date.now();
  const hammer = await loadEndpoint({
    name: "POST /api/auth/login, wrong password, one email, one IP",
    url: `${baseURL}/api/auth/login`,
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: baseURL, "CF-Connecting-IP": hammerIp },
    body: JSON.stringify({ email, password: "contraseña-equivocada" }),
    maxRequests: HAMMER_REQUESTS,
    connections: 20,
    // A checked password costs a scrypt hash; 20 of them at once queue for a while locally.
    timeoutSeconds: 60,
  });
  const windows = Math.floor(Date.now() / WINDOW_MS) - Math.floor(started / WINDOW_MS) + 1;
  const code = (status: number) => hammer.statusCodes[String(status)] ?? 0;
  const fiveHundreds = Object.entries(hammer.statusCodes)
    .filter(([status]) => Number(status) >= 500)
    .reduce((sum, [, n]) => sum + n, 0);
  const latencyOf = (status: number) =>
    percentile(
      hammer.samples.filter((_, i) => hammer.statusSequence[i] === status),
      50,
    );
  // The same IP with an email it never tried: refused by the IP bucket. Another IP: not.
  const otherEmail = `otra.${started}@bench.rodamos.test`;
  const sameIpOtherEmail = await login(baseURL, hammerIp, otherEmail);
  const otherIpOtherEmail = await login(baseURL, "198.51.100.8", otherEmail);
  // Only judged when everything fell in one window (a hammer slower than 30 s may not).
  const oneWindow = Math.floor(Date.now() / WINDOW_MS) === Math.floor(started / WINDOW_MS);

  const ok =
    fiveHundreds === 0 &&
    hammer.errors === 0 &&
    code(401) <= EMAIL_LIMIT * windows &&
    code(429) > 0 &&
    (!oneWindow || (sameIpOtherEmail === 429 && otherIpOtherEmail === 401));
  const markdown = [
    "| Measure | Value |",
    "|---|---:|",
    `| Requests (20 connections) | ${hammer.requests} in ${((Date.now() - started) / 1000).toFixed(1)} s |`,
    `| 401 (password checked) | ${code(401)} (limit ${EMAIL_LIMIT} per email per minute; the run touched ${windows} minute window${windows > 1 ? "s" : ""}) |`,
    `| 429 (refused) | ${code(429)} |`,
    `| 5xx / connection errors | ${fiveHundreds} / ${hammer.errors} |`,
    `| p50 of 401s (scrypt) / of 429s (refused before hashing) | ${latencyOf(401).toFixed(1)} / ${latencyOf(429).toFixed(1)} ms |`,
    `| Then, same IP, another email | ${sameIpOtherEmail} (IP bucket full)${oneWindow ? "" : "; not judged: a new minute window had begun"} |`,
    `| Then, another IP, that email | ${otherIpOtherEmail} |`,
    "",
    ok ? "**OK**: the limits hold, no 5xx." : "**FAILED**: see above.",
  ].join("\n");
  return { markdown, ok };
}
