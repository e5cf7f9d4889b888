// The basemap's tiles (docs/maps.md): where they are served, which zooms the archive holds, and
// the tiles of a saved route's corridor. Pure: the worker, the browser and the bench share it.

/** The worker serves one vector tile per address: /tiles/{z}/{x}/{y}.mvt. */
export const TILE_PATH = "/tiles";
export const tileUrl = (z: number, x: number, y: number) => `${TILE_PATH}/${z}/${x}/${y}.mvt`;
/** The deepest zoom a Protomaps build holds; closer views draw these tiles larger (overzoom). */
export const MAX_DATA_ZOOM = 15;
