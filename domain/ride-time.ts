// A ride's start as every screen shows it (docs/product.md#times-and-time-zones): on the ride's own
// clock (the zone stored with it, docs/decisions/0042-a-rides-zone-is-stored.md), with the zone's
// name when the viewer's clock reads differently at that instant (a rider in New York or in
// Canarias looking at a Madrid ride). Chat and other personal times keep her own clock.
import { formatDayMonth, formatLongDate, formatTime } from "./format.ts";
import { deviceOffsetMinutes, zoneLabel, zoneOffsetMinutes } from "./zones.ts";

/**
 * `zone`'s label ('hora canaria') when a clock `viewerOffset` minutes east of UTC (this device's
 * by default) reads differently from `zone`'s at `ms`; null when both read the same time.
 */
export function zoneLabelFor(
  ms: number,
  zone: string,
  viewerOffset: number = deviceOffsetMinutes(ms),
): string | null {
  return viewerOffset === zoneOffsetMinutes(ms, zone) ? null : zoneLabel(zone);
}

export interface RideStartTexts {
  zone: string;
  /** '14/11' */
  dayMonth: string;
  /** 'sábado, 14 de noviembre' */
  longDate: string;
  /** '19:55' */
  time: string;
  /** 'hora de Madrid' when her clock differs, else null. */
  zoneLabel: string | null;
}

export function rideStartTexts(ride: { startTime: number; timeZone: string }): RideStartTexts {
  const zone = ride.timeZone;
  return {
    zone,
    dayMonth: formatDayMonth(ride.startTime, zone),
    longDate: formatLongDate(ride.startTime, zone),
    time: formatTime(ride.startTime, zone),
    zoneLabel: zoneLabelFor(ride.startTime, zone),
  };
}

/** '19:55', or '19:55 (hora canaria)' when her clock reads differently from the ride's. */
export function labelledTime(start: Pick<RideStartTexts, "time" | "zoneLabel">): string {
  return start.zoneLabel ? `${start.time} (${start.zoneLabel})` : start.time;
}
