// Lighthouse (mobile) with Debian's Chromium on the built app: Performance, Accessibility,
// Best Practices and SEO per page, recorded in the report. Each page is loaded several times
// and the median run is reported with the range, as Lighthouse's own docs advise: one run on
// a shared 2-core machine moves by ±10 points.

import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

export interface LighthouseRow {
  page: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** Lab metrics behind the Performance score. */
  metrics: { fcpMs: number; lcpMs: number; tbtMs: number; cls: number };
  /** Audits that did not pass (score < 1) in the four categories: what to fix next. */
  failing: string[];
  /** Performance of every run of this page, lowest first (the row is the median run). */
  performanceRuns: number[];
  /** The elements that moved, per run with a layout shift (to find what moved, not just how much). */
  shiftedRuns: { performance: number; cls: number; elements: string[] }[];
  /**
   * Lighthouse's own measure of the machine's CPU in each run (`benchmarkIndex`, lowest
   * first): the simulation multiplies every main-thread task by four, so a slower hour or
   * machine costs the app's pages points that the code did not lose.
   */
  cpuIndexRuns: number[];
}

const CHROME_FLAGS = [
  "--headless=new",
  // Paint holding keeps the previous page's frame until the next one paints. In headless
  // Chromium here it held every other navigation for 1–2 s, public pages included (observed
  // FCP alternating ~0.25 s and 1.2–2.3 s; the trace shows frames at 1 Hz until released),
  // and Lighthouse then counts all work before that late frame as blocking the first paint.
  // A phone opening the app, or PageSpeed Insights' fresh tab, has no previous page to hold.
  // Measured both ways in docs/benchmarks.md (run of 2026-11-24).
  "--disable-features=PaintHolding",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

export interface LighthousePage {
  name: string;
  path: string;
  cookie?: string;
  /**
   * /app pages are noindex on purpose (spec: the app is not for search engines), which fails
   * Lighthouse's `is-crawlable` by design; their SEO score leaves that one audit out (ADR 0013).
   */
  noindex?: boolean;
}

export async function lighthouseScores(
  baseURL: string,
  pages: LighthousePage[],
  {
    runs = 5,
    chromeFlags = [],
    dumpDir,
  }: {
    runs?: number;
    chromeFlags?: string[];
    /** A folder for each run's report and trace (`--lighthouse-dump`), to study a score. */
    dumpDir?: string | undefined;
  } = {},
): Promise<LighthouseRow[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    chromeFlags: [...CHROME_FLAGS, ...chromeFlags],
  });
  const rows: LighthouseRow[] = [];
  try {
    for (const page of pages) {
      const pageRuns: LighthouseRow[] = [];
      for (let run = 0; run < runs; run++)
        pageRuns.push(await lighthouseRun(chrome.port, baseURL, page, dumpDir));
      pageRuns.sort((a, b) => a.performance - b.performance);
      const median = pageRuns[Math.floor(pageRuns.length / 2)]!;
      rows.push({
        ...median,
        performanceRuns: pageRuns.map((r) => r.performance),
        shiftedRuns: pageRuns.flatMap((r) => r.shiftedRuns),
        cpuIndexRuns: pageRuns.flatMap((r) => r.cpuIndexRuns).sort((a, b) => a - b),
      });
    }
  } finally {
    chrome.kill();
  }
  return rows;
}

async function lighthouseRun(
  port: number,
  baseURL: string,
  page: LighthousePage,
  dumpDir: string | undefined,
): Promise<LighthouseRow> {
  const result = await lighthouse(
    `${baseURL}${page.path}`,
    {
      port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
      extraHeaders: page.cookie ? { Cookie: page.cookie } : undefined,
      skipAudits: page.noindex ? ["is-crawlable"] : undefined,
    },
    undefined,
  );
  const lhr = result?.lhr;
  if (dumpDir && result) dumpRun(dumpDir, page, lhr, result.artifacts.Trace);
  const categories = lhr?.categories ?? {};
  const audits = lhr?.audits ?? {};
  const score = (key: string) => Math.round((categories[key]?.score ?? 0) * 100);
  const metric = (key: string) => audits[key]?.numericValue ?? Number.NaN;
  const failing = new Set<string>();
  for (const category of Object.values(categories)) {
    for (const ref of category.auditRefs) {
      const audit = audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) {
        failing.add(`${audit.id} (${Math.round(audit.score * 100)})`);
      }
    }
  }
  return {
    page: page.name,
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    metrics: {
      fcpMs: Math.round(metric("first-contentful-paint")),
      lcpMs: Math.round(metric("largest-contentful-paint")),
      tbtMs: Math.round(metric("total-blocking-time")),
      cls: Math.round(metric("cumulative-layout-shift") * 1000) / 1000,
    },
    failing: [...failing],
    performanceRuns: [],
    cpuIndexRuns: lhr?.environment?.benchmarkIndex
      ? [Math.round(lhr.environment.benchmarkIndex)]
      : [],
    shiftedRuns:
      // Shifts that round to 0.000 (sub-pixel moves of the public pages' nav) are left out.
      Math.round(metric("cumulative-layout-shift") * 1000) > 0
        ? [
            {
              performance: score("performance"),
              cls: Math.round(metric("cumulative-layout-shift") * 1000) / 1000,
              elements: shiftedElements(audits["layout-shifts"]?.details),
            },
          ]
        : [],
  };
}

function cpuIndexRange(runs: number[]): string {
  if (runs.length === 0) return "–";
  const low = runs[0]!;
  const high = runs.at(-1)!;
  return low === high ? String(low) : `${low}–${high}`;
}

/** "score selector `snippet`" for each shift Lighthouse attributes to an element. */
function shiftedElements(details: unknown): string[] {
  const items = (
    details as { items?: { score?: number; node?: { selector?: string; snippet?: string } }[] }
  )?.items;
  return (items ?? []).map(
    (item) =>
      `${Math.round((item.score ?? 0) * 1000) / 1000} ${item.node?.selector ?? "?"} \`${(item.node?.snippet ?? "").slice(0, 80)}\``,
  );
}

export function lighthouseTable(rows: LighthouseRow[]): string {
  const lines = [
    "| Page | Performance (median) | Runs (lowest → highest) | Accessibility | Best Practices | SEO | FCP ms | LCP ms | TBT ms | CLS | CPU index |",
    "|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---|",
  ];
  for (const r of rows) {
    const m = r.metrics;
    lines.push(
      `| ${r.page} | ${r.performance} | ${r.performanceRuns.join(", ")} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${m.fcpMs} | ${m.lcpMs} | ${m.tbtMs} | ${m.cls} | ${cpuIndexRange(r.cpuIndexRuns)} |`,
    );
  }
  lines.push(
    "",
    "CPU index: Lighthouse's `benchmarkIndex` of the machine in the page's runs (lowest–highest); higher is faster. Scores taken at different indexes do not compare.",
  );
  const notPassing = rows.filter((r) => r.failing.length > 0);
  if (notPassing.length > 0) {
    lines.push("", "Audits not fully passing in the median run (weighted ones):", "");
    for (const r of notPassing) lines.push(`- ${r.page}: ${r.failing.join(", ")}`);
  }
  const shifted = rows.filter((r) => r.shiftedRuns.length > 0);
  if (shifted.length > 0) {
    lines.push("", "Layout shifts, in any run (CLS, then what moved):", "");
    for (const r of shifted) {
      for (const run of r.shiftedRuns) {
        lines.push(
          `- ${r.page}, run scoring ${run.performance}: CLS ${run.cls}; ${run.elements.join("; ") || "no element named"}`,
        );
      }
    }
  }
  return lines.join("\n");
}

/**
 * Writes a run's report and its trace (the main thread's tasks, what Lighthouse's simulation
 * started from) as `<page>-<n>.report.json` and `<page>-<n>.trace.json`.
 */
function dumpRun(dir: string, page: LighthousePage, report: unknown, trace: unknown) {
  mkdirSync(dir, { recursive: true });
  const name = page.name.replace(/[^\w-]+/g, "_").replace(/^_+|_+$/g, "") || "root";
  const n = readdirSync(dir).filter((file) => file.startsWith(`${name}-`)).length / 2 + 1;
  writeFileSync(path.join(dir, `${name}-${n}.report.json`), JSON.stringify(report));
  writeFileSync(path.join(dir, `${name}-${n}.trace.json`), JSON.stringify(trace));
}
