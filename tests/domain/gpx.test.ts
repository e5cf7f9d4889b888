import { XMLValidator } from "fast-xml-parser";
import { describe, expect, it, vi } from "vitest";
import { GpxError, haversineKm, parseGpx } from "../../domain/gpx.ts";
import { MSG } from "../../domain/messages.ts";

const gpx = (body: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">${body}</gpx>`;

const pt = (tag: string, lat: number | string, lon: number | string, ele?: number) =>
  `<${tag} lat="${lat}" lon="${lon}">${ele === undefined ? "" : `<ele>${ele}</ele>`}</${tag}>`;

// Three points 0.01° apart on the meridian 3.7° W: each step is 6371 km × 0.01 × π/180
// = 1.11195 km, so 2.22 km in total. Elevation 650 → 700 → 680 gains 50 m.
const THREE_POINT_TRACK = gpx(
  `<trk><name>Casa de Campo</name><trkseg>${pt("trkpt", 40, -3.7, 650)}${pt("trkpt", 40.01, -3.7, 700)}${pt("trkpt", 40.02, -3.7, 680)}</trkseg></trk>`,
);

function expectGpxError(xml: string, message: string) {
  let caught: unknown;
  try {
    parseGpx(xml);
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(GpxError);
  expect((caught as GpxError).message).toBe(message);
}

describe("haversineKm", () => {
  it("uses an Earth radius of 6371 km", () => {
    expect(haversineKm([40, -3.7], [41, -3.7])).toBeCloseTo((6371 * Math.PI) / 180, 9);
    expect(haversineKm([40, -3.7], [40, -3.7])).toBe(0);
  });
});

describe("parseGpx", () => {
  it("computes distance, gain and coordinates of a known 3-point track", () => {
    expect(parseGpx(THREE_POINT_TRACK)).toEqual({
      distanceKm: 2.22,
      elevationGain: 50,
      coordinates: [
        [40, -3.7],
        [40.01, -3.7],
        [40.02, -3.7],
      ],
    });
  });

  it("handles a single point (object, not array) as zero distance", () => {
    expect(parseGpx(gpx(`<trk><trkseg>${pt("trkpt", 41.4, 2.17, 10)}</trkseg></trk>`))).toEqual({
      distanceKm: 0,
      elevationGain: 0,
      coordinates: [[41.4, 2.17]],
    });
  });

  it("joins several tracks and segments in order", () => {
    const xml = gpx(
      `<trk><trkseg>${pt("trkpt", 40, -3.7, 100)}</trkseg><trkseg>${pt("trkpt", 40.01, -3.7, 120)}</trkseg></trk>` +
        `<trk><trkseg>${pt("trkpt", 40.02, -3.7, 110)}${pt("trkpt", 40.03, -3.7, 140)}</trkseg></trk>`,
    );
    const result = parseGpx(xml);
    expect(result.coordinates).toEqual([
      [40, -3.7],
      [40.01, -3.7],
      [40.02, -3.7],
      [40.03, -3.7],
    ]);
    expect(result.distanceKm).toBe(3.34); // 3 × 1.11195
    expect(result.elevationGain).toBe(50); // +20, -10, +30
  });

  it("prefers tracks over routes", () => {
    const xml = gpx(
      `<rte>${pt("rtept", 10, 10)}${pt("rtept", 11, 11)}</rte><trk><trkseg>${pt("trkpt", 40, -3.7)}${pt("trkpt", 40.01, -3.7)}</trkseg></trk>`,
    );
    expect(parseGpx(xml).coordinates).toEqual([
      [40, -3.7],
      [40.01, -3.7],
    ]);
  });

  it("falls back to routes when no track point is valid", () => {
    const xml = gpx(
      `<trk><trkseg>${pt("trkpt", 0, 0)}</trkseg></trk><rte>${pt("rtept", 42, -8.5, 5)}${pt("rtept", 42.01, -8.5, 25)}</rte>`,
    );
    expect(parseGpx(xml)).toEqual({
      distanceKm: 1.11,
      elevationGain: 20,
      coordinates: [
        [42, -8.5],
        [42.01, -8.5],
      ],
    });
  });

  it("skips points with zero, missing, out-of-range or non-numeric coordinates", () => {
    const xml = gpx(
      `<trk><trkseg>` +
        pt("trkpt", 0, -3.7) +
        pt("trkpt", 40, 0) +
        pt("trkpt", 91, -3.7) +
        pt("trkpt", 40, 181) +
        pt("trkpt", "abc", -3.7) +
        pt("trkpt", "", -3.7) +
        `<trkpt lon="-3.7"></trkpt>` +
        pt("trkpt", 40, -3.7, 600) +
        pt("trkpt", "40.01", "-3.7", 640) +
        `</trkseg></trk>`,
    );
    expect(parseGpx(xml).coordinates).toEqual([
      [40, -3.7],
      [40.01, -3.7],
    ]);
  });

  it("ignores points without elevation for the gain", () => {
    const xml = gpx(
      `<trk><trkseg>${pt("trkpt", 40, -3.7, 100)}${pt("trkpt", 40.01, -3.7)}${pt("trkpt", 40.02, -3.7, 130.6)}</trkseg></trk>`,
    );
    expect(parseGpx(xml).elevationGain).toBe(31);
  });

  it("accepts a gpx without namespace or declaration", () => {
    const xml = `<gpx><rte>${pt("rtept", 40, -3.7)}${pt("rtept", 40.01, -3.7)}</rte></gpx>`;
    expect(parseGpx(xml).distanceKm).toBe(1.11);
  });

  it("rejects empty content", () => {
    expectGpxError("", "Contenido GPX vacío");
    expectGpxError("   \n ", MSG.gpxEmpty);
  });

  it("rejects invalid XML", () => {
    expectGpxError("<gpx><trk></gpx>", "El archivo GPX tiene formato XML inválido");
    expectGpxError("not xml at all", MSG.gpxInvalidXml);
    expectGpxError(`${THREE_POINT_TRACK}<gpx></gpx>`, MSG.gpxInvalidXml);
  });

  it("rejects DOCTYPE and entity declarations without expanding them", () => {
    const billionLaughs = `<?xml version="1.0"?>
<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;">]>
<gpx><trk><name>&lol2;</name><trkseg>${pt("trkpt", 40, -3.7)}</trkseg></trk></gpx>`;
    expectGpxError(billionLaughs, "Formato de archivo GPX inválido o corrupto");
    const external = `<?xml version="1.0"?><!doctype gpx SYSTEM "file:///etc/passwd"><gpx/>`;
    expectGpxError(external, MSG.gpxInvalidFormat);
  });

  it("rejects XML that is not GPX", () => {
    expectGpxError(`<kml><Placemark/></kml>`, MSG.gpxInvalidFormat);
  });

  it("rejects a GPX without valid coordinates", () => {
    expectGpxError(gpx(""), "No se encontraron coordenadas válidas en el archivo GPX");
    expectGpxError("<gpx/>", MSG.gpxNoCoordinates);
    expectGpxError(gpx(`<trk><trkseg>${pt("trkpt", 0, 0)}</trkseg></trk>`), MSG.gpxNoCoordinates);
    expectGpxError(gpx(`<wpt lat="40" lon="-3.7"/>`), MSG.gpxNoCoordinates);
  });

  it("leaves entity references unexpanded in text", () => {
    const xml = gpx(
      `<trk><name>Bici &amp; café</name><trkseg>${pt("trkpt", 40, -3.7)}${pt("trkpt", 40.01, -3.7)}</trkseg></trk>`,
    );
    expect(parseGpx(xml).coordinates).toHaveLength(2);
  });

  it("wraps unexpected failures with their detail", () => {
    vi.spyOn(XMLValidator, "validate").mockImplementation(() => {
      throw new Error("boom");
    });
    expectGpxError(THREE_POINT_TRACK, "Error al procesar GPX: boom");
  });

  it("parses a generated track of 20,000 points", () => {
    const points = Array.from({ length: 20_000 }, (_, i) =>
      pt("trkpt", (40 + i * 0.0001).toFixed(4), -3.7, 600 + (i % 2)),
    ).join("");
    const result = parseGpx(gpx(`<trk><trkseg>${points}</trkseg></trk>`));
    expect(result.coordinates).toHaveLength(20_000);
    // 19,999 steps of 0.0001° ≈ 222.38 km; every other step climbs 1 m.
    expect(result.distanceKm).toBeCloseTo((6371 * 1.9999 * Math.PI) / 180, 1);
    expect(result.elevationGain).toBe(10_000);
  });
});
