// Leaflet and the basemap (basemap.ts) live only in this module; screens import it with
// React.lazy so the libraries and their CSS load only where a map is shown
// (docs/product.md#route-and-gpx): the route with its start and finish, the meeting pin on the
// detail, and the pin she places in the ride form.
import "leaflet/dist/leaflet.css";
import L from "leaflet";
import { useEffect, useRef } from "react";
import type { MeetingArea } from "../../domain/meeting-area.ts";
import { MSG } from "../../domain/messages.ts";
import type { MeetingPin } from "../../domain/schemas.ts";
import { MAP_TEXT as TEXT } from "../../domain/texts/maps.ts";
import { OFFLINE_MAP_TEXT } from "../../domain/texts/maps-offline.ts";
import { inNextTask } from "../lib/next-task.ts";
import { basemapLayer } from "./basemap.ts";

/** docs/product.md#route-and-gpx: Madrid when there is nothing to centre on. */
export const FALLBACK_CENTRE: [number, number] = [40.4168, -3.7038];
const ZOOM = 13;
const PIN_ZOOM = 15;
/** Closer than the archive's deepest zoom (15), its tiles are drawn larger. */
const MAX_ZOOM = 19;

// Our own SVG, no image files: Leaflet's default marker icons break once bundled.
const PIN_ICON = L.divIcon({
  className: "meeting-pin",
  html: '<svg viewBox="0 0 32 44" width="32" height="44" aria-hidden="true" focusable="false"><path d="M16 1C8 1 1.5 7.4 1.5 15.3 1.5 26 16 43 16 43s14.5-17 14.5-27.7C30.5 7.4 24 1 16 1z" fill="#C2185B" stroke="#fff" stroke-width="2"/><circle cx="16" cy="15.5" r="5.5" fill="#fff"/></svg>',
  iconSize: [32, 44],
  iconAnchor: [16, 43],
});

export function baseMap(element: HTMLElement, interactive = true) {
  const map = L.map(element, {
    scrollWheelZoom: false,
    zoomControl: false,
    attributionControl: false,
    keyboard: interactive,
  });
  // Leaflet's own controls speak English ("Zoom in", "A JavaScript library for interactive
  // maps"): ours speak Spanish.
  L.control.zoom({ zoomInTitle: TEXT.zoomIn, zoomOutTitle: TEXT.zoomOut }).addTo(map);
  // The basemap is OpenStreetMap's data (ODbL): its credit is on every map, drawn or not.
  L.control.attribution({ prefix: TEXT.leafletCredit }).addAttribution(TEXT.tilesCredit).addTo(map);
  map.setMaxZoom(MAX_ZOOM);
  const notice = unavailableNotice(map);
  // The basemap's tiles (a canvas and a fetch each) are made in a task of their own: made with
  // the map, in the screen's effects, they were one long task on a phone (docs/benchmarks.md).
  const cancelBasemap = inNextTask(() => basemapLayer(notice.failed, notice.loaded)?.addTo(map));
  map.on("unload", cancelBasemap);
  return map;
}

/**
 * "Mapa no disponible", said once per map when its basemap cannot be had: every tile so far
 * failed (no archive uploaded, or no signal and no saved map). Tiles past a saved map's edge
 * failing offline leave those parts plain, without the words. The route, pins and dots stay
 * drawn. The element is there from the start, empty, so a screen reader hears the words when
 * they appear.
 */
function unavailableNotice(map: L.Map) {
  const notice = L.DomUtil.create(
    "p",
    "m-2 rounded-full bg-white/95 px-3 py-1 text-sm font-bold text-ink shadow empty:hidden",
  );
  // A live region, not role="status": an empty one would be a second status on the form's page.
  notice.setAttribute("aria-live", "polite");
  notice.dataset.testid = "map-unavailable";
  const Notice = L.Control.extend({ onAdd: () => notice });
  new Notice({ position: "topright" }).addTo(map);
  let drawn = false;
  return {
    failed: () => {
      if (!drawn) notice.textContent = OFFLINE_MAP_TEXT.unavailable;
    },
    loaded: () => {
      drawn = true;
      notice.textContent = "";
    },
  };
}

export function endMarker(at: [number, number], label: string, colour: string) {
  return L.circleMarker(at, {
    radius: 8,
    color: "#fff",
    weight: 3,
    fillColor: colour,
    fillOpacity: 1,
  }).bindTooltip(label, { direction: "top", offset: [0, -8] });
}

function pinMarker(pin: MeetingPin, title: string, draggable = false) {
  return L.marker([pin.lat, pin.lon], {
    icon: PIN_ICON,
    title,
    alt: title,
    draggable,
    keyboard: draggable,
  });
}

export function stopAndRemove(map: L.Map) {
  // Without animation, and stopped first: a zoom still animating when she leaves the screen
  // made Leaflet's end-of-zoom handler run on the removed map ("reading '_leaflet_pos'").
  map.stop();
  map.remove();
}

/** The route: each segment its own line, start and finish marked, and the meeting pin. */
export default function RouteMap({
  segments,
  label = TEXT.routeMap,
  pin = null,
  highlight = null,
}: {
  segments: [number, number][][];
  label?: string;
  pin?: MeetingPin | null;
  /** A point to mark (the one her finger is on in the elevation profile). */
  highlight?: [number, number] | null;
}) {
  const container = useRef<HTMLElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const marker = useRef<L.CircleMarker | null>(null);
  const lines = segments.filter((s) => s.length > 0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `lines` is derived from `segments`
  useEffect(() => {
    if (!container.current || lines.length === 0) return;
    const map = baseMap(container.current);
    mapRef.current = map;
    const group = L.featureGroup().addTo(map);
    for (const line of lines) {
      L.polyline(line, { color: "#C2185B", weight: 4, opacity: 0.85 }).addTo(group);
    }
    const first = lines[0]![0]!;
    const last = lines.at(-1)!.at(-1)!;
    endMarker(last, TEXT.finish, "#1F1A24").addTo(group);
    endMarker(first, TEXT.start, "#2E7D32").addTo(group);
    if (pin) pinMarker(pin, TEXT.meetingPoint).addTo(group);
    map.fitBounds(group.getBounds(), { padding: [20, 20], animate: false, maxZoom: ZOOM + 3 });
    return () => {
      mapRef.current = null;
      marker.current = null;
      stopAndRemove(map);
    };
  }, [segments, pin]);

  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    if (!highlight) {
      marker.current?.remove();
      marker.current = null;
      return;
    }
    if (!marker.current) {
      marker.current = L.circleMarker(highlight, {
        radius: 7,
        color: "#1F1A24",
        weight: 2,
        fillColor: "#FFB300",
        fillOpacity: 1,
        interactive: false,
      }).addTo(map);
    } else {
      marker.current.setLatLng(highlight);
    }
  }, [highlight]);

  if (lines.length === 0) {
    return (
      <p className="rounded-2xl bg-bg p-4 text-center text-ink-soft">{MSG.routeNotAvailable}</p>
    );
  }
  return (
    <figure
      ref={container}
      aria-label={TEXT.routeMapLabel(label, Boolean(pin))}
      data-testid="route-map"
      className="z-0 h-64 w-full overflow-hidden rounded-2xl border border-line"
    />
  );
}

/** The meeting pin on a small map (ride detail). */
export function PinMap({ pin, label }: { pin: MeetingPin; label: string }) {
  const container = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!container.current) return;
    const map = baseMap(container.current, false).setView([pin.lat, pin.lon], PIN_ZOOM);
    pinMarker(pin, TEXT.meetingPoint).addTo(map);
    return () => stopAndRemove(map);
  }, [pin]);
  return (
    <figure
      ref={container}
      aria-label={label}
      data-testid="meeting-pin-map"
      className="z-0 h-44 w-full overflow-hidden rounded-2xl border border-line"
    />
  );
}

/**
 * An approval ride's approximate area (docs/product.md#join-by-approval): a circle, no pin. The
 * exact point is never in the answer this draws from.
 */
export function AreaMap({ area, label }: { area: MeetingArea; label: string }) {
  const container = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!container.current) return;
    const centre = L.latLng(area.lat, area.lon);
    // The circle's bounds from its centre, not from the layer: they need no rendered map.
    const map = baseMap(container.current, false).fitBounds(centre.toBounds(area.radiusKm * 2000));
    L.circle(centre, {
      radius: area.radiusKm * 1000,
      color: "#C2185B",
      fillOpacity: 0.15,
      interactive: false,
    }).addTo(map);
    return () => stopAndRemove(map);
  }, [area]);
  return (
    <figure
      ref={container}
      aria-label={label}
      data-testid="meeting-area-map"
      className="z-0 h-44 w-full overflow-hidden rounded-2xl border border-line"
    />
  );
}

/** Pixels an arrow key moves the pin. */
const KEY_STEP_PX = 20;
const ARROWS: Record<string, [number, number]> = {
  ArrowUp: [0, -KEY_STEP_PX],
  ArrowDown: [0, KEY_STEP_PX],
  ArrowLeft: [-KEY_STEP_PX, 0],
  ArrowRight: [KEY_STEP_PX, 0],
};

/**
 * The form's pin: she taps the map to put it there, drags it, or focuses it and moves it with
 * the arrow keys. Without a pin (none placed yet, no route) the map shows `view` and no marker:
 * a pin is never guessed, or 'Cerca de mí' would measure from a place nobody meets at
 * (docs/decisions/0035-the-meeting-pin-is-placed.md). `route` is drawn faintly for reference.
 */
export function PinPicker({
  pin,
  view,
  onChange,
  route = [],
  label,
}: {
  pin: MeetingPin | null;
  /** Where the map looks while there is no pin (her city's centre). */
  view: MeetingPin;
  onChange: (pin: MeetingPin) => void;
  route?: [number, number][][];
  label: string;
}) {
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const markerRef = useRef<L.Marker | null>(null);
  const changed = useRef(onChange);
  changed.current = onChange;
  const pinRef = useRef(pin);
  pinRef.current = pin;

  const place = (at: L.LatLng) => changed.current({ lat: at.lat, lon: at.lng });

  /** The marker at `at`, made the first time there is a pin to show. */
  function showMarker(map: L.Map, at: MeetingPin) {
    const existing = markerRef.current;
    if (existing) {
      const latLng = L.latLng(at.lat, at.lon);
      if (!existing.getLatLng().equals(latLng)) existing.setLatLng(latLng);
      return;
    }
    const marker = pinMarker(at, label, true).addTo(map);
    markerRef.current = marker;
    marker.on("dragend", () => place(marker.getLatLng()));
    const element = marker.getElement();
    element?.setAttribute("aria-label", label);
    element?.addEventListener("keydown", (event) => {
      const step = ARROWS[event.key];
      if (!step) return;
      event.preventDefault();
      event.stopPropagation();
      const point = map.latLngToContainerPoint(marker.getLatLng()).add(step);
      place(map.containerPointToLatLng(point));
    });
  }

  // The map is made once per route; the pin and the view follow below without rebuilding it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: built once per route
  useEffect(() => {
    if (!container.current) return;
    const start = pinRef.current;
    const map = baseMap(container.current).setView(
      start ? [start.lat, start.lon] : [view.lat, view.lon],
      start ? PIN_ZOOM : ZOOM,
    );
    mapRef.current = map;
    for (const line of route) {
      if (line.length > 0)
        L.polyline(line, { color: "#C2185B", weight: 3, opacity: 0.5 }).addTo(map);
    }
    if (start) showMarker(map, start);
    map.on("click", (event: L.LeafletMouseEvent) => place(event.latlng));
    return () => {
      mapRef.current = null;
      markerRef.current = null;
      stopAndRemove(map);
    };
  }, [route]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: showMarker reads the current refs
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    if (!pin) {
      markerRef.current?.remove();
      markerRef.current = null;
      return;
    }
    showMarker(map, pin);
    const at = L.latLng(pin.lat, pin.lon);
    if (!map.getBounds().pad(-0.1).contains(at)) map.panTo(at, { animate: false });
  }, [pin]);

  // No pin yet: the map follows her city as she changes it.
  useEffect(() => {
    const map = mapRef.current;
    if (!map || pinRef.current) return;
    map.setView([view.lat, view.lon], ZOOM, { animate: false });
  }, [view.lat, view.lon]);

  return (
    <div
      ref={container}
      data-testid="meeting-pin-picker"
      className="z-0 h-56 w-full overflow-hidden rounded-2xl border border-line"
    />
  );
}
