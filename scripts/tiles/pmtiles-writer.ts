// A small PMTiles v3 writer (the format the worker serves the basemap from): the 127-byte header,
// varint directories (a root, and leaf directories when the root would pass 16 KB), the JSON
// metadata and the tiles in tile-id order, identical tiles stored once. No Node modules: the
// worker tests use it in workerd to put an archive of their own in R2.
import { zxyToTileId } from "pmtiles";

export interface ArchiveTile {
  z: number;
  x: number;
  y: number;
  /** The tile's bytes as served (already gzipped when `gzipTiles`). */
  data: Uint8Array;
}

export interface ArchiveOptions {
  tiles: ArchiveTile[];
  metadata: Record<string, unknown>;
  /** [west, south, east, north] in degrees. */
  bounds: [number, number, number, number];
  /** The tiles are gzipped (the header says so; readers unzip them). */
  gzipTiles: boolean;
}

interface Entry {
  tileId: number;
  offset: number;
  length: number;
  runLength: number;
}

const HEADER_BYTES = 127;
/** The spec's limit for the header and the root directory together. */
const ROOT_LIMIT = 16_384;
const GZIP = 2;
const MVT = 1;

export async function gzip(data: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([data as Uint8Array<ArrayBuffer>])
    .stream()
    .pipeThrough(new CompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

function pushVarint(out: number[], value: number) {
  let v = value;
  while (v >= 0x80) {
    out.push((v % 0x80) | 0x80);
    v = Math.floor(v / 0x80);
  }
  out.push(v);
}

function serializeDirectory(entries: Entry[]): Uint8Array {
  const out: number[] = [];
  pushVarint(out, entries.length);
  let last = 0;
  for (const e of entries) {
    pushVarint(out, e.tileId - last);
    last = e.tileId;
  }
  for (const e of entries) pushVarint(out, e.runLength);
  for (const e of entries) pushVarint(out, e.length);
  entries.forEach((e, i) => {
    const previous = entries[i - 1];
    // 0: right after the previous entry's bytes; otherwise the offset plus one.
    pushVarint(out, previous && e.offset === previous.offset + previous.length ? 0 : e.offset + 1);
  });
  return new Uint8Array(out);
}

/** The root directory, with leaf directories when the root alone would not fit. */
async function directories(entries: Entry[]) {
  const root = await gzip(serializeDirectory(entries));
  if (root.length + HEADER_BYTES <= ROOT_LIMIT) return { root, leaves: new Uint8Array(0) };
  for (let perLeaf = 4096; ; perLeaf *= 2) {
    const leafEntries: Entry[] = [];
    const parts: Uint8Array[] = [];
    let offset = 0;
    for (let i = 0; i < entries.length; i += perLeaf) {
      const leaf = await gzip(serializeDirectory(entries.slice(i, i + perLeaf)));
      // A run length of 0 marks an entry that points to a leaf directory.
      leafEntries.push({ tileId: entries[i]!.tileId, offset, length: leaf.length, runLength: 0 });
      parts.push(leaf);
      offset += leaf.length;
    }
    const leafRoot = await gzip(serializeDirectory(leafEntries));
    if (leafRoot.length + HEADER_BYTES <= ROOT_LIMIT)
      return { root: leafRoot, leaves: concat(parts) };
  }
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

const toE7 = (degrees: number) => Math.round(degrees * 1e7);

export async function writeArchive(options: ArchiveOptions): Promise<Uint8Array> {
  const sorted = options.tiles
    .map((tile) => ({ ...tile, tileId: zxyToTileId(tile.z, tile.x, tile.y) }))
    .sort((a, b) => a.tileId - b.tileId);
  const entries: Entry[] = [];
  const stored = new Map<string, { offset: number; length: number; bytes: Uint8Array }>();
  const data: Uint8Array[] = [];
  let dataLength = 0;
  for (const tile of sorted) {
    const key = contentKey(tile.data);
    let place = stored.get(key);
    if (!place || !sameBytes(place.bytes, tile.data)) {
      place = { offset: dataLength, length: tile.data.length, bytes: tile.data };
      if (!stored.has(key)) stored.set(key, place);
      data.push(tile.data);
      dataLength += tile.data.length;
    }
    const previous = entries.at(-1);
    if (
      previous &&
      previous.offset === place.offset &&
      previous.tileId + previous.runLength === tile.tileId
    ) {
      previous.runLength += 1;
    } else {
      entries.push({
        tileId: tile.tileId,
        offset: place.offset,
        length: place.length,
        runLength: 1,
      });
    }
  }
  const { root, leaves } = await directories(entries);
  const metadata = await gzip(new TextEncoder().encode(JSON.stringify(options.metadata)));
  const zooms = sorted.map((t) => t.z);
  const [west, south, east, north] = options.bounds;
  const rootOffset = HEADER_BYTES;
  const metadataOffset = rootOffset + root.length;
  const leavesOffset = metadataOffset + metadata.length;
  const dataOffset = leavesOffset + leaves.length;

  const header = new DataView(new ArrayBuffer(HEADER_BYTES));
  for (const [i, byte] of new TextEncoder().encode("PMTiles").entries()) header.setUint8(i, byte);
  header.setUint8(7, 3);
  const u64 = (at: number, value: number) => header.setBigUint64(at, BigInt(value), true);
  u64(8, rootOffset);
  u64(16, root.length);
  u64(24, metadataOffset);
  u64(32, metadata.length);
  u64(40, leavesOffset);
  u64(48, leaves.length);
  u64(56, dataOffset);
  u64(64, dataLength);
  u64(72, sorted.length);
  u64(80, entries.length);
  u64(88, data.length);
  header.setUint8(96, 1); // clustered: tiles in tile-id order
  header.setUint8(97, GZIP);
  header.setUint8(98, options.gzipTiles ? GZIP : 1);
  header.setUint8(99, MVT);
  const minZoom = Math.min(...zooms);
  const maxZoom = Math.max(...zooms);
  header.setUint8(100, minZoom);
  header.setUint8(101, maxZoom);
  header.setInt32(102, toE7(west), true);
  header.setInt32(106, toE7(south), true);
  header.setInt32(110, toE7(east), true);
  header.setInt32(114, toE7(north), true);
  header.setUint8(118, minZoom);
  header.setInt32(119, toE7((west + east) / 2), true);
  header.setInt32(123, toE7((south + north) / 2), true);
  return concat([new Uint8Array(header.buffer), root, metadata, leaves, ...data]);
}

/** Identical tiles (open sea, plain land) share their bytes. */
function contentKey(data: Uint8Array): string {
  let hash = 2166136261;
  for (const byte of data) hash = Math.imul(hash ^ byte, 16777619);
  return `${data.length}:${hash >>> 0}`;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}
