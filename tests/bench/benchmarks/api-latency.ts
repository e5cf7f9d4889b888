// API endpoints vs a trivial D1 query in the same run, 20 connections each, on the bench
// dataset (tests/bench/dataset.ts). The ratio of medians, not absolute milliseconds, is what we
// track (shared machines are noisy). Budget (docs/benchmarks.md): the feed's median within
// 3× the trivial endpoint's; p99 reported.
import { NEAR_HEADER, positionParam } from "../../../domain/near.ts";
import { type LatencySummary, latencyTable, loadEndpoint, percentile, warmUp } from "../stats.ts";

export const FEED_BUDGET_RATIO = 3;
/** 'Grupos' in the search: at most twice the trivial endpoint's median. */
export const GROUPS_BUDGET_RATIO = 2;
/** Per endpoint: ROUNDS × (health, endpoint), SLICE_SECONDS each, then the ratio of medians. */
const ROUNDS = 3;
const SLICE_SECONDS = 3;

interface Endpoint {
  name: string;
  path: string;
  /** Held to FEED_BUDGET_RATIO (the listing the search screen and the feed call). */
  budget: boolean;
  /** Its own budget instead of FEED_BUDGET_RATIO. */
  ratio?: number;
  /** Headers besides her session ('Cerca de mí' sends her position in X-Near; another rider's cookie). */
  headers?: Record<string, string>;
}

/** Her position as the app sends it for 'Cerca de mí': Puerta del Sol, to about 1 km. */
const NEAR_MADRID = { [NEAR_HEADER]: positionParam({ lat: 40.4168, lon: -3.7038 }) };

/** The listing as /app/search asks for it: always from the start of today (browser's day). */
function endpoints(
  todayStartIso: string,
  viewer: { city: string; groupSlug: string; blockerCookie: string },
): Endpoint[] {
  const { groupSlug } = viewer;
  const from = `from=${encodeURIComponent(todayStartIso)}`;
  const weekEndIso = new Date(Date.parse(todayStartIso) + 7 * 24 * 3_600_000 - 1).toISOString();
  const city = encodeURIComponent(viewer.city);
  return [
    { name: "GET /api/me (session + profile)", path: "/api/me", budget: false },
    { name: "Listing, no filter", path: `/api/rides?${from}`, budget: true },
    {
      name: "Listing, first visit: her city + modalities",
      path: `/api/rides?city=${city}&m=road,gravel&${from}`,
      budget: true,
    },
    { name: "Listing, text search q=sierra", path: `/api/rides?q=sierra&${from}`, budget: true },
    {
      name: "Listing, m=gravel & level=chill",
      path: `/api/rides?m=gravel&level=chill&${from}`,
      budget: true,
    },
    {
      name: "Listing, Sevilla, page 6",
      path: `/api/rides?city=Sevilla&page=5&${from}`,
      budget: true,
    },
    // 'Cerca de mí' from Madrid's centre (the densest city: ~2,400 upcoming rides in its box),
    // rounded as the app sends it.
    {
      name: "Listing, Cerca de mí (Madrid, no date filter)",
      path: `/api/rides?${from}`,
      headers: NEAR_MADRID,
      budget: true,
    },
    {
      name: "Listing, Cerca de mí, this week + her modalities",
      path: `/api/rides?m=road,gravel&${from}&to=${encodeURIComponent(weekEndIso)}`,
      headers: NEAR_MADRID,
      budget: true,
    },
    {
      name: "Listing, Cerca de mí, page 6",
      path: `/api/rides?page=5&${from}`,
      headers: NEAR_MADRID,
      budget: true,
    },
    // Another rider, with two blocks: each ride she may see is checked against them.
    {
      name: "Listing, Cerca de mí, a rider with blocks",
      path: `/api/rides?${from}`,
      headers: { ...NEAR_MADRID, cookie: viewer.blockerCookie },
      budget: true,
    },
    {
      name: "Feed: My Rides upcoming (viewer in ~330 rides)",
      path: "/api/my-rides?tab=upcoming",
      budget: true,
    },
    { name: "Unread: GET /api/chats (viewer in ~330 rides)", path: "/api/chats", budget: false },
    // 'Grupos' in the search (1,500 groups): by city, then size (the stored member count).
    { name: "Grupos, no filter", path: "/api/groups", budget: true, ratio: GROUPS_BUDGET_RATIO },
    {
      name: "Grupos, Cerca de mí (her city) + road",
      path: `/api/groups?city=${city}&m=road`,
      budget: true,
      ratio: GROUPS_BUDGET_RATIO,
    },
    {
      name: "Grupos, text search q=grupeta",
      path: "/api/groups?q=grupeta",
      budget: true,
      ratio: GROUPS_BUDGET_RATIO,
    },
    // The group's page: the group with its leaders and member count, and its next rides.
    {
      name: "Group page: GET /api/groups/:slug (the largest group)",
      path: `/api/groups/${groupSlug}`,
      budget: true,
      ratio: GROUPS_BUDGET_RATIO,
    },
    {
      name: "Group page: its next rides",
      path: `/api/groups/${groupSlug}/rides`,
      budget: true,
      ratio: GROUPS_BUDGET_RATIO,
    },
  ];
}

/** Several slices of one endpoint as one row (percentiles over all their samples). */
function combine(name: string, slices: LatencySummary[], sliceSeconds: number): LatencySummary {
  const samples = slices.flatMap((s) => s.samples);
  return {
    name,
    requests: samples.length,
    throughput: samples.length / (slices.length * sliceSeconds),
    non2xx: slices.reduce((sum, s) => sum + s.non2xx, 0),
    errors: slices.reduce((sum, s) => sum + s.errors, 0),
    statusCodes: mergeCounts(slices.map((s) => s.statusCodes)),
    statusSequence: slices.flatMap((s) => s.statusSequence),
    samples,
    p50: percentile(samples, 50),
    p95: percentile(samples, 95),
    p975: percentile(samples, 97.5),
    p99: percentile(samples, 99),
  };
}

function mergeCounts(counts: Record<string, number>[]): Record<string, number> {
  const merged: Record<string, number> = {};
  for (const count of counts) {
    for (const [key, n] of Object.entries(count)) merged[key] = (merged[key] ?? 0) + n;
  }
  return merged;
}

export interface ApiLatencyResult {
  markdown: string;
  ok: boolean;
  budgetMet: boolean;
}

/**
 * Each endpoint alternates with GET /api/health in short slices, and its ratio uses only the
 * health samples taken between its own: on a shared machine the load from other jobs drifts
 * within minutes, and interleaving exposes both sides of the ratio to the same conditions.
 */
export async function apiLatencyReport(
  baseURL: string,
  viewer: { cookie: string; blockerCookie: string; city: string; groupSlug: string },
  /** Fewer, shorter slices (`npm run bench -- --smoke`): every endpoint answers, nothing more. */
  { rounds = ROUNDS, sliceSeconds = SLICE_SECONDS, connections = 20, warmUp: warm = true } = {},
): Promise<ApiLatencyResult> {
  const today = new Date();
  today.setHours(0, 0, 0, 0);
  const headers = { cookie: viewer.cookie };
  const healthURL = `${baseURL}/api/health`;
  const slice = (name: string, url: string, sliceHeaders?: Record<string, string>) =>
    loadEndpoint({ name, url, headers: sliceHeaders, durationSeconds: sliceSeconds, connections });

  if (warm) await warmUp(healthURL);
  const healthSlices: LatencySummary[] = [];
  const rows: { endpoint: Endpoint; result: LatencySummary; baseline: number }[] = [];
  for (const endpoint of endpoints(today.toISOString(), viewer)) {
    const url = `${baseURL}${endpoint.path}`;
    const endpointHeaders = { ...headers, ...endpoint.headers };
    if (warm) await warmUp(url, endpointHeaders);
    const mine: LatencySummary[] = [];
    const theirs: LatencySummary[] = [];
    for (let round = 0; round < rounds; round++) {
      theirs.push(await slice("health", healthURL));
      mine.push(await slice(endpoint.name, url, endpointHeaders));
    }
    theirs.push(await slice("health", healthURL));
    healthSlices.push(...theirs);
    const baseline = percentile(
      theirs.flatMap((t) => t.samples),
      50,
    );
    rows.push({ endpoint, result: combine(endpoint.name, mine, sliceSeconds), baseline });
  }

  const all = [
    combine(`GET /api/health (\`select 1\`), between the others`, healthSlices, sliceSeconds),
    ...rows.map((r) => r.result),
  ];

  const ratioLines = [
    `| Endpoint | p50 ms | health p50 ms (its slices) | Ratio | p99 ms | Budget (≤ ${FEED_BUDGET_RATIO}×, 'Grupos' ≤ ${GROUPS_BUDGET_RATIO}×) |`,
    "|---|---:|---:|---:|---:|---|",
  ];
  let budgetMet = true;
  for (const { endpoint, result, baseline } of rows) {
    const ratio = result.p50 / baseline;
    const within = ratio <= (endpoint.ratio ?? FEED_BUDGET_RATIO);
    if (endpoint.budget && !within) budgetMet = false;
    const verdict = endpoint.budget ? (within ? "met" : "**missed**") : "–";
    ratioLines.push(
      `| ${endpoint.name} | ${result.p50.toFixed(1)} | ${baseline.toFixed(1)} | ${ratio.toFixed(2)}× | ${result.p99.toFixed(1)} | ${verdict} |`,
    );
  }
  const odd = all.filter((r) => r.non2xx > 0);
  const markdown = [
    latencyTable(all),
    ...odd.map(
      (r) =>
        `\nStatus codes of "${r.name}": ${Object.entries(r.statusCodes)
          .map(([code, n]) => `${code} × ${n}`)
          .join(", ")}`,
    ),
    "",
    ratioLines.join("\n"),
    "",
    budgetMet
      ? `**Budget met**: every listing median is within ${FEED_BUDGET_RATIO}× the trivial D1 endpoint's ('Grupos' within ${GROUPS_BUDGET_RATIO}×).`
      : "**Budget missed** for the rows marked above.",
  ].join("\n");
  return {
    markdown,
    ok: all.every((r) => r.non2xx + r.errors === 0),
    budgetMet,
  };
}
