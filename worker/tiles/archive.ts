// The basemap archive in R2, read by ranges with the pmtiles package: its header and directories
// stay cached in the isolate (pmtiles' SharedPromiseCache), so a tile usually costs one range
// read. A replaced archive has a new ETag: the reader sees the mismatch and reads it anew.
import {
  EtagMismatch,
  PMTiles,
  type RangeResponse,
  SharedPromiseCache,
  type Source,
} from "pmtiles";

/** The archive's key in the TILES bucket (npm run tiles:upload puts it there). */
export const BASEMAP_KEY = "basemap.pmtiles";

export class ArchiveMissing extends Error {}

class R2Source implements Source {
  constructor(private readonly bucket: R2Bucket) {}

  getKey() {
    return BASEMAP_KEY;
  }

  async getBytes(offset: number, length: number, _signal?: AbortSignal, etag?: string) {
    const object = await this.bucket.get(BASEMAP_KEY, {
      range: { offset, length },
      onlyIf: etag ? { etagMatches: etag } : undefined,
    });
    if (!object) throw new ArchiveMissing();
    if (!("body" in object)) throw new EtagMismatch();
    return { data: await object.arrayBuffer(), etag: object.etag } satisfies RangeResponse;
  }
}

const archives = new WeakMap<R2Bucket, PMTiles>();

function basemap(bucket: R2Bucket): PMTiles {
  let archive = archives.get(bucket);
  if (!archive) {
    archive = new PMTiles(new R2Source(bucket), new SharedPromiseCache());
    archives.set(bucket, archive);
  }
  return archive;
}

/**
 * One tile (unzipped; undefined where the archive holds none) and the archive's ETag. A tile read
 * checks the ETag and notices a replaced archive, but "no tile here" comes from the cached
 * header and directories alone: so that answer is checked against the object's current ETag.
 */
export async function readTile(bucket: R2Bucket, z: number, x: number, y: number) {
  try {
    let archive = basemap(bucket);
    let tile = await archive.getZxy(z, x, y);
    let { etag } = await archive.getHeader();
    if (!tile) {
      const current = await bucket.head(BASEMAP_KEY);
      if (!current) throw new ArchiveMissing();
      if (current.etag !== etag) {
        archives.delete(bucket);
        archive = basemap(bucket);
        tile = await archive.getZxy(z, x, y);
        ({ etag } = await archive.getHeader());
      }
    }
    return { tile: tile?.data, etag: etag ?? "" };
  } catch (error) {
    // The next request looks again: an archive may be uploaded by then.
    if (error instanceof ArchiveMissing) archives.delete(bucket);
    throw error;
  }
}
