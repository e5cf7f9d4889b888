// Where a ride's room is first placed (docs/decisions/0043-ride-room-placement.md): near the ride,
// read from its stored zone. A hint only counts on the get() that creates the object; the room of
// a ride stays where it was first made, whatever later calls say.
import type { RideRoom } from "../ride-room/ride-room.ts";

/** Europe east of the Central European clocks: Cloudflare's "eeur". */
const EASTERN_EUROPE =
  /^Europe\/(Athens|Bucharest|Chisinau|Helsinki|Istanbul|Kaliningrad|Kiev|Kirov|Kyiv|Minsk|Moscow|Riga|Samara|Simferopol|Sofia|Tallinn|Ulyanovsk|Vilnius|Volgograd)$/;
/** The Middle East's zones among Asia's: "me". */
const MIDDLE_EAST =
  /^Asia\/(Aden|Amman|Baghdad|Bahrain|Beirut|Damascus|Dubai|Famagusta|Gaza|Hebron|Jerusalem|Kuwait|Muscat|Nicosia|Qatar|Riyadh|Tehran)$/;
/** The Americas west of the central clocks, and Hawaii: "wnam". */
const WESTERN_NORTH_AMERICA =
  /^(America\/(Anchorage|Boise|Dawson|Dawson_Creek|Denver|Edmonton|Hermosillo|Juneau|Los_Angeles|Mazatlan|Metlakatla|Nome|Phoenix|Sitka|Tijuana|Vancouver|Whitehorse|Yakutat)|Pacific\/Honolulu)$/;
/** South America's zones: "sam". */
const SOUTH_AMERICA =
  /^America\/(Araguaina|Argentina\/.+|Asuncion|Bahia|Belem|Boa_Vista|Bogota|Campo_Grande|Caracas|Cayenne|Cuiaba|Fortaleza|Guayaquil|La_Paz|Lima|Maceio|Manaus|Montevideo|Noronha|Paramaribo|Porto_Velho|Punta_Arenas|Recife|Rio_Branco|Santarem|Santiago|Sao_Paulo)$/;

/**
 * The region to suggest for the room of a ride on `zone`'s clock: western Europe for Spain (the
 * Canaries and Ceuta included) and anything unknown, as most rides are there.
 */
export function locationHintFor(zone: string): DurableObjectLocationHint {
  if (EASTERN_EUROPE.test(zone)) return "eeur";
  if (MIDDLE_EAST.test(zone)) return "me";
  if (WESTERN_NORTH_AMERICA.test(zone)) return "wnam";
  if (SOUTH_AMERICA.test(zone)) return "sam";
  if (zone.startsWith("America/")) return "enam";
  if (zone === "Africa/Ceuta") return "weur";
  if (zone.startsWith("Africa/")) return "afr";
  if (zone.startsWith("Asia/") || zone.startsWith("Indian/")) return "apac";
  if (zone.startsWith("Australia/") || zone.startsWith("Pacific/")) return "oc";
  // Europe/*, Atlantic/* (Canary, Madeira, Azores, Reykjavik…), UTC and the rest.
  return "weur";
}

/**
 * The ride's room: every call in the worker gets it here. When this call creates it and knows
 * the ride's zone, near its clock's region; without a zone, a room this call creates goes where
 * Cloudflare puts it (near the caller).
 */
export function rideRoomStub(
  namespace: DurableObjectNamespace<RideRoom>,
  rideId: string,
  zone?: string,
): DurableObjectStub<RideRoom> {
  const id = namespace.idFromName(rideId);
  return zone ? namespace.get(id, { locationHint: locationHintFor(zone) }) : namespace.get(id);
}
