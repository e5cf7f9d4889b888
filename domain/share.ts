// Share texts and outbound links.
import { formatLongDate, formatTime } from "./format.ts";

/** 'Únete a esta salida: {title} en {city} — {sábado, 14 de noviembre}, {09:05}' */
export function shareText(
  ride: { title: string; startTime: string | number | Date; city: string },
  timeZone?: string,
): string {
  const date = formatLongDate(ride.startTime, timeZone);
  const time = formatTime(ride.startTime, timeZone);
  return `Únete a esta salida: ${ride.title} en ${ride.city} — ${date}, ${time}`;
}

/** Referral link (docs/product.md#referrals). */
export function inviteLink(origin: string, token: string): string {
  const base = origin.replace(/\/+$/, "");
  return `${base}/app/signup?ref=${encodeURIComponent(token)}&utm_source=app&utm_medium=referral&utm_campaign=beta`;
}

/** Path of a ride's detail page in the app. */
export function ridePath(rideId: string): string {
  return `/app/ride/${encodeURIComponent(rideId)}`;
}

/**
 * Path of a ride's public preview (docs/product.md#share-preview), what share links point to: chat
 * apps show its Open Graph card, and its button leads to ridePath.
 */
export function ridePreviewPath(rideId: string): string {
  return `/salida/${encodeURIComponent(rideId)}`;
}

/** 'Abrir en Google Maps': a maps search on 'meeting point, city'. */
export function googleMapsSearchUrl(meetingPoint: string, city?: string | null): string {
  const place = meetingPoint.trim();
  const town = city?.trim() ?? "";
  // Skip the city when the meeting point already names it.
  const includeCity = town !== "" && !place.toLowerCase().includes(town.toLowerCase());
  const query = [place, includeCity ? town : ""].filter(Boolean).join(", ");
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}

/**
 * 'Abrir en Google Maps' at the meeting pin (docs/product.md#meeting-pin-and-near-me), else a
 * search on its text.
 */
export function meetingMapsUrl(ride: {
  meetingPoint: string;
  city: string;
  meetingPin: { lat: number; lon: number } | null;
}): string {
  if (!ride.meetingPin) return googleMapsSearchUrl(ride.meetingPoint, ride.city);
  const { lat, lon } = ride.meetingPin;
  return `https://www.google.com/maps/search/?api=1&query=${lat}%2C${lon}`;
}
