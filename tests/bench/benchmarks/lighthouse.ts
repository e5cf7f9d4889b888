// Lighthouse (mobile) with Debian's Chromium on the built app: Performance, Accessibility,
// Best Practices and SEO per page, recorded in the report.

import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

export interface LighthouseRow {
  page: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
}

const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

export async function lighthouseScores(
  baseURL: string,
  pages: { name: string; path: string; cookie?: string }[],
): Promise<LighthouseRow[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    chromeFlags: CHROME_FLAGS,
  });
  const rows: LighthouseRow[] = [];
  try {
    for (const page of pages) {
      const result = await lighthouse(
        `${baseURL}${page.path}`,
        {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
          extraHeaders: page.cookie ? { Cookie: page.cookie } : undefined,
        },
        undefined,
      );
      const categories = result?.lhr.categories ?? {};
      const score = (key: string) => Math.round((categories[key]?.score ?? 0) * 100);
      rows.push({
        page: page.name,
        performance: score("performance"),
        accessibility: score("accessibility"),
        bestPractices: score("best-practices"),
        seo: score("seo"),
      });
    }
  } finally {
    chrome.kill();
  }
  return rows;
}

export function lighthouseTable(rows: LighthouseRow[]): string {
  const lines = [
    "| Page | Performance | Accessibility | Best Practices | SEO |",
    "|---|---:|---:|---:|---:|",
  ];
  for (const r of rows) {
    lines.push(
      `| ${r.page} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} |`,
    );
  }
  return lines.join("\n");
}
