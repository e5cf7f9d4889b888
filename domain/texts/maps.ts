// The maps and the elevation profile (docs/product.md#route-and-gpx). Leaflet's own controls
// speak English ("Zoom in", "A JavaScript library for interactive maps"): ours speak Spanish.

export const MAP_TEXT = {
  zoomIn: "Acercar",
  zoomOut: "Alejar",
  /** Leaflet's credit, with its title in Spanish. */
  leafletCredit:
    '<a href="https://leafletjs.com" title="Una biblioteca JavaScript para mapas interactivos">Leaflet</a>',
  /** The basemap is OpenStreetMap's data (ODbL): its credit is on every map. */
  tilesCredit: '© <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>',
  start: "Salida",
  finish: "Llegada",
  meetingPoint: "Punto de encuentro",
  routeMap: "Mapa de la ruta",
  /** The route map's name for a screen reader: 'Mapa de la ruta. Salida y llegada marcadas.' */
  routeMapLabel: (label: string, withPin: boolean) =>
    `${label}. Salida y llegada marcadas${withPin ? ", con el punto de encuentro" : ""}.`,
  noProfile: "Este GPX no trae altitudes: no hay perfil que mostrar.",
} as const;

export const ELEVATION_TEXT = {
  /** Read instead of the chart: '15 km, 494 m de desnivel positivo, punto más alto 820 m'. */
  gain: (meters: string) => `${meters} de desnivel positivo`,
  highest: (meters: string) => `punto más alto ${meters}`,
  title: "Perfil de altitud:",
  slider: "Recorrer el perfil con las flechas; el mapa marca el punto",
  /** The point she is on: 'Kilómetro 3,2: 640 m de altitud'. */
  point: (km: string, meters: string) => `Kilómetro ${km}: ${meters} de altitud`,
  start: "Inicio de la ruta",
} as const;
