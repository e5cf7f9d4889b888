// Session-validated endpoint vs a trivial D1 query in the same run: the ratio, not absolute
// milliseconds, is what we track (shared machines are noisy).
import { latencyTable, loadEndpoint } from "../stats.ts";

export async function apiLatencyReport(baseURL: string, cookie: string) {
  const trivial = await loadEndpoint({
    name: "GET /api/health (trivial D1)",
    url: `${baseURL}/api/health`,
  });
  const me = await loadEndpoint({
    name: "GET /api/me (session + profile)",
    url: `${baseURL}/api/me`,
    headers: { cookie },
  });
  const ratio = me.p50 / Math.max(trivial.p50, 0.001);
  return {
    markdown: `${latencyTable([trivial, me])}\n\nMedian ratio /api/me ÷ /api/health: **${ratio.toFixed(2)}×**`,
    ok: trivial.non2xx + me.non2xx + trivial.errors + me.errors === 0,
  };
}
