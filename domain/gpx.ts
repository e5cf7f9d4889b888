// Safe GPX reading (docs/product.md#route-and-gpx). One pass over the text with a light
// scanner that keeps only what the app uses: lat, lon and ele of each point, where segments begin
// and end, and how many waypoints there are; each point is measured as it is read. Nothing is ever
// expanded: a DOCTYPE (entities, external files) is refused and `&` is never decoded, so an
// unescaped one in a name does no harm. Distance is summed per segment (a pause or a second
// track is not a straight-line ride), and elevation gain is smoothed like the riders' devices
// do: docs/decisions/0022-gpx-route-measures.md. What a first parse in a fresh isolate costs,
// and why the code is shaped as it is: docs/benchmarks.md (GPX parse).
// Over 400 lines and kept whole: the scanner, the measuring and the checks are one streaming pass.
import { MIN_DISTANCE_KM } from "./constants.ts";
import { formatKm } from "./format.ts";
import { MSG } from "./messages.ts";
import { EARTH_RADIUS_KM } from "./near.ts";

// In every runtime the app has (browsers, workerd, Node), though not in the ESNext lib that keeps
// domain/ free of either side's APIs: its one use is typed here.
declare const TextDecoder: new () => { decode(input: Uint8Array): string };

/** A rise counts once it climbs this far above the last low (ADR 0022). */
export const GAIN_THRESHOLD_M = 5;
/** Deeper nesting than any real GPX: refused before it costs anything. */
export const GPX_MAX_DEPTH = 64;
/** The profile keeps at most this many points (peaks and dips kept). */
export const PROFILE_MAX_POINTS = 400;

/** [km from the start, elevation in m, lat, lon]. */
export type ProfilePoint = [number, number, number, number];

export interface GpxResult {
  /** Haversine distance summed within each segment, km, rounded to 2 decimals. */
  distanceKm: number;
  /** Positive elevation change with hysteresis (ADR 0022), metres, rounded. */
  elevationGain: number;
  /** Highest elevation, metres, rounded; null when no point has <ele>. */
  maxElevation: number | null;
  /** [lat, lon] pairs per segment, in file order (Leaflet order); thinned to options.maxPoints. */
  segments: [number, number][][];
  /** Elevation along the route (gaps between segments not counted); empty without <ele>. */
  profile: ProfilePoint[];
  /** Valid points read (before thinning). */
  pointCount: number;
}

export interface GpxParseOptions {
  /** Most [lat, lon] pairs kept over all segments; each segment keeps its ends. */
  maxPoints?: number;
  profilePoints?: number;
}

/** Thrown with a Spanish message for her as `message`. */
export class GpxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "GpxError";
  }
}

// ---------- Bytes to text ----------

const UTF8_LABELS = new Set(["utf-8", "utf8", "unicode-1-1-utf-8"]);
// WHATWG decodes all of these as windows-1252, a superset of ISO-8859-1's printable range.
const LATIN1_LABELS = new Set([
  "iso-8859-1",
  "iso8859-1",
  "iso_8859-1",
  "latin1",
  "l1",
  "windows-1252",
  "cp1252",
  "x-cp1252",
  "us-ascii",
  "ascii",
  "iso-8859-15",
  "latin-9",
]);
// windows-1252's 0x80–0x9F (0 = unassigned, kept as the C1 control of the same number).
const CP1252_HIGH = [
  0x20ac, 0, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152,
  0, 0x017d, 0, 0, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161,
  0x203a, 0x0153, 0, 0x017e, 0x0178,
];

function fromCodes(codes: Uint16Array): string {
  const parts: string[] = [];
  for (let i = 0; i < codes.length; i += 8192) {
    parts.push(String.fromCharCode.apply(null, codes.subarray(i, i + 8192) as unknown as number[]));
  }
  return parts.join("");
}

function decodeWindows1252(bytes: Uint8Array): string {
  const codes = new Uint16Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    codes[i] = b >= 0x80 && b <= 0x9f ? CP1252_HIGH[b - 0x80] || b : b;
  }
  return fromCodes(codes);
}

function decodeUtf16(bytes: Uint8Array, littleEndian: boolean): string {
  const codes = new Uint16Array(bytes.length >> 1);
  for (let i = 0, j = 0; i < codes.length; i++, j += 2) {
    codes[i] = littleEndian ? bytes[j]! | (bytes[j + 1]! << 8) : (bytes[j]! << 8) | bytes[j + 1]!;
  }
  return fromCodes(codes);
}

/** The encoding named by an XML declaration at the start (after blank lines), lowercased. */
function declaredEncoding(bytes: Uint8Array): string | null {
  const head = String.fromCharCode.apply(null, bytes.subarray(0, 512) as unknown as number[]);
  const match = /^\s*<\?xml\s[^>]*?encoding\s*=\s*["']([^"']{1,40})["']/.exec(head);
  return match ? match[1]!.trim().toLowerCase() : null;
}

/**
 * The file's text: a BOM decides (UTF-8, UTF-16 LE/BE), else zero bytes beside the first
 * characters (UTF-16 without BOM), else the XML declaration's encoding, else UTF-8.
 */
export function decodeGpx(bytes: Uint8Array): string {
  const [b0, b1, b2, b3] = bytes;
  if (b0 === 0xef && b1 === 0xbb && b2 === 0xbf) return new TextDecoder().decode(bytes);
  if (b0 === 0xff && b1 === 0xfe) return decodeUtf16(bytes.subarray(2), true);
  if (b0 === 0xfe && b1 === 0xff) return decodeUtf16(bytes.subarray(2), false);
  if (bytes.length >= 4 && b0 !== 0 && b1 === 0 && b2 !== 0 && b3 === 0) {
    return decodeUtf16(bytes, true);
  }
  if (bytes.length >= 4 && b0 === 0 && b1 !== 0 && b2 === 0 && b3 !== 0) {
    return decodeUtf16(bytes, false);
  }
  const label = declaredEncoding(bytes);
  // A file that says UTF-16 but has single-byte text was saved as UTF-8 by an editor.
  if (label === null || UTF8_LABELS.has(label) || label.startsWith("utf-16")) {
    return new TextDecoder().decode(bytes);
  }
  if (LATIN1_LABELS.has(label)) return decodeWindows1252(bytes);
  throw new GpxError(MSG.gpxEncodingUnsupported(label.replace(/[^a-z0-9._:-]/g, "")));
}

// ---------- Measures ----------

/**
 * Climbing with hysteresis (ADR 0022), fed one altitude at a time: from the last low, a rise
 * counts once it reaches `threshold`, and then every metre up to the top; a dip smaller than
 * `threshold` on the way up is jitter and changes nothing.
 */
class Climb {
  gain: number;
  private ref: number;
  private started = false;
  private climbing = false;
  private readonly threshold: number;

  constructor(threshold: number) {
    this.threshold = threshold;
    // Fields that will hold fractions are given one first, so V8 lays them out as doubles at
    // once: changing an object's layout mid-parse throws away the code optimized for it.
    this.gain = Number.NaN;
    this.ref = Number.NaN;
    this.restart();
  }

  /** A new series (the next segment). */
  restart() {
    this.gain = 0;
    this.started = false;
    this.climbing = false;
  }

  add(v: number) {
    if (!this.started) {
      this.ref = v;
      this.started = true;
    } else if (v > this.ref) {
      if (this.climbing || v - this.ref >= this.threshold) {
        this.gain += v - this.ref;
        this.ref = v;
        this.climbing = true;
      }
    } else if (v < this.ref && (!this.climbing || this.ref - v >= this.threshold)) {
      this.ref = v;
      this.climbing = false;
    }
  }
}

/** The climbing of an altitude series (see Climb). */
export function hysteresisGain(values: ArrayLike<number>, threshold = GAIN_THRESHOLD_M): number {
  const climb = new Climb(threshold);
  for (let i = 0; i < values.length; i++) climb.add(values[i]!);
  return climb.gain;
}

/**
 * The points of the file's tracks, or of its routes, measured as they are read: no second walk
 * over the points (in a fresh isolate every loop over them pays its own warm-up and
 * compilation). Distance is summed within each segment and runs on across them without the
 * gap; climbing is counted within each segment (the gap to the next one was not recorded).
 */
class Route {
  /** Columns per point: lat, lon, ele (NaN when missing), km along the route. */
  lat: Float64Array;
  lon: Float64Array;
  ele: Float64Array;
  km: Float64Array;
  count = 0;
  /** [start, end) of each segment with points, flat. */
  segments: number[] = [];
  distance: number;
  gain: number;
  highest = Number.NEGATIVE_INFINITY;
  /** How many points have an elevation. */
  withEle = 0;
  // The segment being read.
  private start = 0;
  private cosPrev = Number.NaN;
  private readonly climb = new Climb(GAIN_THRESHOLD_M);

  constructor(capacity: number) {
    this.lat = new Float64Array(capacity);
    this.lon = new Float64Array(capacity);
    this.ele = new Float64Array(capacity);
    this.km = new Float64Array(capacity);
    // Doubles from the start (see Climb).
    this.distance = Number.NaN;
    this.distance = 0;
    this.gain = Number.NaN;
    this.gain = 0;
  }

  openSegment() {
    this.start = this.count;
    this.climb.restart();
  }

  closeSegment() {
    if (this.count > this.start) this.segments.push(this.start, this.count);
    this.gain += this.climb.gain;
  }

  /** A point of the open segment; its elevation may follow (setEle). Returns its index. */
  add(lat: number, lon: number): number {
    if (this.count === this.lat.length) this.grow();
    const k = this.count++;
    // distanceKm (domain/near.ts) inlined on the columns, with each point's cosine computed once.
    const cosHere = Math.cos((lat * Math.PI) / 180);
    if (k > this.start) {
      const h =
        Math.sin(((lat - this.lat[k - 1]!) * Math.PI) / 180 / 2) ** 2 +
        this.cosPrev * cosHere * Math.sin(((lon - this.lon[k - 1]!) * Math.PI) / 180 / 2) ** 2;
      this.distance += 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
    }
    this.cosPrev = cosHere;
    this.lat[k] = lat;
    this.lon[k] = lon;
    this.ele[k] = Number.NaN;
    this.km[k] = this.distance;
    return k;
  }

  /** Point k's elevation: the first number given counts. */
  setEle(k: number, ele: number) {
    if (Number.isNaN(ele) || !Number.isNaN(this.ele[k]!)) return;
    this.ele[k] = ele;
    this.withEle++;
    if (ele > this.highest) this.highest = ele;
    this.climb.add(ele);
  }

  private grow() {
    const size = this.lat.length * 2;
    const column = (old: Float64Array) => {
      const next = new Float64Array(size);
      next.set(old);
      return next;
    };
    this.lat = column(this.lat);
    this.lon = column(this.lon);
    this.ele = column(this.ele);
    this.km = column(this.km);
  }
}

// ---------- The scanner ----------

const GPX = 1;
const TRK = 2;
const TRKSEG = 3;
const TRKPT = 4;
const RTE = 5;
const RTEPT = 6;
const ELE = 7;
const WPT = 8;

/** The GPX elements the app reads, by local name (any namespace prefix is dropped). */
const KINDS: Record<string, number> = {
  gpx: GPX,
  trk: TRK,
  trkseg: TRKSEG,
  trkpt: TRKPT,
  rte: RTE,
  rtept: RTEPT,
  ele: ELE,
  wpt: WPT,
};

/**
 * The markup the scanner stops at; the regex engine skips everything else (names, times,
 * extensions) without a line of JavaScript per tag:
 * 1 an <ele> with its text, closed at once (the usual case);
 * 2–7 a <trkpt> or <rtept> written lat="…" lon="…" (nearly all): its numbers, "/" when
 *     self-closing, and the <ele> and closing tag that follow it at once, when they do;
 * 8–10 any other tag of a GPX element: "/" when closing, its local name, its attributes;
 * comments and CDATA are stepped over whole (a <trkpt> in a comment is no point);
 * "<!" otherwise is a declaration (DOCTYPE: refused) or broken.
 * Every repeat stops at the next "<" (or quote), so hostile text costs linear time.
 */
const UNPREFIXED_TOKEN =
  /<(?:ele\s*>([^<]*)<\/ele\s*>|(trkpt|rtept)\s+lat\s*=\s*"([^"]*)"\s+lon\s*=\s*"([^"]*)"\s*(?:(\/)>|>\s*(?:<ele>([^<]*)<\/ele>\s*)?(<\/\2>)?)|(\/?)(trkseg|trkpt|trk|rtept|rte|wpt|gpx|ele)(?=[\s/>])([^<>]*)>|!--[\s\S]*?-->|!\[CDATA\[[\s\S]*?\]\]>|!)/g;
/** The same for a file whose elements carry a namespace prefix (<gpx:trkpt>): rarer, slower. */
const PREFIXED_TOKEN =
  /<(?:(?:[\w.-]+:)?ele\s*>([^<]*)<\/(?:[\w.-]+:)?ele\s*>|((?:[\w.-]+:)?(?:trkpt|rtept))\s+lat\s*=\s*"([^"]*)"\s+lon\s*=\s*"([^"]*)"\s*(?:(\/)>|>\s*(?:<(?:[\w.-]+:)?ele>([^<]*)<\/(?:[\w.-]+:)?ele>\s*)?(<\/\2>)?)|(\/?)(?:[\w.-]+:)?(trkseg|trkpt|trk|rtept|rte|wpt|gpx|ele)(?=[\s/>])([^<>]*)>|!--[\s\S]*?-->|!\[CDATA\[[\s\S]*?\]\]>|!)/g;
/** The GPX elements' names, longest first where one starts another. */
const GPX_NAMES = "trkseg|trkpt|trk|rtept|rte|wpt|gpx|ele";

/**
 * One whole point per match, for the run of points that fills a segment: `<trkpt lat="…"
 * lon="…">`, maybe its `<ele>` right after, then at most 100 tags that are no GPX element's,
 * no comment and no declaration (time, extensions), and its end; or self-closing. Its numbers
 * do not start with a blank. Anything else (lon before lat, a later `<ele>`, a comment, a
 * blank number) ends the run: the scanner reads that part token by token, as it would have
 * read these points. One match and a few lines of JavaScript per point keep a fresh isolate's
 * first parse short: the points never pass through the scanner's branches. The 100 bounds
 * what the engine remembers to backtrack (unbounded, a hostile 5 MB point took +70 MB).
 */
function pointRun(name: "trkpt" | "rtept", prefix: string): RegExp {
  const notGpx = `<(?!/?${prefix}(?:${GPX_NAMES})[\\s/>]|!)`;
  return new RegExp(
    `\\s*<${prefix}${name}\\s+lat\\s*=\\s*"([^"\\s][^"]*)"\\s+lon\\s*=\\s*"([^"\\s][^"]*)"\\s*(?:/>|>\\s*(?:<${prefix}ele\\s*>([^<\\s][^<]*)</${prefix}ele\\s*>)?[^<]*(?:${notGpx}[^<]*){0,100}</${prefix}${name}\\s*>)`,
    "y",
  );
}
const PREFIX = "(?:[\\w.-]+:)?";
const UNPREFIXED_RUNS = { trkpt: pointRun("trkpt", ""), rtept: pointRun("rtept", "") };
const PREFIXED_RUNS = { trkpt: pointRun("trkpt", PREFIX), rtept: pointRun("rtept", PREFIX) };
const LAT = /(?:^|\s)lat\s*=\s*(?:"([^"]*)"|'([^']*)')/;
const LON = /(?:^|\s)lon\s*=\s*(?:"([^"]*)"|'([^']*)')/;
/** What may stand before the root element and after it: blanks, comments, <?xml …?>. */
const PROLOG = /^(?:\s|\ufeff|<\?[\s\S]*?\?>|<!--[\s\S]*?-->)*/;
const FIRST_ELEMENT = /<([A-Za-z_][^\s/>]*)/g;

/** A number written in the file; '' and blanks are not 0. */
function toNumber(text: string | undefined): number {
  if (text === undefined) return Number.NaN;
  const value = Number(text);
  return value === 0 && text.trim() === "" ? Number.NaN : value;
}

function attribute(attributes: string, pattern: RegExp): number {
  const match = pattern.exec(attributes);
  return match ? toNumber(match[1] ?? match[2]) : Number.NaN;
}

function validLatLon(lat: number, lon: number): boolean {
  // Latitude or longitude 0 is a real place (the equator, Greenwich): kept.
  return lat >= -90 && lat <= 90 && lon >= -180 && lon <= 180;
}

function isBlank(xml: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const ch = xml.charCodeAt(i);
    if (ch !== 32 && ch !== 10 && ch !== 13 && ch !== 9 && ch !== 0xfeff) return false;
  }
  return true;
}

function lineOf(xml: string, at: number): number {
  let line = 1;
  for (let i = xml.indexOf("\n"); i !== -1 && i < at; i = xml.indexOf("\n", i + 1)) line++;
  return line;
}

function xmlError(xml: string, at: number, detail: string): GpxError {
  return new GpxError(MSG.gpxInvalidXmlAt(lineOf(xml, at), detail));
}

const NAMES = ["", "gpx", "trk", "trkseg", "trkpt", "rte", "rtept", "ele", "wpt"];

/** Reads the run of whole points at `at` (pointRun) into `route`; returns where the run ends. */
function readRun(xml: string, at: number, run: RegExp, route: Route): number {
  let end = at;
  run.lastIndex = at;
  for (let m = run.exec(xml); m !== null; m = run.exec(xml)) {
    end = run.lastIndex;
    // Never blank (the pattern), so Number() reads them as toNumber() would.
    const lat = Number(m[1]);
    const lon = Number(m[2]);
    if (validLatLon(lat, lon)) {
      const index = route.add(lat, lon);
      if (m[3] !== undefined) route.setEle(index, Number(m[3]));
    }
  }
  return end;
}

interface Scan {
  tracks: Route | null;
  routes: Route | null;
  waypoints: number;
}

/**
 * One pass over the text. Only the GPX elements the app reads are looked at (and their
 * nesting checked); the rest is text to the scanner, so nothing in it is expanded or kept.
 * Each point is measured as it is read (Route).
 */
function scan(xml: string): Scan {
  let tracks: Route | null = null;
  let routes: Route | null = null;
  let waypoints = 0;
  // Room for the points a file of this size usually has (a planner's: ~64 bytes each).
  const capacity = Math.ceil(xml.length / 64) + 16;

  // Before the root: blanks, the declaration, comments. The root must be <gpx>.
  const prolog = PROLOG.exec(xml)![0].length;
  if (xml.startsWith("<!", prolog) && /^<!\s*doctype/i.test(xml.slice(prolog, prolog + 12))) {
    throw new GpxError(MSG.gpxDoctype);
  }
  FIRST_ELEMENT.lastIndex = prolog;
  const root = FIRST_ELEMENT.exec(xml);
  if (!root || root.index !== prolog) throw xmlError(xml, prolog, MSG.gpxXmlTextOutside);
  const rootName = root[1]!;
  if (rootName.slice(rootName.indexOf(":") + 1) !== "gpx") throw new GpxError(MSG.gpxNotGpx);

  // Files whose root has no prefix keep to the faster patterns: their GPX elements have none.
  const prefixed = rootName.includes(":");
  const TOKEN = prefixed ? PREFIXED_TOKEN : UNPREFIXED_TOKEN;
  const runs = prefixed ? PREFIXED_RUNS : UNPREFIXED_RUNS;
  const kinds = new Uint8Array(GPX_MAX_DEPTH);
  let depth = 0;
  /** The segment being read (its points go to this route), or null outside one. */
  let segment: Route | null = null;
  let point = -1;
  let pointDepth = -1;
  let rootEnd = -1;
  TOKEN.lastIndex = prolog;
  for (;;) {
    // Where a point would count (below, the same rule), whole points are read a run at a time.
    if (segment !== null && depth > 0) {
      const parent = kinds[depth - 1];
      if (parent === TRKSEG || parent === RTE) {
        const run = parent === TRKSEG ? runs.trkpt : runs.rtept;
        TOKEN.lastIndex = readRun(xml, TOKEN.lastIndex, run, segment);
      }
    }
    const m = TOKEN.exec(xml);
    if (m === null) break;
    const eleText = m[1];
    if (eleText !== undefined) {
      // The first <ele> of a point is its elevation (GPX puts it first; an extension's is not).
      if (point !== -1 && pointDepth === depth - 1) segment?.setEle(point, toNumber(eleText));
      continue;
    }
    const pointName = m[2];
    if (pointName !== undefined) {
      // <trkpt lat="…" lon="…">, maybe with its <ele> and its end in the same match.
      const kind = pointName.endsWith("trkpt") ? TRKPT : RTEPT;
      const parent = depth > 0 ? kinds[depth - 1] : 0;
      const complete = m[5] !== undefined || m[7] !== undefined;
      let index = -1;
      if ((kind === TRKPT ? parent === TRKSEG : parent === RTE) && segment) {
        const lat = toNumber(m[3]);
        const lon = toNumber(m[4]);
        if (validLatLon(lat, lon)) {
          index = segment.add(lat, lon);
          if (m[6] !== undefined) segment.setEle(index, toNumber(m[6]));
        }
      }
      if (!complete) {
        if (depth === GPX_MAX_DEPTH) throw new GpxError(MSG.gpxTooDeep);
        if (index !== -1) {
          point = index;
          pointDepth = depth;
        }
        kinds[depth++] = kind;
      }
      continue;
    }
    const name = m[9];
    if (name === undefined) {
      if (m[0] !== "<!") continue; // a comment or CDATA
      if (/^<!\s*(doctype|entity|element|attlist)/i.test(xml.slice(m.index, m.index + 12))) {
        throw new GpxError(MSG.gpxDoctype);
      }
      throw xmlError(
        xml,
        m.index,
        xml.startsWith("<!--", m.index) || xml.startsWith("<![CDATA[", m.index)
          ? MSG.gpxXmlUnclosedComment
          : MSG.gpxXmlBadTag,
      );
    }
    const kind = KINDS[name]!;
    if (depth === 0 && rootEnd !== -1) throw xmlError(xml, m.index, MSG.gpxXmlAfterRoot);
    if (m[8] === "/") {
      if (depth === 0 || kinds[depth - 1] !== kind) {
        const open = depth === 0 ? "gpx" : NAMES[kinds[depth - 1]!]!;
        throw xmlError(xml, m.index, MSG.gpxXmlMismatch(open, name));
      }
      depth--;
      if (kind === TRKSEG || kind === RTE) {
        segment?.closeSegment();
        segment = null;
      } else if (depth === pointDepth) {
        point = -1;
        pointDepth = -1;
      }
      if (depth === 0) rootEnd = TOKEN.lastIndex;
      continue;
    }
    const attributes = m[10]!;
    const selfClosing = attributes.endsWith("/");
    const parent = depth > 0 ? kinds[depth - 1] : 0;
    if ((kind === TRKSEG && parent === TRK) || (kind === RTE && parent === GPX)) {
      if (kind === RTE) {
        routes ??= new Route(capacity);
        segment = routes;
      } else {
        tracks ??= new Route(capacity);
        segment = tracks;
      }
      segment.openSegment();
      if (selfClosing) {
        segment.closeSegment();
        segment = null;
      }
    } else if ((kind === TRKPT && parent === TRKSEG) || (kind === RTEPT && parent === RTE)) {
      const lat = attribute(attributes, LAT);
      const lon = attribute(attributes, LON);
      if (segment && validLatLon(lat, lon)) {
        const index = segment.add(lat, lon);
        if (!selfClosing) {
          point = index;
          pointDepth = depth;
        }
      }
    } else if (kind === WPT && parent === GPX) {
      if (validLatLon(attribute(attributes, LAT), attribute(attributes, LON))) waypoints++;
    }
    if (!selfClosing) {
      if (depth === GPX_MAX_DEPTH) throw new GpxError(MSG.gpxTooDeep);
      kinds[depth++] = kind;
    } else if (depth === 0) {
      rootEnd = TOKEN.lastIndex; // <gpx/>
    }
  }
  if (depth > 0) {
    throw xmlError(xml, xml.length, MSG.gpxXmlUnclosedTag(NAMES[kinds[depth - 1]!]!));
  }
  // After the root: blanks and comments only.
  const after = rootEnd + (PROLOG.exec(xml.slice(rootEnd))?.[0].length ?? 0);
  if (rootEnd === -1 || !isBlank(xml, after, xml.length)) {
    throw xmlError(xml, Math.max(after, 0), MSG.gpxXmlAfterRoot);
  }
  return { tracks, routes, waypoints };
}

// ---------- The result ----------

const round = (value: number, decimals: number) => {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
};

/** [lat, lon] of `keep` points spread evenly over start…end (all of them when fewer). */
function thin(route: Route, start: number, end: number, keep: number): [number, number][] {
  const { lat, lon } = route;
  const count = end - start;
  const out: [number, number][] = [];
  if (count <= keep) {
    for (let k = start; k < end; k++) out.push([lat[k]!, lon[k]!]);
    return out;
  }
  const step = (count - 1) / (keep - 1);
  for (let j = 0; j < keep; j++) {
    const k = start + Math.round(j * step);
    out.push([lat[k]!, lon[k]!]);
  }
  return out;
}

/**
 * Which of `count` profile points to keep (at most `max`, in order): per distance bucket its
 * lowest and its highest point, so peaks and dips survive; the last point always.
 */
function decimate(heights: Float64Array, count: number, max: number): number[] {
  if (count <= max) return Array.from({ length: count }, (_, k) => k);
  const buckets = Math.floor(max / 2);
  const out: number[] = [];
  const size = count / buckets;
  for (let b = 0; b < buckets; b++) {
    const from = Math.floor(b * size);
    const bucket = heights.subarray(from, Math.min(count, Math.floor((b + 1) * size)));
    // The engine's own min, max and indexOf: no loop over every point to warm up.
    const values = bucket as unknown as number[];
    const low = from + bucket.indexOf(Math.min.apply(null, values));
    const high = from + bucket.indexOf(Math.max.apply(null, values));
    out.push(Math.min(low, high));
    if (low !== high) out.push(Math.max(low, high));
  }
  if (out.at(-1) !== count - 1) out.push(count - 1);
  return out;
}

/** The elevation profile: the route's points that have an elevation, at most `max` of them. */
function profileOf(route: Route, max: number): ProfilePoint[] {
  const { lat, lon, ele, km, count } = route;
  // Nearly always every point has one, and the columns are the profile; else gather those.
  let at: Int32Array | null = null;
  let heights = ele;
  if (route.withEle < count) {
    at = new Int32Array(route.withEle);
    heights = new Float64Array(route.withEle);
    for (let k = 0, j = 0; k < count; k++) {
      if (!Number.isNaN(ele[k]!)) {
        at[j] = k;
        heights[j++] = ele[k]!;
      }
    }
  }
  return decimate(heights, route.withEle, max).map((j): ProfilePoint => {
    const k = at ? at[j]! : j;
    return [round(km[k]!, 3), round(ele[k]!, 1), lat[k]!, lon[k]!];
  });
}

function summarize(route: Route, options: GpxParseOptions): GpxResult {
  const total = route.count;
  const maxPoints = options.maxPoints ?? Number.POSITIVE_INFINITY;
  const segments: [number, number][][] = [];
  for (let s = 0; s < route.segments.length; s += 2) {
    const start = route.segments[s]!;
    const end = route.segments[s + 1]!;
    const keep = Math.max(
      Math.min(2, end - start),
      Math.floor((maxPoints * (end - start)) / total),
    );
    segments.push(thin(route, start, end, keep));
  }
  return {
    distanceKm: round(route.distance, 2),
    elevationGain: Math.round(route.gain),
    maxElevation: Number.isFinite(route.highest) ? Math.round(route.highest) : null,
    segments,
    profile: profileOf(route, options.profilePoints ?? PROFILE_MAX_POINTS),
    pointCount: total,
  };
}

/**
 * Reads a GPX file (its bytes as uploaded, or text). Track segments are used first; routes
 * only when no track has a valid point. Throws GpxError with a Spanish message.
 */
export function parseGpx(input: Uint8Array | string, options: GpxParseOptions = {}): GpxResult {
  try {
    const xml = typeof input === "string" ? input : decodeGpx(input);
    if (isBlank(xml, 0, xml.length)) throw new GpxError(MSG.gpxEmpty);
    const { tracks, routes, waypoints } = scan(xml);
    const chosen = tracks?.count ? tracks : routes?.count ? routes : null;
    if (chosen === null) {
      throw new GpxError(waypoints > 0 ? MSG.gpxWaypointsOnly : MSG.gpxNoCoordinates);
    }
    return summarize(chosen, options);
  } catch (error) {
    if (error instanceof GpxError) throw error;
    // Never a library's or engine's English text in front of her.
    throw new GpxError(MSG.gpxProcessingError("no se pudo leer el archivo"));
  }
}

/** The [lat, lon] a route starts at. */
export function routeStart(segments: [number, number][][]): [number, number] | null {
  return segments.find((s) => s.length > 0)?.[0] ?? null;
}

/**
 * What the ride form fills in from a route. A route under the 1 km a ride needs leaves the
 * distance for her to write, with a note saying why, rather than a number the form refuses.
 */
export function formPrefill(result: Pick<GpxResult, "distanceKm" | "elevationGain">): {
  distanceKm: string | null;
  elevationM: string;
  note: string | null;
} {
  const km = Math.round(result.distanceKm * 10) / 10;
  const elevationM = String(result.elevationGain);
  if (km < MIN_DISTANCE_KM) {
    return { distanceKm: null, elevationM, note: MSG.gpxShortRoute(formatKm(result.distanceKm)) };
  }
  return { distanceKm: String(km), elevationM, note: null };
}
