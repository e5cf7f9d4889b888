import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  decodeGpx,
  formPrefill,
  GPX_MAX_DEPTH,
  GpxError,
  hysteresisGain,
  parseGpx,
  routeStart,
} from "../../domain/gpx.ts";
import { MSG } from "../../domain/messages.ts";
import { fixture } from "./fixtures/read.ts";

const gpx = (body: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">${body}</gpx>`;

const pt = (tag: string, lat: number | string, lon: number | string, ele?: number) =>
  `<${tag} lat="${lat}" lon="${lon}">${ele === undefined ? "" : `<ele>${ele}</ele>`}</${tag}>`;

/** One step of 0.01° along a meridian: 6371 km × 0.01 × π/180. */
const STEP_KM = (6371 * 0.01 * Math.PI) / 180; // 1.11195 km

// Three points 0.01° apart on the meridian 3.7° W: 2.22 km. Elevation 650 → 700 → 680: the
// 50 m climb clears the 5 m threshold, and the descent is not gain.
const THREE_POINT_TRACK = gpx(
  `<trk><name>Casa de Campo</name><trkseg>${pt("trkpt", 40, -3.7, 650)}${pt("trkpt", 40.01, -3.7, 700)}${pt("trkpt", 40.02, -3.7, 680)}</trkseg></trk>`,
);

function gpxError(input: string | Uint8Array): string {
  try {
    parseGpx(input);
  } catch (error) {
    expect(error).toBeInstanceOf(GpxError);
    return (error as GpxError).message;
  }
  throw new Error("parsed without error");
}

const ascii = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));

describe("elevation gain (ADR 0022)", () => {
  it("ignores jitter below the threshold", () => {
    expect(hysteresisGain([100, 103, 101, 104, 99, 102])).toBe(0);
  });

  it("counts a climb from its low once it reaches 5 m, then every metre", () => {
    expect(hysteresisGain([100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110])).toBe(10);
    expect(hysteresisGain([100, 104])).toBe(0);
    expect(hysteresisGain([100, 105])).toBe(5);
  });

  it("does not count a small dip on the way up twice", () => {
    // 100 → 110 (+10), a 3 m dip, then 2 m above the old top: 12, not 15.
    expect(hysteresisGain([100, 110, 107, 112])).toBe(12);
  });

  it("starts a new climb after a real descent", () => {
    // +20 to 120; 6 m down is a descent; 114 → 118 is jitter; 114 → 130 counts 16.
    expect(hysteresisGain([100, 120, 114, 118, 130])).toBe(36);
  });

  it("measures the noisy fixture as its one climb (raw sum 59.5 m)", () => {
    // tests/domain/fixtures/noisy-altitude.gpx, by hand: 600 601.5 599 601 600 602 600 (jitter;
    // the low is 599) 610 620 630 640 650 (+51 from 599) 649 651 (+1: a 1 m dip is not a
    // descent) 650 648 650 (jitter) = 52 m.
    const result = parseGpx(fixture("noisy-altitude.gpx"));
    expect(result.elevationGain).toBe(52);
    expect(result.maxElevation).toBe(651);
    expect(result.segments[0]).toHaveLength(17);
  });
});

describe("parseGpx", () => {
  it("computes distance, gain and coordinates of a known 3-point track", () => {
    expect(parseGpx(THREE_POINT_TRACK)).toMatchObject({
      distanceKm: 2.22,
      elevationGain: 50,
      maxElevation: 700,
      pointCount: 3,
      segments: [
        [
          [40, -3.7],
          [40.01, -3.7],
          [40.02, -3.7],
        ],
      ],
    });
  });

  it("handles a single point as zero distance", () => {
    expect(parseGpx(gpx(`<trk><trkseg>${pt("trkpt", 41.4, 2.17, 10)}</trkseg></trk>`))).toEqual({
      distanceKm: 0,
      elevationGain: 0,
      maxElevation: 10,
      segments: [[[41.4, 2.17]]],
      profile: [[0, 10, 41.4, 2.17]],
      pointCount: 1,
    });
  });

  it("measures each segment on its own: a Garmin export with two tracks, BOM and CRLF", () => {
    // Track 1: 3 points then, after a pause 53 km away, 2 points; track 2: 4 points. Six steps
    // of 0.01° were ridden; chaining them would add the two jumps (~53 km and ~54 km).
    const result = parseGpx(fixture("garmin-bom-crlf-two-tracks.gpx"));
    expect(result.segments.map((s) => s.length)).toEqual([3, 2, 4]);
    expect(result.segments[1]![0]).toEqual([40.5, -3.7]);
    expect(result.distanceKm).toBe(Math.round(6 * STEP_KM * 100) / 100); // 6.67
    // Gains by segment: 700 702 701 → 0; 760 770 → 10; 770 780 (+10) 775 (5 m down: a
    // descent) 790 (+15) → 25. The 59 m between segments 1 and 2 is not a climb she recorded.
    expect(result.elevationGain).toBe(35);
    expect(result.maxElevation).toBe(790);
    // The profile's distance runs on without the gaps.
    expect(result.profile.map((p) => p[0])).toEqual(
      [0, 1, 2, 2, 3, 3, 4, 5, 6].map((steps) => Math.round(steps * STEP_KM * 1000) / 1000),
    );
  });

  it("reads prefixed GPX 1.0 elements and keeps points at latitude or longitude 0", () => {
    const result = parseGpx(fixture("namespaced-gpx10-zero.gpx"));
    expect(result.segments).toEqual([
      [
        [0, -0.02],
        [0, -0.01],
        [0, 0],
        [0.01, 0],
      ],
    ]);
    expect(result.distanceKm).toBe(Math.round(3 * STEP_KM * 100) / 100);
    // 12 14 13 25: the climb counts from 12 once it passes 17, so 13 m.
    expect(result.elevationGain).toBe(13);
  });

  it("decodes an ISO-8859-1 file as its declaration says, and falls back to its routes", () => {
    const bytes = fixture("basecamp-latin1-routes.gpx");
    expect(bytes.includes(0xed)).toBe(true); // "í" as one Latin-1 byte
    expect(decodeGpx(bytes)).toContain("Subida a la Fuenfría");
    expect(decodeGpx(bytes)).toContain("Fuente de Peñalara");
    const result = parseGpx(bytes);
    expect(result.segments.map((s) => s.length)).toEqual([3, 2]);
    expect(result.distanceKm).toBe(Math.round(3 * STEP_KM * 100) / 100);
    expect(result.elevationGain).toBe(0);
    expect(result.maxElevation).toBeNull();
    expect(result.profile).toEqual([]);
  });

  it("decodes windows-1252's own characters", () => {
    const bytes = ascii(
      `<?xml version="1.0" encoding="windows-1252"?><gpx><metadata><name>\x80 \x93ruta\x94</name></metadata></gpx>`,
    );
    expect(decodeGpx(bytes)).toContain("€ “ruta”");
  });

  it("reads UTF-16 with a BOM, little or big endian, and without one", () => {
    const le = fixture("utf16le-bom.gpx");
    expect(parseGpx(le).segments).toEqual([
      [
        [43.26, -2.93],
        [43.27, -2.93],
      ],
    ]);
    expect(decodeGpx(le)).toContain("<name>Ría</name>");
    const text = decodeGpx(le);
    const be = new Uint8Array(2 + text.length * 2);
    be.set([0xfe, 0xff]);
    for (let i = 0; i < text.length; i++) {
      be[2 + 2 * i] = text.charCodeAt(i) >> 8;
      be[3 + 2 * i] = text.charCodeAt(i) & 0xff;
    }
    expect(parseGpx(be).elevationGain).toBe(20);
    expect(parseGpx(le.subarray(2)).distanceKm).toBe(1.11);
  });

  it("reads UTF-8 with and without BOM, and a text that starts with one", () => {
    const text = THREE_POINT_TRACK;
    const utf8 = ascii(text);
    const withBom = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8]);
    expect(parseGpx(utf8).distanceKm).toBe(2.22);
    expect(parseGpx(withBom).distanceKm).toBe(2.22);
    expect(parseGpx(`\ufeff${text}`).distanceKm).toBe(2.22);
  });

  it("accepts a blank line before <?xml and an unescaped & in a name", () => {
    expect(parseGpx(`\n\r\n  ${THREE_POINT_TRACK}`).distanceKm).toBe(2.22);
    const ampersand = gpx(
      `<trk><name>Café & churros</name><trkseg>${pt("trkpt", 40, -3.7)}${pt("trkpt", 40.01, -3.7)}</trkseg></trk>`,
    );
    expect(parseGpx(ampersand).distanceKm).toBe(1.11);
  });

  it("says a waypoints-only file has no route", () => {
    expect(gpxError(fixture("waypoints-only.gpx"))).toBe(
      "Este GPX solo tiene puntos sueltos, no una ruta",
    );
  });

  it("prefers tracks over routes", () => {
    const xml = gpx(
      `<rte>${pt("rtept", 10, 10)}${pt("rtept", 11, 11)}</rte><trk><trkseg>${pt("trkpt", 40, -3.7)}${pt("trkpt", 40.01, -3.7)}</trkseg></trk>`,
    );
    expect(parseGpx(xml).segments).toEqual([
      [
        [40, -3.7],
        [40.01, -3.7],
      ],
    ]);
  });

  it("falls back to routes when no track point is valid", () => {
    const xml = gpx(
      `<trk><trkseg>${pt("trkpt", 95, 0)}</trkseg></trk><rte>${pt("rtept", 42, -8.5, 5)}${pt("rtept", 42.01, -8.5, 25)}</rte>`,
    );
    expect(parseGpx(xml)).toMatchObject({
      distanceKm: 1.11,
      elevationGain: 20,
      segments: [
        [
          [42, -8.5],
          [42.01, -8.5],
        ],
      ],
    });
  });

  it("skips points with missing, out-of-range or non-numeric coordinates, keeps 0", () => {
    const xml = gpx(
      `<trk><trkseg>` +
        pt("trkpt", 91, -3.7) +
        pt("trkpt", 40, 181) +
        pt("trkpt", "abc", -3.7) +
        pt("trkpt", "", -3.7) +
        pt("trkpt", " ", -3.7) +
        `<trkpt lon="-3.7"></trkpt>` +
        pt("trkpt", 0, -3.7) +
        pt("trkpt", 40, 0) +
        pt("trkpt", "40.01", "-3.7", 640) +
        `</trkseg></trk>`,
    );
    expect(parseGpx(xml).segments).toEqual([
      [
        [0, -3.7],
        [40, 0],
        [40.01, -3.7],
      ],
    ]);
  });

  it("ignores points without elevation, and an extension's <ele>, for the gain", () => {
    const xml = gpx(
      `<trk><trkseg>${pt("trkpt", 40, -3.7, 100)}${pt("trkpt", 40.01, -3.7)}<trkpt lat="40.02" lon="-3.7"><ele>130.6</ele><extensions><ele>900</ele></extensions></trkpt></trkseg></trk>`,
    );
    const result = parseGpx(xml);
    expect(result.elevationGain).toBe(31);
    expect(result.profile.map((p) => p[1])).toEqual([100, 130.6]);
  });

  it("reads a point the same whichever way it is written", () => {
    // The usual form is read a whole point per match; any other goes through the scanner tag
    // by tag, and a segment may mix them. Heights 600 610 605 620 640 630 650 660: +10, a 5 m
    // descent, +15 +20, a descent, +20 +10 = 75 m.
    const heights = [600, 610, 605, 620, 640, 630, 650, 660];
    const extras = `<time>2026-11-01T08:00:00Z</time><extensions><ns3:hr>120</ns3:hr></extensions>`;
    const usual = heights.map(
      (h, i) => `<trkpt lat="${40 + i / 100}" lon="-3.7">\r\n<ele>${h}</ele>${extras}</trkpt>\r\n`,
    );
    const other = [
      usual[0],
      `<trkpt lon="-3.7" lat="40.01"><ele>610</ele></trkpt>`,
      `<trkpt lat="40.02" lon="-3.7"><time>2026-11-01T08:00:00Z</time><ele>605</ele></trkpt>`,
      `<trkpt lat="40.03" lon="-3.7"><ele>620</ele><!-- </trkpt> --></trkpt>`,
      `<trkpt lat=" 40.04" lon="-3.7 "><ele> 640 </ele></trkpt>`,
      `<trkpt lat="40.05" lon="-3.7"><ele>630</ele><extensions>${"<x:a/>".repeat(150)}</extensions></trkpt>`,
      `<trkpt lat='40.06' lon='-3.7'><ele>650</ele></trkpt>`,
      `<trkpt lat="40.07" lon="-3.7"><ele>660</ele><name><![CDATA[<trkpt lat="1" lon="1">]]></name></trkpt>`,
    ];
    const track = (points: (string | undefined)[]) =>
      gpx(`<trk xmlns:ns3="x" xmlns:x="y"><trkseg>${points.join("")}</trkseg></trk>`);
    const expected = parseGpx(track(usual));
    expect(expected).toMatchObject({
      distanceKm: Math.round(7 * STEP_KM * 100) / 100,
      elevationGain: 75,
      maxElevation: 660,
      pointCount: 8,
    });
    expect(parseGpx(track(other))).toEqual(expected);
    // One odd point between usual ones, in either kind of segment.
    expect(parseGpx(track([...usual.slice(0, 4), other[4], ...usual.slice(5)]))).toEqual(expected);
    const route = (points: (string | undefined)[]) =>
      gpx(`<rte>${points.map((p) => p?.replaceAll("trkpt", "rtept")).join("")}</rte>`);
    expect(parseGpx(route(other))).toEqual(parseGpx(route(usual)));
  });

  it("reads any mix of point forms as it reads the usual one (property)", () => {
    // Each point of a random route written the usual way (read a whole point per match) and in
    // a random other way (read by the scanner tag by tag): the same result, segments included.
    const forms: ((lat: string, lon: string, ele: string | null) => string)[] = [
      (lat, lon, ele) =>
        `<trkpt lat="${lat}" lon="${lon}">${ele === null ? "" : `<ele>${ele}</ele>`}<time>t</time></trkpt>`,
      (lat, lon, ele) =>
        `<trkpt lon="${lon}" lat="${lat}">${ele === null ? "" : `<ele>${ele}</ele>`}</trkpt>`,
      (lat, lon, ele) =>
        `<trkpt lat="${lat}" lon="${lon}"><time>t</time>${ele === null ? "" : `<ele>${ele}</ele>`}</trkpt>`,
      (lat, lon, ele) =>
        `<trkpt lat=" ${lat}" lon="${lon}"><!-- c -->${ele === null ? "" : `<ele> ${ele}</ele>`}</trkpt>`,
      (lat, lon, ele) =>
        `<trkpt lat='${lat}' lon='${lon}'>${ele === null ? "" : `<ele>${ele}</ele>`}${"<x:a/>".repeat(101)}</trkpt>`,
      (lat, lon, ele) =>
        ele === null
          ? `<trkpt lat="${lat}" lon="${lon}" />`
          : `<trkpt lat="${lat}" lon="${lon}"><ele>${ele}</ele></trkpt>`,
    ];
    const point = fc.record({
      lat: fc.double({ min: -89.9, max: 89.9, noNaN: true }),
      lon: fc.double({ min: -179.9, max: 179.9, noNaN: true }),
      ele: fc.option(fc.double({ min: -400, max: 8000, noNaN: true }), { nil: null }),
      form: fc.nat(forms.length - 1),
    });
    const segments = fc.array(fc.array(point, { maxLength: 12 }), { minLength: 1, maxLength: 4 });
    fc.assert(
      fc.property(segments, (route) => {
        const write = (usual: boolean) =>
          gpx(
            `<trk xmlns:x="x">${route
              .map(
                (seg) =>
                  `<trkseg>${seg
                    .map((p) =>
                      forms[usual ? 0 : p.form]!(
                        String(p.lat),
                        String(p.lon),
                        p.ele === null ? null : String(p.ele),
                      ),
                    )
                    .join("\n")}</trkseg>`,
              )
              .join("")}</trk>`,
          );
        const read = (xml: string) => {
          try {
            return parseGpx(xml, { maxPoints: 20, profilePoints: 8 });
          } catch (error) {
            return (error as Error).message;
          }
        };
        expect(read(write(false))).toEqual(read(write(true)));
      }),
      { numRuns: 300 },
    );
  });

  it("gives no highest point when no height is a finite number", () => {
    const xml = gpx(
      `<trk><trkseg><trkpt lat="40" lon="-3.7"><ele>Infinity</ele></trkpt><trkpt lat="40.01" lon="-3.7"><ele>-Infinity</ele></trkpt></trkseg></trk>`,
    );
    expect(parseGpx(xml)).toMatchObject({ distanceKm: 1.11, maxElevation: null });
  });

  it("accepts a gpx without namespace or declaration, and self-closing points", () => {
    expect(
      parseGpx(`<gpx><rte>${pt("rtept", 40, -3.7)}${pt("rtept", 40.01, -3.7)}</rte></gpx>`)
        .distanceKm,
    ).toBe(1.11);
    expect(
      parseGpx(
        `<gpx><trk><trkseg><trkpt lat='40' lon='-3.7'/><trkpt lon = "-3.7" lat = "40.01" /></trkseg></trk></gpx>`,
      ).distanceKm,
    ).toBe(1.11);
  });

  it("thins long segments keeping each segment's ends", () => {
    const a = Array.from({ length: 3000 }, (_, i) => pt("trkpt", (40 + i * 1e-4).toFixed(4), -3.7));
    const b = Array.from({ length: 1000 }, (_, i) => pt("trkpt", (41 + i * 1e-4).toFixed(4), -3.7));
    const result = parseGpx(
      gpx(`<trk><trkseg>${a.join("")}</trkseg><trkseg>${b.join("")}</trkseg></trk>`),
      { maxPoints: 400 },
    );
    expect(result.segments.map((s) => s.length)).toEqual([300, 100]);
    expect(result.segments[0]![0]).toEqual([40, -3.7]);
    expect(result.segments[0]!.at(-1)).toEqual([40.2999, -3.7]);
    expect(result.segments[1]!.at(-1)).toEqual([41.0999, -3.7]);
    expect(result.pointCount).toBe(4000);
  });

  it("keeps the profile's peaks when it thins it", () => {
    const points = Array.from({ length: 5000 }, (_, i) =>
      pt("trkpt", (40 + i * 1e-4).toFixed(4), -3.7, i === 2500 ? 1500 : 600),
    );
    const { profile } = parseGpx(gpx(`<trk><trkseg>${points.join("")}</trkseg></trk>`));
    expect(profile.length).toBeLessThanOrEqual(401);
    expect(profile[0]![0]).toBe(0);
    expect(profile.at(-1)![0]).toBeCloseTo(4999 * STEP_KM * 0.01, 2);
    // The one high point survives the thinning: it is its bucket's highest.
    expect(Math.max(...profile.map((p) => p[1]))).toBe(1500);
  });

  it("takes no point from a comment, and stays linear on hostile text", () => {
    const commented = gpx(
      `<trk><trkseg><!-- ${pt("trkpt", 10, 10)} -->${pt("trkpt", 40, -3.7)}${pt("trkpt", 40.01, -3.7)}</trkseg></trk>`,
    );
    expect(parseGpx(commented).segments).toEqual([
      [
        [40, -3.7],
        [40.01, -3.7],
      ],
    ]);
    // Each would make a backtracking scanner read to the end again: 200,000 times 1 MB.
    expect(gpxError(`<gpx>${"<trk ".repeat(200_000)}`)).toBe(
      MSG.gpxInvalidXmlAt(1, MSG.gpxXmlUnclosedTag("gpx")),
    );
    expect(gpxError(`<gpx><trk><trkseg>${'<trkpt lat="1'.repeat(100_000)}`)).toBe(
      MSG.gpxInvalidXmlAt(1, MSG.gpxXmlUnclosedTag("trkseg")),
    );
    // A point read whole looks at most 100 tags ahead for its end.
    expect(gpxError(`<gpx><trk><trkseg><trkpt lat="1" lon="2">${"<a>".repeat(300_000)}`)).toBe(
      MSG.gpxInvalidXmlAt(1, MSG.gpxXmlUnclosedTag("trkpt")),
    );
  });

  it("rejects empty content", () => {
    expect(gpxError("")).toBe("Contenido GPX vacío");
    expect(gpxError("   \n ")).toBe(MSG.gpxEmpty);
    expect(gpxError(new Uint8Array())).toBe(MSG.gpxEmpty);
  });

  it("says where and what is wrong in invalid XML", () => {
    expect(gpxError("<gpx><trk></gpx>")).toBe(
      "El archivo GPX tiene formato XML inválido (línea 1: se esperaba </trk> y aparece </gpx>)",
    );
    expect(gpxError("not xml at all")).toBe(MSG.gpxInvalidXmlAt(1, MSG.gpxXmlTextOutside));
    expect(gpxError(`${THREE_POINT_TRACK}<gpx></gpx>`)).toBe(
      MSG.gpxInvalidXmlAt(2, MSG.gpxXmlAfterRoot),
    );
    expect(gpxError("<gpx>\n<trk>\n<trkseg>")).toBe(
      MSG.gpxInvalidXmlAt(3, MSG.gpxXmlUnclosedTag("trkseg")),
    );
    expect(gpxError("<gpx><!-- sin cerrar </gpx>")).toBe(
      MSG.gpxInvalidXmlAt(1, MSG.gpxXmlUnclosedComment),
    );
    expect(gpxError("<gpx></trk></gpx>")).toBe(
      MSG.gpxInvalidXmlAt(1, "se esperaba </gpx> y aparece </trk>"),
    );
  });

  it("rejects DOCTYPE and entity declarations without expanding them", () => {
    const billionLaughs = `<?xml version="1.0"?>
<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;">]>
<gpx><trk><name>&lol2;</name><trkseg>${pt("trkpt", 40, -3.7)}</trkseg></trk></gpx>`;
    expect(gpxError(billionLaughs)).toBe(MSG.gpxDoctype);
    const external = `<?xml version="1.0"?><!doctype gpx SYSTEM "file:///etc/passwd"><gpx/>`;
    expect(gpxError(external)).toBe(MSG.gpxDoctype);
    expect(MSG.gpxDoctype.startsWith(MSG.gpxInvalidFormat)).toBe(true);
  });

  it("refuses nesting deeper than any GPX in Spanish, and keeps no other tag's nesting", () => {
    const deep = `<gpx>${"<trk>".repeat(GPX_MAX_DEPTH)}${"</trk>".repeat(GPX_MAX_DEPTH)}</gpx>`;
    expect(gpxError(deep)).toBe(MSG.gpxTooDeep);
    // Tags the app does not read are text to the scanner, however deep: nothing is kept.
    const other = `<gpx>${"<a>".repeat(100_000)}${"</a>".repeat(100_000)}<trk><trkseg>${pt("trkpt", 40, -3.7)}${pt("trkpt", 40.01, -3.7)}</trkseg></trk></gpx>`;
    expect(parseGpx(other).distanceKm).toBe(1.11);
  });

  it("names an encoding it cannot read", () => {
    expect(gpxError(ascii(`<?xml version="1.0" encoding="Shift_JIS"?><gpx/>`))).toBe(
      MSG.gpxEncodingUnsupported("shift_jis"),
    );
  });

  it("rejects XML that is not GPX", () => {
    expect(gpxError(`<kml><Placemark/></kml>`)).toBe(MSG.gpxNotGpx);
  });

  it("rejects a GPX without valid coordinates", () => {
    expect(gpxError(gpx(""))).toBe("No se encontraron coordenadas válidas en el archivo GPX");
    expect(gpxError("<gpx/>")).toBe(MSG.gpxNoCoordinates);
    expect(gpxError(gpx(`<trk><trkseg>${pt("trkpt", 95, 0)}</trkseg></trk>`))).toBe(
      MSG.gpxNoCoordinates,
    );
  });

  it("parses a generated track of 20,000 points", () => {
    const points = Array.from({ length: 20_000 }, (_, i) =>
      pt("trkpt", (40 + i * 0.0001).toFixed(4), -3.7, 600 + (i % 2)),
    ).join("");
    const result = parseGpx(gpx(`<trk><trkseg>${points}</trkseg></trk>`));
    expect(result.pointCount).toBe(20_000);
    // 19,999 steps of 0.0001° ≈ 222.38 km; the 1 m up and down is jitter, not climbing.
    expect(result.distanceKm).toBeCloseTo((6371 * 1.9999 * Math.PI) / 180, 1);
    expect(result.elevationGain).toBe(0);
  });
});

describe("routeStart and formPrefill", () => {
  it("gives the first point of the first segment", () => {
    expect(routeStart([[], [[40, -3.7]]])).toEqual([40, -3.7]);
    expect(routeStart([])).toBeNull();
  });

  it("prefills a route of 1 km or more, and explains a shorter one instead", () => {
    expect(formPrefill({ distanceKm: 15.26, elevationGain: 494 })).toEqual({
      distanceKm: "15.3",
      elevationM: "494",
      note: null,
    });
    expect(formPrefill({ distanceKm: 0.96, elevationGain: 3 }).distanceKm).toBe("1");
    expect(formPrefill({ distanceKm: 0.42, elevationGain: 3 })).toEqual({
      distanceKm: null,
      elevationM: "3",
      note: MSG.gpxShortRoute("0,4 km"),
    });
  });
});
