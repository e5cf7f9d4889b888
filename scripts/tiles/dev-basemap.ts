// The basemap of development and tests (docs/maps.md): a small vector archive the repository
// builds itself, with no download. Land and sea come from Natural Earth's 1:10m land (public
// domain, packaged on npm as world-atlas); each demo city gets a made-up street grid, drawn like
// the roads of a Protomaps build so protomaps-leaflet's light theme draws it as it will draw the
// real one. Layer and property names follow the Protomaps basemap: earth, water, roads, places.
import { createRequire } from "node:module";
import type { Feature, FeatureCollection, Polygon, Position } from "geojson";
import geojsonvt from "geojson-vt";
import { feature } from "topojson-client";
import type { Topology } from "topojson-specification";
import { fromGeojsonVt } from "vt-pbf";
import { cityCentre } from "../../domain/city-centres.ts";
import { type ArchiveTile, gzip, writeArchive } from "./pmtiles-writer.ts";

/** Spain, Portugal and Andorra, as [west, south, east, north]. */
export const DEV_BOUNDS: [number, number, number, number] = [-10, 35.8, 4.6, 44];
/** The whole box up to this zoom; the demo cities' boxes above it. */
const REGION_MAX_ZOOM = 10;
export const DEV_MAX_ZOOM = 15;
/** Half the side of each city's box of detailed tiles, in degrees of latitude (about 7 km). */
const CITY_HALF_SIDE = 0.065;
const STREET_STEP = 0.0035;
const DEMO_CITIES: [string, [number, number]][] = [
  ...["Madrid", "Barcelona", "Sevilla", "Valencia", "Bilbao"].map(
    (name) => [name, cityCentre(name)!] as [string, [number, number]],
  ),
  // A route of the test fixtures runs along the Tagus.
  ["Lisboa", [38.7223, -9.1393]],
];

type Box = [number, number, number, number];

/** One ring cut to a box (Sutherland–Hodgman: the box is convex). */
function clipRing(ring: Position[], [west, south, east, north]: Box): Position[] {
  const edges: [(p: Position) => boolean, (a: Position, b: Position) => Position][] = [
    [(p) => p[0]! >= west, (a, b) => along(a, b, 0, west)],
    [(p) => p[0]! <= east, (a, b) => along(a, b, 0, east)],
    [(p) => p[1]! >= south, (a, b) => along(a, b, 1, south)],
    [(p) => p[1]! <= north, (a, b) => along(a, b, 1, north)],
  ];
  let out = ring;
  for (const [inside, cut] of edges) {
    const input = out;
    out = [];
    for (let i = 0; i < input.length; i++) {
      const current = input[i]!;
      const previous = input[(i + input.length - 1) % input.length]!;
      if (inside(current)) {
        if (!inside(previous)) out.push(cut(previous, current));
        out.push(current);
      } else if (inside(previous)) {
        out.push(cut(previous, current));
      }
    }
    if (out.length === 0) return out;
  }
  return out;
}

function along(a: Position, b: Position, axis: 0 | 1, value: number): Position {
  const t = (value - a[axis]!) / (b[axis]! - a[axis]!);
  return [a[0]! + t * (b[0]! - a[0]!), a[1]! + t * (b[1]! - a[1]!)];
}

const signedArea = (ring: Position[]) =>
  ring.reduce((sum, p, i) => {
    const q = ring[(i + 1) % ring.length]!;
    return sum + p[0]! * q[1]! - q[0]! * p[1]!;
  }, 0);

/** `ring` closed and turning the way asked (a canvas fills holes by turning the other way). */
function wound(ring: Position[], counterClockwise: boolean): Position[] {
  const closed = [...ring, ring[0]!];
  return signedArea(ring) > 0 === counterClockwise ? closed : closed.reverse();
}

/** Land inside the box, and the sea: the box with the land cut out. */
function landAndSea(box: Box) {
  const require = createRequire(import.meta.url);
  const topology = require("world-atlas/land-10m.json") as Topology;
  const land = feature(topology, topology.objects.land!) as unknown as FeatureCollection;
  const outlines: Position[][] = [];
  for (const shape of land.features) {
    const geometry = shape.geometry;
    const polygons =
      geometry.type === "MultiPolygon"
        ? geometry.coordinates
        : geometry.type === "Polygon"
          ? [geometry.coordinates]
          : [];
    for (const polygon of polygons) {
      // Lakes inside the land are left out: at these zooms they are a few pixels.
      const ring = clipRing(polygon[0]!.slice(0, -1), box);
      if (ring.length >= 3 && Math.abs(signedArea(ring)) > 1e-9) outlines.push(ring);
    }
  }
  const [west, south, east, north] = box;
  const frame: Position[] = [
    [west, south],
    [east, south],
    [east, north],
    [west, north],
  ];
  const earth: Feature<Polygon>[] = outlines.map((ring) => ({
    type: "Feature",
    properties: { kind: "earth" },
    geometry: { type: "Polygon", coordinates: [wound(ring, true)] },
  }));
  const water: Feature<Polygon> = {
    type: "Feature",
    properties: { kind: "ocean" },
    geometry: {
      type: "Polygon",
      coordinates: [wound(frame, true), ...outlines.map((ring) => wound(ring, false))],
    },
  };
  return { earth, water: [water] };
}

/** A made-up grid of streets around a city centre, with an avenue every fourth street. */
function streets([lat, lon]: [number, number]): Feature[] {
  const half = CITY_HALF_SIDE;
  const halfLon = half / Math.cos((lat * Math.PI) / 180);
  const out: Feature[] = [];
  const steps = Math.round(half / STREET_STEP);
  for (let i = -steps; i <= steps; i++) {
    const kind = i % 4 === 0 ? "major_road" : "minor_road";
    const latLine = lat + i * STREET_STEP;
    const lonLine = lon + (i * STREET_STEP) / Math.cos((lat * Math.PI) / 180);
    out.push(
      line(kind, [
        [lon - halfLon, latLine],
        [lon + halfLon, latLine],
      ]),
      line(kind, [
        [lonLine, lat - half],
        [lonLine, lat + half],
      ]),
    );
  }
  return out;
}

function line(kind: string, coordinates: Position[]): Feature {
  return { type: "Feature", properties: { kind }, geometry: { type: "LineString", coordinates } };
}

function places(): Feature[] {
  return DEMO_CITIES.map(([name, [lat, lon]]) => ({
    type: "Feature",
    properties: { kind: "locality", name, min_zoom: 4, population_rank: 12 },
    geometry: { type: "Point", coordinates: [lon, lat] },
  }));
}

function tileRange(box: Box, z: number) {
  const n = 2 ** z;
  const x = (lon: number) => Math.min(n - 1, Math.floor(((lon + 180) / 360) * n));
  const y = (lat: number) => {
    const r = (lat * Math.PI) / 180;
    return Math.min(n - 1, Math.floor(((1 - Math.asinh(Math.tan(r)) / Math.PI) / 2) * n));
  };
  return { minX: x(box[0]), maxX: x(box[2]), minY: y(box[3]), maxY: y(box[1]) };
}

function cityBox([lat, lon]: [number, number]): Box {
  const halfLon = CITY_HALF_SIDE / Math.cos((lat * Math.PI) / 180);
  return [lon - halfLon, lat - CITY_HALF_SIDE, lon + halfLon, lat + CITY_HALF_SIDE];
}

/** Every tile of the development basemap, gzipped as a Protomaps build stores them. */
export async function devBasemapTiles(): Promise<ArchiveTile[]> {
  const { earth, water } = landAndSea(DEV_BOUNDS);
  const options = { maxZoom: DEV_MAX_ZOOM, indexMaxZoom: 6, extent: 4096, buffer: 64 };
  const collection = (features: Feature[]): FeatureCollection => ({
    type: "FeatureCollection",
    features,
  });
  const layers = {
    earth: new geojsonvt(collection(earth), options),
    water: new geojsonvt(collection(water), options),
    roads: new geojsonvt(collection(DEMO_CITIES.flatMap(([, at]) => streets(at))), options),
    places: new geojsonvt(collection(places()), options),
  };
  const wanted = new Set<string>();
  const add = (box: Box, z: number) => {
    const r = tileRange(box, z);
    for (let x = r.minX; x <= r.maxX; x++)
      for (let y = r.minY; y <= r.maxY; y++) wanted.add(`${z}/${x}/${y}`);
  };
  for (let z = 0; z <= REGION_MAX_ZOOM; z++) add(DEV_BOUNDS, z);
  for (let z = REGION_MAX_ZOOM + 1; z <= DEV_MAX_ZOOM; z++)
    for (const [, at] of DEMO_CITIES) add(cityBox(at), z);

  const tiles: ArchiveTile[] = [];
  for (const key of wanted) {
    const [z, x, y] = key.split("/").map(Number) as [number, number, number];
    const found: Parameters<typeof fromGeojsonVt>[0] = {};
    for (const [name, index] of Object.entries(layers)) {
      const tile = index.getTile(z, x, y);
      if (tile && tile.features.length > 0) found[name] = tile;
    }
    if (Object.keys(found).length === 0) continue;
    tiles.push({ z, x, y, data: await gzip(fromGeojsonVt(found, { version: 2, extent: 4096 })) });
  }
  return tiles;
}

export async function buildDevBasemap(): Promise<Uint8Array> {
  return writeArchive({
    tiles: await devBasemapTiles(),
    bounds: DEV_BOUNDS,
    gzipTiles: true,
    metadata: {
      name: "Rodamos — mapa de desarrollo",
      attribution: "Natural Earth; calles inventadas",
      vector_layers: ["earth", "water", "roads", "places"].map((id) => ({ id, fields: {} })),
    },
  });
}
