// GPX parse cost (docs/benchmarks.md): time and peak memory of domain/gpx.ts on 5 MB files shaped like
// real exports, against a plain regex scan of the same bytes (decode, then one regex pulling
// lat, lon and ele of every point). Each sample is a fresh Node process that runs both sides
// cold (the first run of each there: what one upload to a new isolate costs), so the ratio is
// taken under the same load from other jobs. Times are the process's CPU time (its JIT and GC
// threads included), which other jobs on a shared machine disturb less than the clock.
//
// Alone: node tests/bench/benchmarks/gpx-parse.ts [processes per file, default 20]
// (or npm run bench -- --only gpx). GPX_MODULE=/path/to/gpx.ts measures another version of the
// parser (an older commit's file, say) with the same harness.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { resourceUsage } from "node:process";
import { fileURLToPath } from "node:url";

const MB = 2 ** 20;
const TARGET_BYTES = 5 * MB - 4096;

type Variant = "garmin" | "plain";

/** Deterministic pseudo-random numbers (mulberry32), so every run parses the same file. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A ride log of about `targetBytes`: "garmin" is a device export (time, temperature, heart rate
 * and cadence per point, several tracks and segments, CRLF); "plain" a route planner's
 * (lat, lon, ele only, single spaces).
 */
export function syntheticGpx(variant: Variant, targetBytes = TARGET_BYTES): Uint8Array {
  const rnd = random(variant === "garmin" ? 23 : 42);
  const nl = variant === "garmin" ? "\r\n" : "\n";
  const parts: string[] = [
    `<?xml version="1.0" encoding="UTF-8"?>${nl}<gpx version="1.1" creator="Rodamos bench" xmlns="http://www.topografix.com/GPX/1/1" xmlns:ns3="http://www.garmin.com/xmlschemas/TrackPointExtension/v1">${nl}<metadata><name>Vuelta a la sierra</name><time>2026-11-01T08:00:00Z</time></metadata>${nl}`,
  ];
  let size = parts[0]!.length;
  let lat = 40.4168;
  let lon = -3.7038;
  let ele = 650;
  let time = Date.UTC(2026, 10, 1, 8);
  let point = 0;
  const close = `</trkseg>${nl}</trk>${nl}</gpx>${nl}`;
  parts.push(`<trk><name>Tramo 1</name><type>cycling</type><trkseg>${nl}`);
  while (size < targetBytes - close.length - 400) {
    point++;
    lat += 0.00008 + rnd() * 0.00004;
    lon += (rnd() - 0.4) * 0.0001;
    ele += Math.sin(point / 400) * 0.6 + (rnd() - 0.5) * 1.5;
    time += 1000;
    const line =
      variant === "garmin"
        ? `<trkpt lat="${lat.toFixed(10)}" lon="${lon.toFixed(10)}">${nl}  <ele>${ele.toFixed(1)}</ele>${nl}  <time>${new Date(time).toISOString()}</time>${nl}  <extensions><ns3:TrackPointExtension><ns3:atemp>14.0</ns3:atemp><ns3:hr>${120 + Math.round(rnd() * 40)}</ns3:hr><ns3:cad>${80 + Math.round(rnd() * 15)}</ns3:cad></ns3:TrackPointExtension></extensions>${nl}</trkpt>${nl}`
        : `<trkpt lat="${lat.toFixed(6)}" lon="${lon.toFixed(6)}"><ele>${ele.toFixed(1)}</ele></trkpt>${nl}`;
    parts.push(line);
    size += line.length;
    // A pause every ~3,000 points: a new segment, and a new track every third one.
    if (point % 3000 === 0) {
      const next =
        point % 9000 === 0
          ? `</trkseg>${nl}</trk>${nl}<trk><name>Tramo ${point / 9000 + 1}</name><trkseg>${nl}`
          : `</trkseg>${nl}<trkseg>${nl}`;
      parts.push(next);
      size += next.length;
    }
  }
  parts.push(close);
  return new TextEncoder().encode(parts.join(""));
}

/** The baseline: what the cheapest extractor does with the same bytes. */
export function regexScan(bytes: Uint8Array) {
  const text = new TextDecoder().decode(bytes);
  const point = /<trkpt lat="([^"]*)" lon="([^"]*)">\s*<ele>([^<]*)<\/ele>/g;
  let n = 0;
  let sum = 0;
  for (let m = point.exec(text); m; m = point.exec(text)) {
    sum += Number(m[1]) + Number(m[2]) + Number(m[3]);
    n++;
  }
  return { n, sum };
}

/** What one fresh process measured: both sides cold (each its first run there), then warm. */
type Sample = {
  /** Which side ran first: the order alternates between processes. */
  first: "parse" | "regex";
  points: number;
  /** CPU ms of the whole process (JIT and GC threads included) for each side's first run. */
  parseCold: number;
  regexCold: number;
  /** The same, main thread only (what the isolate's own thread spent). */
  parseColdMain: number;
  regexColdMain: number;
  /** Median CPU ms of 7 more runs of each, alternating. */
  parseWarm: number;
  regexWarm: number;
  /** Peak RSS growth of the parse's first run, MB; only when it ran first in the process. */
  growthMB: number | null;
};

const SETTLE_MS = 250;

function cpuNow() {
  const all = process.cpuUsage();
  const main = process.threadCpuUsage();
  return { all: (all.user + all.system) / 1000, main: (main.user + main.system) / 1000 };
}

/**
 * Child process: one cold run of each side (the order given), then 7 warm runs of each,
 * printed as JSON. A cold run's CPU time is counted until the JIT and GC threads have finished
 * what it started (a pause with the main thread idle), so neither side's background work is
 * billed to the other.
 */
async function child(file: string, first: Sample["first"]) {
  const bytes = new Uint8Array(readFileSync(file));
  const { parseGpx } = await import(process.env.GPX_MODULE ?? "../../../domain/gpx.ts");
  const sides = {
    // As the worker calls it (worker/gpx/storage.ts, ROUTE_MAX_POINTS).
    parse: (b: Uint8Array) => parseGpx(b, { maxPoints: 1500 }).pointCount,
    regex: (b: Uint8Array) => regexScan(b).n,
  };
  const gc = (globalThis as { gc?: () => void }).gc;
  const settle = () => new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  await settle();
  const cold = async (side: keyof typeof sides) => {
    gc?.();
    gc?.();
    await settle();
    const rssBefore = resourceUsage().maxRSS;
    const started = cpuNow();
    const points = sides[side](bytes);
    const main = cpuNow().main - started.main;
    const growthMB = (resourceUsage().maxRSS - rssBefore) / 1024;
    await settle();
    return { points, all: cpuNow().all - started.all, main, growthMB };
  };
  const second = first === "parse" ? "regex" : "parse";
  const a = await cold(first);
  const b = await cold(second);
  const parse = first === "parse" ? a : b;
  const regex = first === "parse" ? b : a;
  if (parse.points !== regex.points) {
    throw new Error(`parse read ${parse.points} points, the regex ${regex.points}`);
  }
  // No forced collection between warm runs: a full GC also drops V8's compiled regular
  // expressions, which an isolate parsing upload after upload keeps.
  const warm = { parse: [] as number[], regex: [] as number[] };
  for (let i = 0; i < 7; i++) {
    for (const side of ["parse", "regex"] as const) {
      const started = cpuNow().all;
      sides[side](bytes);
      warm[side].push(cpuNow().all - started);
    }
  }
  const sample: Sample = {
    first,
    points: parse.points,
    parseCold: parse.all,
    regexCold: regex.all,
    parseColdMain: parse.main,
    regexColdMain: regex.main,
    parseWarm: quantile(warm.parse, 0.5),
    regexWarm: quantile(warm.regex, 0.5),
    growthMB: first === "parse" ? parse.growthMB : null,
  };
  console.log(JSON.stringify(sample));
}

function measure(file: string, first: Sample["first"]): Sample {
  const out = execFileSync(
    process.execPath,
    ["--expose-gc", fileURLToPath(import.meta.url), "--child", file, first],
    { encoding: "utf8" },
  );
  return JSON.parse(out.trim().split("\n").at(-1)!) as Sample;
}

/** Nearest-rank quantile: the median is the middle value, p95 the value 95 % stay at or under. */
function quantile(values: number[], q: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)]!;
}

const LABELS: Record<Variant, string> = {
  garmin: "device log (time, hr, cad; 6 tracks, CRLF)",
  plain: "planner route (lat, lon, ele)",
};

/**
 * Markdown tables: per variant, `processes` fresh Node processes, each timing the parse and the
 * regex scan cold (the first run of each in that process; which runs first alternates), then
 * warm (median of 7 more each). Ratios are taken within each process, so both sides of a ratio
 * met the same load from other jobs; the table gives their median and p95 over the processes.
 */
export function gpxParseReport(
  processes = 20,
  /** Smaller files for a smoke run (`npm run bench -- --smoke`). */
  targetBytes = TARGET_BYTES,
): { markdown: string; ok: boolean } {
  const rows = [
    `| File (${targetBytes >= MB ? `${Math.round(targetBytes / MB)} MB` : `${Math.round(targetBytes / 1024)} KB`}) | Points | Cold CPU ms, parse / regex (medians) | **Cold ratio**, median / p95 | Cold ratio, main thread only | Warm CPU ms, parse / regex | Warm ratio, median / p95 | Peak RSS growth MB, median / max |`,
    "|---|---:|---:|---:|---:|---:|---:|---:|",
  ];
  const orders: string[] = [];
  let ok = true;
  const dir = mkdtempSync(path.join(tmpdir(), "rodamos-gpx-bench-"));
  try {
    for (const variant of ["garmin", "plain"] as const) {
      const file = path.join(dir, `${variant}.gpx`);
      writeFileSync(file, syntheticGpx(variant, targetBytes));
      const samples: Sample[] = [];
      for (let i = 0; i < processes; i++) {
        samples.push(measure(file, i % 2 === 0 ? "parse" : "regex"));
      }
      const of = (pick: (s: Sample) => number, q: number, from = samples) =>
        quantile(from.map(pick), q);
      const ratio = (pick: (s: Sample) => number) =>
        `${of(pick, 0.5).toFixed(1)}× / ${of(pick, 0.95).toFixed(1)}×`;
      const growth = samples.flatMap((s) => (s.growthMB === null ? [] : [s.growthMB]));
      ok &&= Math.max(...growth) < 64;
      rows.push(
        `| ${LABELS[variant]} | ${samples[0]!.points.toLocaleString("en")} | ${of((s) => s.parseCold, 0.5).toFixed(0)} / ${of((s) => s.regexCold, 0.5).toFixed(0)} | **${ratio((s) => s.parseCold / s.regexCold)}** | ${ratio((s) => s.parseColdMain / s.regexColdMain)} | ${of((s) => s.parseWarm, 0.5).toFixed(0)} / ${of((s) => s.regexWarm, 0.5).toFixed(0)} | ${ratio((s) => s.parseWarm / s.regexWarm)} | ${quantile(growth, 0.5).toFixed(1)} / ${Math.max(...growth).toFixed(1)} |`,
      );
      const byOrder = (first: Sample["first"]) =>
        of(
          (s) => s.parseCold / s.regexCold,
          0.5,
          samples.filter((s) => s.first === first),
        ).toFixed(1);
      orders.push(`${LABELS[variant]}: ${byOrder("parse")}× / ${byOrder("regex")}×`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const note = `${processes} fresh processes per file. Cold ratio median when the parse ran first / second in its process: ${orders.join("; ")}.`;
  return { markdown: `${rows.join("\n")}\n\n${note}`, ok };
}

if (process.argv[2] === "--child") {
  const [file, first] = process.argv.slice(3);
  await child(file!, first as Sample["first"]);
} else if (import.meta.url === `file://${process.argv[1]}`) {
  const report = gpxParseReport(Number(process.argv[2] ?? 20));
  console.log(report.markdown);
  if (!report.ok) process.exitCode = 1;
}
