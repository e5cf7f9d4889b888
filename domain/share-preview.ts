// What a shared ride link shows to anyone, signed in or not (docs/product.md#share-preview): the
// public page /salida/<id> and its 1200×630 image are both built from this, and only from this. It
// never carries the meeting point, the route, the description, the organizer or any rider:
// those stay behind sign-in.
import {
  type JoinMode,
  LEVEL_LABELS,
  type Level,
  MODALITY_LABELS,
  type Modality,
  type RideStatus,
} from "./constants.ts";
import { formatKm, formatLongDate, formatTime } from "./format.ts";
import { plural, pluralForm } from "./plural.ts";
import { capacityOf, hasStarted } from "./time.ts";
import { DEFAULT_RIDE_TIME_ZONE, zoneLabel } from "./zones.ts";

/** Exactly the fields of a ride the preview may read. */
export interface PublicRideFacts {
  id: string;
  title: string;
  city: string;
  startTime: number;
  /** The ride's stored IANA zone: the preview reads its start there. */
  timeZone: string;
  level: Level;
  modalities: Modality[];
  routeKm: number | null;
  status: RideStatus;
  maxParticipants: number | null;
  participantCount: number;
  /** 'Abierta' or 'Con aprobación': what she will see once in the app (sharePageNote). */
  joinMode: JoinMode;
}

export type PreviewState = "open" | "full" | "cancelled" | "past";

export interface SharePreview {
  title: string;
  /** 'sábado, 14 de noviembre · 09:30', with '(hora canaria)' off mainland Spain's zone. */
  when: string;
  city: string;
  level: string;
  modalities: string;
  /** '42,5 km', or null when the ride has no distance. */
  distance: string | null;
  state: PreviewState;
  /** 'Quedan 3 plazas', 'Completa', 'Cancelada', 'Ya ha pasado'. */
  stateText: string;
  /** One line for og:description. */
  summary: string;
}

export function sharePreview(ride: PublicRideFacts, now: number): SharePreview {
  const zone = ride.timeZone;
  const label = zone === DEFAULT_RIDE_TIME_ZONE ? "" : ` (${zoneLabel(zone)})`;
  const when = `${formatLongDate(ride.startTime, zone)} · ${formatTime(ride.startTime, zone)}${label}`;
  const left = Math.max(0, capacityOf(ride.maxParticipants) - ride.participantCount);
  const state: PreviewState =
    ride.status === "cancelled"
      ? "cancelled"
      : ride.status === "completed" || hasStarted(ride.startTime, now)
        ? "past"
        : left === 0
          ? "full"
          : "open";
  const stateText = {
    cancelled: "Cancelada",
    past: "Ya ha pasado",
    full: "Completa",
    open: `${pluralForm(left, "Queda", "Quedan")} ${plural(left, "plaza", "plazas")}`,
  }[state];
  const level = LEVEL_LABELS[ride.level];
  const modalities = ride.modalities.map((m) => MODALITY_LABELS[m]).join(" · ");
  const distance = ride.routeKm ? formatKm(ride.routeKm) : null;
  const summary = [`${when} en ${ride.city}`, level, modalities, distance, stateText]
    .filter(Boolean)
    .join(" · ");
  return {
    title: ride.title,
    when,
    city: ride.city,
    level,
    modalities,
    distance,
    state,
    stateText,
    summary,
  };
}

/**
 * The page's line under its button: what signing in shows her, truthfully for the ride's mode.
 * On an approval ride the meeting point and the route wait for the organizer's yes
 * (docs/product.md#join-by-approval); on any ride the route is for those with a place. None once
 * the ride is cancelled or over. Apart from the preview, so it does not change the image's version.
 */
export function sharePageNote(ride: Pick<PublicRideFacts, "joinMode">, state: PreviewState) {
  if (state === "cancelled" || state === "past") return null;
  return ride.joinMode === "approval"
    ? "Quién va se ve al entrar en Rodamos; el punto de encuentro y la ruta, cuando la organizadora te acepte."
    : "El punto de encuentro y quién va se ven al entrar en Rodamos; la ruta, cuando tengas plaza.";
}
