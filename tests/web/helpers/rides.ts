import type { RideDetail, RideSummary } from "../../../domain/api/rides.ts";

const HOUR = 3_600_000;

/** A published ride in two days, organised by Lucía ("org"), the viewer not in it. */
export function rideSummary(overrides: Partial<RideSummary> = {}): RideSummary {
  return {
    id: "r1",
    title: "Café y Casa de Campo",
    description: "Ritmo tranquilo",
    city: "Madrid",
    startTime: Date.now() + 48 * HOUR,
    timeZone: "Europe/Madrid",
    maxParticipants: null,
    capacity: 20,
    modality: "road",
    modalities: ["road"],
    level: "chill",
    socialTags: ["coffee"],
    routeKm: 35.5,
    routeElev: 250,
    estimatedMinutes: 140,
    meetingPoint: "Puente del Rey",
    meetingPin: null,
    meetingArea: null,
    joinMode: "open",
    verifiedOnly: false,
    pendingRequests: 0,
    status: "published",
    cancelledAt: null,
    cancelReason: null,
    cancelledByOrganizer: false,
    hasRoute: false,
    series: null,
    group: null,
    organizer: {
      id: "org",
      username: "Lucía",
      avatarKey: "ava02",
      avatarUrl: null,
      verified: false,
    },
    participantIds: ["org"],
    participantCount: 1,
    waitingCount: 0,
    distanceKm: null,
    viewer: {
      joined: false,
      isOrganizer: false,
      rodeWithCount: 0,
      rodeWith: [],
      waitingPosition: null,
      request: null,
    },
    ...overrides,
  };
}

/** What the ride's organizer sees of herself on it. */
export const ORGANIZER_VIEWER: RideSummary["viewer"] = {
  joined: true,
  isOrganizer: true,
  rodeWithCount: 0,
  rodeWith: [],
  waitingPosition: null,
  request: null,
};

/** The same ride as the detail page gets it, with its participants. */
export function rideDetail(overrides: Partial<RideDetail> = {}): RideDetail {
  return {
    participants: [],
    routeFileName: null,
    waitingList: null,
    requests: null,
    ...rideSummary(overrides),
    ...overrides,
  };
}
