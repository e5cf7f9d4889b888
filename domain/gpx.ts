// Safe GPX reading (spec 02 §5, §8; issue 23). One pass over the text with a small scanner that
// keeps only what the app uses: lat, lon and ele of each point, where segments begin and end,
// and how many waypoints there are. Nothing is ever expanded: a DOCTYPE (entities, external
// files) is refused and `&` is never decoded, so an unescaped one in a name does no harm.
// Distance is summed per segment (a pause or a second track is not a straight-line ride), and
// elevation gain is smoothed like the riders' devices do: docs/decisions/0017-gpx-route-measures.md.
import { MIN_DISTANCE_KM } from "./constants.ts";
import { formatKm } from "./format.ts";
import { MSG } from "./messages.ts";

// In every runtime the app has (browsers, workerd, Node), though not in the ESNext lib that keeps
// domain/ free of either side's APIs: its one use is typed here.
declare const TextDecoder: new () => { decode(input: Uint8Array): string };

export const EARTH_RADIUS_KM = 6371;
/** A rise counts once it climbs this far above the last low (ADR 0017). */
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
  /** Positive elevation change with hysteresis (ADR 0017), metres, rounded. */
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

const toRadians = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in km between two [lat, lon] points. */
export function haversineKm(a: readonly [number, number], b: readonly [number, number]): number {
  const dLat = toRadians(b[0] - a[0]);
  const dLon = toRadians(b[1] - a[1]);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(a[0])) * Math.cos(toRadians(b[0])) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
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

// ---------- The scanner ----------

const OTHER = 0;
const GPX = 1;
const TRK = 2;
const TRKSEG = 3;
const TRKPT = 4;
const RTE = 5;
const RTEPT = 6;
const ELE = 7;
const WPT = 8;

/** Kind of a local name (the part after any namespace prefix). */
function kindOf(xml: string, start: number, end: number): number {
  switch (end - start) {
    case 3:
      if (xml.startsWith("ele", start)) return ELE;
      if (xml.startsWith("trk", start)) return TRK;
      if (xml.startsWith("rte", start)) return RTE;
      if (xml.startsWith("wpt", start)) return WPT;
      if (xml.startsWith("gpx", start)) return GPX;
      return OTHER;
    case 5:
      if (xml.startsWith("trkpt", start)) return TRKPT;
      if (xml.startsWith("rtept", start)) return RTEPT;
      return OTHER;
    case 6:
      return xml.startsWith("trkseg", start) ? TRKSEG : OTHER;
    default:
      return OTHER;
  }
}

/** A number written in the file; '' and blanks are not 0. */
function numberAt(xml: string, start: number, end: number): number {
  const text = xml.slice(start, end);
  const value = Number(text);
  return value === 0 && text.trim() === "" ? Number.NaN : value;
}

function validLatLon(lat: number, lon: number): boolean {
  // Latitude or longitude 0 is a real place (the equator, Greenwich): kept.
  return lat >= -90 && lat <= 90 && lon >= -180 && lon <= 180;
}

function isNameStart(ch: number): boolean {
  return (ch >= 65 && ch <= 90) || (ch >= 97 && ch <= 122) || ch === 95 || ch === 58 || ch >= 0xc0;
}

function isBlank(xml: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const ch = xml.charCodeAt(i);
    if (ch !== 32 && ch !== 10 && ch !== 13 && ch !== 9 && ch !== 0xfeff) return false;
  }
  return true;
}

/** Growable columns of points: lat, lon, ele (NaN when missing). */
class Points {
  lat = new Float64Array(1024);
  lon = new Float64Array(1024);
  ele = new Float64Array(1024);
  count = 0;

  push(lat: number, lon: number): number {
    if (this.count === this.lat.length) {
      const grow = (a: Float64Array) => {
        const b = new Float64Array(a.length * 2);
        b.set(a);
        return b;
      };
      this.lat = grow(this.lat);
      this.lon = grow(this.lon);
      this.ele = grow(this.ele);
    }
    const i = this.count++;
    this.lat[i] = lat;
    this.lon[i] = lon;
    this.ele[i] = Number.NaN;
    return i;
  }
}

interface Segment {
  kind: typeof TRK | typeof RTE;
  start: number;
  end: number;
}

function lineOf(xml: string, at: number): number {
  let line = 1;
  for (let i = xml.indexOf("\n"); i !== -1 && i < at; i = xml.indexOf("\n", i + 1)) line++;
  return line;
}

function xmlError(xml: string, at: number, detail: string): GpxError {
  return new GpxError(MSG.gpxInvalidXmlAt(lineOf(xml, at), detail));
}

/** A tag name for a message: short, whatever the file holds. */
function shownName(xml: string, start: number, end: number): string {
  return xml.slice(start, Math.min(end, start + 40));
}

/** Position just past any blanks from `p`. */
function skipBlanks(xml: string, p: number): number {
  while (p < xml.length && xml.charCodeAt(p) <= 32) p++;
  return p;
}

/** End of a name starting at `p`: the first blank, '/', '>' or '=' (for attributes). */
function nameEnd(xml: string, p: number): number {
  for (;;) {
    const ch = xml.charCodeAt(p);
    // NaN past the end: the loop stops there too.
    if (!(ch > 32) || ch === 47 || ch === 62 || ch === 61) return p;
    p++;
  }
}

/** Where the local name starts, after any namespace prefix ('gpx:trkpt' → 'trkpt'). */
function localStart(xml: string, start: number, end: number): number {
  let local = start;
  for (let p = start; p < end; p++) if (xml.charCodeAt(p) === 58) local = p + 1;
  return local;
}

function sameName(xml: string, a: number, b: number, length: number): boolean {
  for (let k = 0; k < length; k++)
    if (xml.charCodeAt(a + k) !== xml.charCodeAt(b + k)) return false;
  return true;
}

/**
 * The pass over the text. Each kind of markup is a method: V8 optimizes them as they get hot,
 * where one big loop would wait for on-stack replacement (10× slower on a cold first parse).
 */
class Scanner {
  readonly points = new Points();
  readonly segments: Segment[] = [];
  waypoints = 0;
  // Open elements: where each name starts and ends in the text, and its kind.
  private readonly nameStarts = new Int32Array(GPX_MAX_DEPTH);
  private readonly nameEnds = new Int32Array(GPX_MAX_DEPTH);
  private readonly kinds = new Uint8Array(GPX_MAX_DEPTH);
  private depth = 0;
  private rootClosed = false;
  private segment: Segment | null = null;
  /** Index of the open, accepted point, and the depth it sits at. */
  private point = -1;
  private pointDepth = -1;
  // Read by openTag from its attributes.
  private lat = Number.NaN;
  private lon = Number.NaN;

  private readonly xml: string;

  constructor(xml: string) {
    this.xml = xml;
  }

  run(): void {
    const xml = this.xml;
    let i = 0;
    for (;;) {
      const lt = xml.indexOf("<", i);
      if (this.depth === 0) this.outside(i, lt === -1 ? xml.length : lt);
      if (lt === -1) break;
      const next = xml.charCodeAt(lt + 1);
      if (next === 47) i = this.closeTag(lt);
      else if (next === 33) i = this.declaration(lt);
      else if (next === 63) i = this.instruction(lt);
      else i = this.openTag(lt);
    }
    if (this.depth > 0) {
      const top = this.depth - 1;
      throw xmlError(
        xml,
        xml.length,
        MSG.gpxXmlUnclosedTag(shownName(xml, this.nameStarts[top]!, this.nameEnds[top]!)),
      );
    }
    if (!this.rootClosed) throw xmlError(xml, 0, MSG.gpxXmlTextOutside);
  }

  /** Only blanks may sit outside the root element. */
  private outside(from: number, to: number) {
    if (to > from && !isBlank(this.xml, from, to)) {
      throw xmlError(this.xml, from, this.rootClosed ? MSG.gpxXmlAfterRoot : MSG.gpxXmlTextOutside);
    }
  }

  private closeTag(lt: number): number {
    const xml = this.xml;
    const start = lt + 2;
    const end = nameEnd(xml, start);
    const p = skipBlanks(xml, end);
    if (xml.charCodeAt(p) !== 62) throw xmlError(xml, lt, MSG.gpxXmlBadTag);
    if (this.depth === 0) {
      throw xmlError(xml, lt, MSG.gpxXmlUnexpectedClose(shownName(xml, start, end)));
    }
    const top = this.depth - 1;
    const openStart = this.nameStarts[top]!;
    const openEnd = this.nameEnds[top]!;
    if (end - start !== openEnd - openStart || !sameName(xml, openStart, start, end - start)) {
      throw xmlError(
        xml,
        lt,
        MSG.gpxXmlMismatch(shownName(xml, openStart, openEnd), shownName(xml, start, end)),
      );
    }
    this.depth = top;
    this.closed(this.kinds[top]!, top);
    return p + 1;
  }

  private closed(kind: number, depth: number) {
    if ((kind === TRKSEG || kind === RTE) && this.segment) {
      this.segment.end = this.points.count;
      this.segment = null;
    } else if (depth === this.pointDepth) {
      this.point = -1;
      this.pointDepth = -1;
    }
    if (depth === 0) this.rootClosed = true;
  }

  /** <!-- -->, <![CDATA[ ]]>; a DOCTYPE is refused (entities live only there). */
  private declaration(lt: number): number {
    const xml = this.xml;
    let end = -1;
    if (xml.startsWith("<!--", lt)) end = xml.indexOf("-->", lt + 4);
    else if (xml.startsWith("<![CDATA[", lt) && this.depth > 0) end = xml.indexOf("]]>", lt + 9);
    else if (/^<!\s*(doctype|entity|element|attlist)/i.test(xml.slice(lt, lt + 12))) {
      throw new GpxError(MSG.gpxDoctype);
    } else throw xmlError(xml, lt, MSG.gpxXmlBadTag);
    if (end === -1) throw xmlError(xml, lt, MSG.gpxXmlUnclosedComment);
    return end + 3;
  }

  /** <?xml …?> and other processing instructions, wherever blank lines put them. */
  private instruction(lt: number): number {
    const end = this.xml.indexOf("?>", lt + 2);
    if (end === -1) throw xmlError(this.xml, lt, MSG.gpxXmlBadTag);
    return end + 2;
  }

  private openTag(lt: number): number {
    const xml = this.xml;
    const start = lt + 1;
    const end = nameEnd(xml, start);
    if (end === start || !isNameStart(xml.charCodeAt(start))) {
      throw xmlError(xml, lt, MSG.gpxXmlStrayLt);
    }
    const kind = kindOf(xml, localStart(xml, start, end), end);
    const p = this.attributes(lt, start, end, kind === TRKPT || kind === RTEPT || kind === WPT);
    const selfClosing = xml.charCodeAt(p - 2) === 47;
    const depth = this.depth;
    if (depth === 0) {
      if (this.rootClosed) throw xmlError(xml, lt, MSG.gpxXmlAfterRoot);
      if (kind !== GPX) throw new GpxError(MSG.gpxNotGpx);
    }
    if (kind !== OTHER) this.element(kind, depth > 0 ? this.kinds[depth - 1]! : -1, p, selfClosing);
    if (selfClosing) {
      if (kind !== OTHER) this.closed(kind, depth);
    } else {
      if (depth === GPX_MAX_DEPTH) throw new GpxError(MSG.gpxTooDeep);
      this.nameStarts[depth] = start;
      this.nameEnds[depth] = end;
      this.kinds[depth] = kind;
      this.depth = depth + 1;
    }
    return p;
  }

  /** Reads attributes up to the tag's end ('>' or '/>'); returns the position past it. */
  private attributes(lt: number, nameStart: number, nameEnd_: number, isPoint: boolean): number {
    const xml = this.xml;
    this.lat = Number.NaN;
    this.lon = Number.NaN;
    let p = nameEnd_;
    for (;;) {
      p = skipBlanks(xml, p);
      const ch = xml.charCodeAt(p);
      if (ch === 62) return p + 1;
      if (ch === 47 && xml.charCodeAt(p + 1) === 62) return p + 2;
      if (p >= xml.length) {
        throw xmlError(xml, lt, MSG.gpxXmlUnclosedTag(shownName(xml, nameStart, nameEnd_)));
      }
      const attrStart = p;
      const attrEnd = nameEnd(xml, p);
      p = skipBlanks(xml, attrEnd);
      const bad = () =>
        xmlError(xml, p, MSG.gpxXmlBadAttribute(shownName(xml, nameStart, nameEnd_)));
      if (attrEnd === attrStart || xml.charCodeAt(p) !== 61) throw bad();
      p = skipBlanks(xml, p + 1);
      const quote = xml.charCodeAt(p);
      if (quote !== 34 && quote !== 39) throw bad();
      const valueEnd = xml.indexOf(quote === 34 ? '"' : "'", p + 1);
      if (valueEnd === -1) throw bad();
      if (isPoint && attrEnd - attrStart === 3) {
        if (xml.startsWith("lat", attrStart)) this.lat = numberAt(xml, p + 1, valueEnd);
        else if (xml.startsWith("lon", attrStart)) this.lon = numberAt(xml, p + 1, valueEnd);
      }
      p = valueEnd + 1;
    }
  }

  /** What a GPX element means, by its kind and its parent's. `p` is just past its tag. */
  private element(kind: number, parent: number, p: number, selfClosing: boolean) {
    const depth = this.depth;
    if ((kind === TRKSEG && parent === TRK) || (kind === RTE && parent === GPX)) {
      const segment: Segment = {
        kind: kind === RTE ? RTE : TRK,
        start: this.points.count,
        end: this.points.count,
      };
      this.segments.push(segment);
      this.segment = segment;
    } else if ((kind === TRKPT && parent === TRKSEG) || (kind === RTEPT && parent === RTE)) {
      if (this.segment && validLatLon(this.lat, this.lon)) {
        this.point = this.points.push(this.lat, this.lon);
        this.pointDepth = depth;
      }
    } else if (kind === WPT && parent === GPX) {
      if (validLatLon(this.lat, this.lon)) this.waypoints++;
    } else if (kind === ELE && this.point !== -1 && this.pointDepth === depth - 1 && !selfClosing) {
      const end = this.xml.indexOf("<", p);
      if (end !== -1) this.points.ele[this.point] = numberAt(this.xml, p, end);
    }
  }
}

// ---------- Measures ----------

/**
 * Climbing with hysteresis (ADR 0017): from the last low, a rise counts once it reaches
 * `threshold`, and then every metre up to the top; a dip smaller than `threshold` on the way up
 * is jitter and changes nothing.
 */
export function hysteresisGain(values: ArrayLike<number>, threshold = GAIN_THRESHOLD_M): number {
  if (values.length === 0) return 0;
  let gain = 0;
  let ref = values[0]!;
  let climbing = false;
  for (let i = 1; i < values.length; i++) {
    const v = values[i]!;
    if (v > ref) {
      if (climbing || v - ref >= threshold) {
        gain += v - ref;
        ref = v;
        climbing = true;
      }
    } else if (v < ref && (!climbing || ref - v >= threshold)) {
      ref = v;
      climbing = false;
    }
  }
  return gain;
}

const round = (value: number, decimals: number) => {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
};

function thinIndices(start: number, end: number, keep: number): number[] {
  const count = end - start;
  if (count <= keep) return Array.from({ length: count }, (_, k) => start + k);
  const step = (count - 1) / (keep - 1);
  return Array.from({ length: keep }, (_, k) => start + Math.round(k * step));
}

/** Profile points by distance buckets, each keeping its lowest and highest point in order. */
function decimate(profile: ProfilePoint[], max: number): ProfilePoint[] {
  if (profile.length <= max) return profile;
  const buckets = Math.floor(max / 2);
  const out: ProfilePoint[] = [];
  const size = profile.length / buckets;
  for (let b = 0; b < buckets; b++) {
    const from = Math.floor(b * size);
    const to = Math.min(profile.length, Math.floor((b + 1) * size));
    let low = from;
    let high = from;
    for (let k = from + 1; k < to; k++) {
      if (profile[k]![1] < profile[low]![1]) low = k;
      if (profile[k]![1] > profile[high]![1]) high = k;
    }
    out.push(profile[Math.min(low, high)]!);
    if (low !== high) out.push(profile[Math.max(low, high)]!);
  }
  const last = profile.at(-1)!;
  if (out.at(-1) !== last) out.push(last);
  return out;
}

function summarize({ points }: Scanner, chosen: Segment[], options: GpxParseOptions): GpxResult {
  const { lat, lon, ele } = points;
  const total = chosen.reduce((n, s) => n + (s.end - s.start), 0);
  const maxPoints = options.maxPoints ?? Number.POSITIVE_INFINITY;
  let distance = 0;
  let gain = 0;
  let maxElevation = Number.NEGATIVE_INFINITY;
  const outSegments: [number, number][][] = [];
  const profile: ProfilePoint[] = [];
  for (const seg of chosen) {
    const keep = Math.max(
      Math.min(2, seg.end - seg.start),
      Math.floor((maxPoints * (seg.end - seg.start)) / total),
    );
    outSegments.push(thinIndices(seg.start, seg.end, keep).map((k) => [lat[k]!, lon[k]!]));
    const heights: number[] = [];
    let cosPrev = Math.cos(toRadians(lat[seg.start]!));
    for (let k = seg.start; k < seg.end; k++) {
      if (k > seg.start) {
        // haversineKm inlined on the columns, with each point's cosine computed once.
        const cosHere = Math.cos(toRadians(lat[k]!));
        const h =
          Math.sin(toRadians(lat[k]! - lat[k - 1]!) / 2) ** 2 +
          cosPrev * cosHere * Math.sin(toRadians(lon[k]! - lon[k - 1]!) / 2) ** 2;
        distance += 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
        cosPrev = cosHere;
      }
      if (!Number.isNaN(ele[k]!)) {
        heights.push(ele[k]!);
        if (ele[k]! > maxElevation) maxElevation = ele[k]!;
        profile.push([distance, ele[k]!, lat[k]!, lon[k]!]);
      }
    }
    gain += hysteresisGain(heights);
  }
  return {
    distanceKm: round(distance, 2),
    elevationGain: Math.round(gain),
    maxElevation: Number.isFinite(maxElevation) ? Math.round(maxElevation) : null,
    segments: outSegments,
    profile: decimate(profile, options.profilePoints ?? PROFILE_MAX_POINTS).map(
      ([km, m, la, lo]): ProfilePoint => [round(km, 3), round(m, 1), la, lo],
    ),
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
    const result = new Scanner(xml);
    result.run();
    const withPoints = result.segments.filter((s) => s.end > s.start);
    const tracks = withPoints.filter((s) => s.kind === TRK);
    const chosen = tracks.length > 0 ? tracks : withPoints.filter((s) => s.kind === RTE);
    if (chosen.length === 0) {
      throw new GpxError(result.waypoints > 0 ? MSG.gpxWaypointsOnly : MSG.gpxNoCoordinates);
    }
    return summarize(result, chosen, options);
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
