// The maps' Spanish texts (docs/maps.md, docs/product.md#route-and-gpx): the basemap's fallback,
// the attribution, and saving a ride's map for a road without signal.
export const MAP_TEXT = {
  /** Said once over a map whose basemap did not load: the route and pins are still drawn. */
  unavailable: "Mapa no disponible",
  attribution: '© <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>',
};
