// GPX parse cost (issue 23): time and peak memory of domain/gpx.ts on 5 MB files shaped like
// real exports, against a plain regex scan of the same bytes (decode, then one regex pulling
// lat, lon and ele of every point). Each measure runs in a fresh Node process, so one parse's
// garbage or JIT state never counts in another's figures. Times are the process's CPU time
// (its JIT threads included), which other jobs on a shared machine disturb less than the clock.
//
// Alone: node tests/bench/benchmarks/gpx-parse.ts (or npm run bench -- --only gpx).
import { execFileSync } from "node:child_process";
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

type Measure = { coldMs: number; warmMs: number; growthMB: number; points: number };

/** Child process: one measure of one parser on one variant, printed as JSON. */
async function child(parser: string, variant: Variant) {
  const bytes = syntheticGpx(variant);
  const run: (b: Uint8Array) => number =
    parser === "regex"
      ? (b) => regexScan(b).n
      : await (async () => {
          const { parseGpx } = await import("../../../domain/gpx.ts");
          // As the worker calls it (worker/gpx/storage.ts, ROUTE_MAX_POINTS).
          return (b: Uint8Array) => parseGpx(b, { maxPoints: 1500 }).pointCount;
        })();
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  gc?.();
  const rssBefore = resourceUsage().maxRSS;
  const cpuMs = (since: NodeJS.CpuUsage) => {
    const used = process.cpuUsage(since);
    return (used.user + used.system) / 1000;
  };
  let started = process.cpuUsage();
  const points = run(bytes);
  const coldMs = cpuMs(started);
  const growthMB = (resourceUsage().maxRSS - rssBefore) / 1024;
  const warm: number[] = [];
  // No forced collection between them: a full GC also drops V8's compiled regular expressions,
  // which an isolate parsing upload after upload keeps.
  for (let i = 0; i < 7; i++) {
    started = process.cpuUsage();
    run(bytes);
    warm.push(cpuMs(started));
  }
  warm.sort((a, b) => a - b);
  const result: Measure = { coldMs, warmMs: warm[3]!, growthMB, points };
  console.log(JSON.stringify(result));
}

function measure(parser: string, variant: Variant): Measure {
  const out = execFileSync(
    process.execPath,
    ["--expose-gc", fileURLToPath(import.meta.url), "--child", parser, variant],
    { encoding: "utf8" },
  );
  return JSON.parse(out.trim().split("\n").at(-1)!) as Measure;
}

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/**
 * Markdown table: per variant, the median of `repeats` processes for each measure, parse and
 * regex runs interleaved so both meet the same load. Cold = the first parse in a fresh process
 * (what one upload to a new isolate costs); warm = the median of 7 more.
 */
export function gpxParseReport(repeats = 5): { markdown: string; ok: boolean } {
  const rows = [
    "| File (5 MB) | Points | Parse CPU ms, cold / warm | Regex scan CPU ms, cold / warm | Ratio cold / warm | Peak RSS growth MB (per MB) |",
    "|---|---:|---:|---:|---:|---:|",
  ];
  let ok = true;
  for (const variant of ["garmin", "plain"] as const) {
    const parse: Measure[] = [];
    const scan: Measure[] = [];
    for (let r = 0; r < repeats; r++) {
      parse.push(measure("parse", variant));
      scan.push(measure("regex", variant));
    }
    const cold = median(parse.map((m) => m.coldMs));
    const warm = median(parse.map((m) => m.warmMs));
    const scanCold = median(scan.map((m) => m.coldMs));
    const scanWarm = median(scan.map((m) => m.warmMs));
    const growth = median(parse.map((m) => m.growthMB));
    ok &&= growth < 64;
    rows.push(
      `| ${variant === "garmin" ? "device log (time, hr, cad; 6 tracks, CRLF)" : "planner route (lat, lon, ele)"} | ${parse[0]!.points.toLocaleString("en")} | ${cold.toFixed(0)} / ${warm.toFixed(0)} | ${scanCold.toFixed(0)} / ${scanWarm.toFixed(0)} | ${(cold / scanCold).toFixed(1)}× / ${(warm / scanWarm).toFixed(1)}× | ${growth.toFixed(1)} (${(growth / 5).toFixed(1)}) |`,
    );
  }
  return { markdown: rows.join("\n"), ok };
}

if (process.argv[2] === "--child") {
  await child(process.argv[3]!, process.argv[4] as Variant);
} else if (import.meta.url === `file://${process.argv[1]}`) {
  const report = gpxParseReport();
  console.log(report.markdown);
  if (!report.ok) process.exitCode = 1;
}
