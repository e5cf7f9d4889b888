// The basemap under every map: vector tiles from our own origin (/tiles, docs/maps.md) drawn by
// protomaps-leaflet with the Protomaps light theme, on the colour of land. A tile that fails (no
// archive uploaded, no signal and not saved) is drawn as that plain colour and reported once, so
// the map says "Mapa no disponible" and keeps its route, pins and dots.
import { namedFlavor } from "@protomaps/basemaps";
import type L from "leaflet";
import { type LeafletLayerOptions, labelRules, leafletLayer, paintRules } from "protomaps-leaflet";
import { MAX_DATA_ZOOM, tileUrl } from "../../domain/map-tiles.ts";

const FLAVOR = namedFlavor("light");

/**
 * What protomaps-leaflet asks of an archive: one tile's bytes, or nothing to draw there (a 204,
 * or a failure, which `onFailure` hears of).
 */
export function ownOrigin(onFailure: () => void, onTile: () => void = () => {}) {
  return {
    async getZxy(z: number, x: number, y: number, signal?: AbortSignal) {
      try {
        const res = await fetch(tileUrl(z, x, y), { signal });
        if (res.ok) onTile();
        if (res.status === 204) return undefined;
        if (res.ok) return { data: await res.arrayBuffer() };
      } catch (error) {
        if (error instanceof DOMException && error.name === "AbortError") throw error;
      }
      onFailure();
      // Drawn as the plain background: a rejected tile would be logged as an error.
      return undefined;
    },
  };
}

/** The basemap's layer; null where nothing can draw it (no canvas: a test's DOM, not a browser). */
export function basemapLayer(onFailure: () => void, onTile?: () => void): L.GridLayer | null {
  if (!document.createElement("canvas").getContext("2d")) return null;
  return leafletLayer({
    url: ownOrigin(onFailure, onTile) as unknown as LeafletLayerOptions["url"],
    maxDataZoom: MAX_DATA_ZOOM,
    paintRules: paintRules(FLAVOR),
    labelRules: labelRules(FLAVOR, "es"),
    backgroundColor: FLAVOR.earth,
    // The map's credit line names OpenStreetMap already (route-map.tsx), drawn or not.
    attribution: "",
  }) as unknown as L.GridLayer;
}
