// The group map (docs/product.md#ride-day): the ride's route, as on its page, with a dot for each
// rider who shares her position, named, the escoba standing out. Leaflet comes with this module
// (and web/maps/route-map.tsx), loaded lazily with the ride day's panel.
import L from "leaflet";
import { useEffect, useRef } from "react";
import { fixAge, isApproximate, type LiveFix, RIDE_DAY_TEXT } from "../../domain/ride-day-live.ts";
import { OFFLINE_MAP_TEXT } from "../../domain/texts/maps-offline.ts";
import { baseMap, endMarker, FALLBACK_CENTRE, stopAndRemove } from "../maps/route-map.tsx";
// After route-map.tsx, which brings leaflet.css: these rules beat Leaflet's own (a marker's
// display) by coming later, and under `npm run dev` styles are added in the order modules run.
import "./group-map.css";
import { MAP_TEXT } from "../../domain/texts/maps.ts";
import { LIVE_GROUP_TEXT as TEXT } from "../../domain/texts/ride-day.ts";
import { labelShift } from "./label-placement.ts";

export interface MapDot {
  fix: LiveFix;
  username: string;
  escoba: boolean;
  me: boolean;
  /** Where a rider who does not share was when she said 'Me he quedado atrás'. */
  behind?: boolean;
}

/** What a screen reader hears for a dot (and its tooltip): name, role, age, accuracy. */
export function dotLabel(dot: MapDot, now: number, offline = false): string {
  const parts = [dot.me ? TEXT.me(dot.username) : dot.username];
  if (dot.escoba) parts.push(RIDE_DAY_TEXT.escoba);
  if (dot.behind) parts.push(TEXT.leftBehind);
  const age = fixAge(Date.parse(dot.fix.at), now);
  // Her own dot comes from her device: it is current even without a connection.
  parts.push(offline && !dot.me ? OFFLINE_MAP_TEXT.offlineAge(age) : age);
  if (isApproximate(dot.fix.accuracy)) parts.push(RIDE_DAY_TEXT.approximate);
  return parts.join(", ");
}

/** Keeps each dot's name inside the map (label-placement.ts) wherever the map or the dot goes. */
function placeLabels(map: L.Map, layers: Map<string, { marker: L.Marker }>) {
  const size = map.getSize();
  for (const { marker } of layers.values()) {
    const element = marker.getElement();
    const point = element?.querySelector<HTMLElement>(".live-dot__point");
    const name = element?.querySelector<HTMLElement>(".live-dot__name");
    if (!point || !name) continue;
    const at = map.latLngToContainerPoint(marker.getLatLng());
    const { dx, dy } = labelShift(
      {
        x: at.x,
        y: at.y,
        width: name.offsetWidth,
        height: name.offsetHeight,
        // Half the dot, and the 2 px gap of .live-dot.
        below: point.offsetHeight / 2 + 2,
      },
      size.x,
      size.y,
    );
    name.style.transform = dx || dy ? `translate(${Math.round(dx)}px, ${Math.round(dy)}px)` : "";
  }
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );
}

function dotIcon(dot: MapDot) {
  const classes = ["live-dot"];
  if (dot.escoba) classes.push("live-dot--escoba");
  if (dot.me) classes.push("live-dot--me");
  if (dot.behind) classes.push("live-dot--behind");
  if (isApproximate(dot.fix.accuracy)) classes.push("live-dot--approximate");
  const size = dot.escoba ? 26 : 18;
  return L.divIcon({
    className: classes.join(" "),
    html: `<span class="live-dot__point"></span><span class="live-dot__name">${escapeHtml(dot.username)}${dot.escoba ? ` · ${RIDE_DAY_TEXT.escoba}` : ""}</span>`,
    iconSize: [120, size + 22],
    iconAnchor: [60, size / 2],
  });
}

export default function GroupMap({
  segments,
  dots,
  focus,
  now,
  className = "h-64",
  offline = false,
}: {
  segments: [number, number][][];
  dots: MapDot[];
  /** The rider to centre on ("Ver en el mapa"), with a counter so the same one can be asked again. */
  focus: { userId: string; times: number } | null;
  now: number;
  className?: string;
  /** No connection: the others' dots are their last known positions. */
  offline?: boolean;
}) {
  const container = useRef<HTMLElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const layers = useRef(new Map<string, { marker: L.Marker; halo: L.Circle | null }>());
  const fitted = useRef(false);

  useEffect(() => {
    if (!container.current) return;
    const map = baseMap(container.current);
    mapRef.current = map;
    map.on("move zoomend resize", () => placeLabels(map, layers.current));
    const lines = segments.filter((s) => s.length > 0);
    const route = L.featureGroup().addTo(map);
    for (const line of lines) {
      L.polyline(line, { color: "#C2185B", weight: 4, opacity: 0.6 }).addTo(route);
    }
    if (lines.length > 0) {
      endMarker(lines.at(-1)!.at(-1)!, MAP_TEXT.finish, "#1F1A24").addTo(route);
      endMarker(lines[0]![0]!, MAP_TEXT.start, "#2E7D32").addTo(route);
      map.fitBounds(route.getBounds(), { padding: [24, 24], animate: false });
      fitted.current = true;
    } else {
      map.setView(FALLBACK_CENTRE, 13);
    }
    return () => {
      mapRef.current = null;
      layers.current.clear();
      fitted.current = false;
      stopAndRemove(map);
    };
  }, [segments]);

  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    const seen = new Set<string>();
    for (const dot of dots) {
      seen.add(dot.fix.userId);
      const at: [number, number] = [dot.fix.lat, dot.fix.lng];
      const label = dotLabel(dot, now, offline);
      const existing = layers.current.get(dot.fix.userId);
      if (existing) {
        existing.marker.setLatLng(at).setIcon(dotIcon(dot));
        existing.marker.getElement()?.setAttribute("aria-label", label);
        existing.marker.getElement()?.setAttribute("title", label);
        existing.halo?.remove();
      }
      const marker =
        existing?.marker ??
        L.marker(at, {
          icon: dotIcon(dot),
          title: label,
          keyboard: true,
          zIndexOffset: dot.escoba ? 1000 : 0,
        }).addTo(map);
      if (!existing) marker.getElement()?.setAttribute("aria-label", label);
      marker.setZIndexOffset(dot.escoba ? 1000 : dot.me ? 500 : 0);
      // An approximate fix shows the area it may be in, not a false precise dot.
      const halo = isApproximate(dot.fix.accuracy)
        ? L.circle(at, {
            radius: dot.fix.accuracy,
            color: "#C2185B",
            weight: 1,
            dashArray: "4 4",
            fillOpacity: 0.08,
            interactive: false,
          }).addTo(map)
        : null;
      layers.current.set(dot.fix.userId, { marker, halo });
    }
    for (const [userId, layer] of layers.current) {
      if (seen.has(userId)) continue;
      layer.marker.remove();
      layer.halo?.remove();
      layers.current.delete(userId);
    }
    if (!fitted.current && dots.length > 0) {
      map.setView([dots[0]!.fix.lat, dots[0]!.fix.lng], 15, { animate: false });
      fitted.current = true;
    }
    // A new icon (setIcon) starts centred again.
    placeLabels(map, layers.current);
  }, [dots, now, offline]);

  useEffect(() => {
    const map = mapRef.current;
    if (!map || !focus) return;
    const layer = layers.current.get(focus.userId);
    if (layer)
      map.setView(layer.marker.getLatLng(), Math.max(map.getZoom(), 15), { animate: false });
  }, [focus]);

  return (
    <figure
      ref={container}
      aria-label={TEXT.mapLabel(RIDE_DAY_TEXT.groupMap)}
      data-testid="group-map"
      className={`z-0 w-full overflow-hidden rounded-2xl border border-line ${className}`}
    />
  );
}
