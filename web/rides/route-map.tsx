// Leaflet lives only in this module; screens import it with React.lazy so the library and
// its CSS load only where a map is shown (spec 02 §2 "Route map").
import "leaflet/dist/leaflet.css";
import L from "leaflet";
import { useEffect, useRef } from "react";

/** DESIGN.md decision 11: Madrid when there is nothing to centre on. */
const FALLBACK_CENTRE: [number, number] = [40.4168, -3.7038];
const ZOOM = 13;

const LEAFLET_CREDIT =
  '<a href="https://leafletjs.com" title="Una biblioteca JavaScript para mapas interactivos">Leaflet</a>';

export default function RouteMap({
  coordinates,
  label = "Mapa de la ruta",
}: {
  coordinates: [number, number][];
  label?: string;
}) {
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!container.current || coordinates.length === 0) return;
    const middle = coordinates[Math.floor(coordinates.length / 2)] ?? FALLBACK_CENTRE;
    const map = L.map(container.current, {
      scrollWheelZoom: false,
      zoomControl: false,
      attributionControl: false,
    }).setView(middle, ZOOM);
    // Leaflet's own controls speak English ("Zoom in", "A JavaScript library for interactive
    // maps"): ours speak Spanish.
    L.control.zoom({ zoomInTitle: "Acercar", zoomOutTitle: "Alejar" }).addTo(map);
    L.control.attribution({ prefix: LEAFLET_CREDIT }).addTo(map);
    L.tileLayer("https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png", {
      maxZoom: 19,
      attribution: "&copy; OpenStreetMap",
    }).addTo(map);
    const line = L.polyline(coordinates, { color: "red", weight: 4, opacity: 0.8 }).addTo(map);
    // Without animation: a zoom still animating when she leaves the screen made Leaflet's
    // end-of-zoom handler run on the removed map ("reading '_leaflet_pos'", seen in E2E).
    map.fitBounds(line.getBounds(), { padding: [20, 20], animate: false });
    return () => {
      map.stop();
      map.remove();
    };
  }, [coordinates]);

  if (coordinates.length === 0) {
    return (
      <p className="rounded-2xl bg-bg p-4 text-center text-ink-soft">No hay ruta disponible</p>
    );
  }
  return (
    <div
      ref={container}
      role="img"
      aria-label={label}
      data-testid="route-map"
      className="z-0 h-64 w-full overflow-hidden rounded-2xl border border-line"
    />
  );
}
