// Response shapes of the rides API (worker/rides), shared by the worker and the web client.
import type { JoinMode, Level, Modality, RideStatus, SocialTag } from "../constants.ts";
import type { MeetingArea } from "../meeting-area.ts";

/** Who a card shows as organizer or participant; defaults applied by the API. */
export interface RidePerson {
  /** null when the account no longer exists. */
  id: string | null;
  /** 'Organizadora' / 'Usuario' when she has no username. */
  username: string;
  avatarKey: string;
  avatarUrl: string | null;
  /** 'Verificada' (docs/product.md#verificada): the badge beside her name. */
  verified: boolean;
}

/** A ride as every list shows it (feed, search, My Rides), enriched for the viewer. */
export interface RideSummary {
  id: string;
  title: string;
  description: string | null;
  city: string;
  /** Epoch ms (UTC instant). */
  startTime: number;
  /**
   * The ride's clock, an IANA zone the server stored with it (from its pin, else its city): every
   * screen shows its times there (domain/ride-time.ts).
   */
  timeZone: string;
  /** null: no explicit cap. */
  maxParticipants: number | null;
  /** maxParticipants ?? 20. */
  capacity: number;
  modality: Modality;
  modalities: Modality[];
  level: Level;
  socialTags: SocialTag[];
  routeKm: number | null;
  routeElev: number | null;
  /** 'Duración estimada' in minutes (hers, or derived from distance and level). */
  estimatedMinutes: number;
  /**
   * The meeting point's text; null on an approval ride for anyone outside its group (the
   * organizer and its participants): the API never sends it to them
   * (docs/product.md#join-by-approval).
   */
  meetingPoint: string | null;
  /**
   * The meeting pin (docs/product.md#meeting-pin-and-near-me), for whoever may see the meeting
   * point's text (above). Never in the public share preview (docs/product.md#share-preview).
   */
  meetingPin: { lat: number; lon: number } | null;
  /**
   * What she sees instead when the meeting point is kept for the group: a circle of about 1.5 km
   * whose centre is the pin moved by a random offset fixed per ride; null otherwise.
   */
  meetingArea: MeetingArea | null;
  /** 'Abierta' (join at once) or 'Con aprobación' (request a place). */
  joinMode: JoinMode;
  /** 'Solo verificadas' (docs/product.md#verificada): only verified riders may come in. */
  verifiedOnly: boolean;
  /** The organizer's pending requests ('2 solicitudes'); 0 for everyone else. */
  pendingRequests: number;
  /**
   * 'Cerca de mí' only: km from her rounded position to the meeting pin, or to the approximate
   * area's centre on an approval ride ('a 3 km'); else null.
   */
  distanceKm: number | null;
  status: RideStatus;
  cancelledAt: number | null;
  cancelReason: string | null;
  /**
   * Cancelled by the organizer herself ('Cancelada por la organizadora'); false when it is not
   * cancelled, or a suspension of her account cancelled it ('Salida cancelada').
   */
  cancelledByOrganizer: boolean;
  /** A GPX file was uploaded (the map and download are for participants). */
  hasRoute: boolean;
  /**
   * Its regular grupeta (docs/product.md#regular-grupetas): the card's 'Semanal' mark and the
   * page's next dates; null for a one-off ride.
   */
  series: { id: string; everyWeeks: 1 | 2 } | null;
  /**
   * The group it was published in (docs/product.md#grupos): its name and address, and whether it
   * is 'Solo el grupo' (`only`); null for a rider's own ride or a group no longer active.
   */
  group: RideGroup | null;
  organizer: RidePerson;
  participantIds: string[];
  participantCount: number;
  /** Riders on its waiting list ('Lista de espera (N)', docs/product.md#ride-waiting-list). */
  waitingCount: number;
  viewer: {
    joined: boolean;
    isOrganizer: boolean;
    /** Participants of this ride she has ridden with before (her own records only). */
    rodeWithCount: number;
    /** Those participants, for 'Has rodado con 2 de las que van' with their avatars. */
    rodeWith: RidePerson[];
    /** Her place on the waiting list (1 = next in); null when she is not on it. */
    waitingPosition: number | null;
    /**
     * Her request on an approval ride: waiting for the organizer, declined ('Esta vez no ha podido
     * ser'), or expired at the start without an answer; null without one.
     */
    request: RequestStatus | null;
  };
}

/** A ride's group as its card and page name it, with a link to `/app/grupo/<slug>`. */
export interface RideGroup {
  slug: string;
  name: string;
  only: boolean;
}

export type RequestStatus = "pending" | "declined" | "expired";

/** A request as its ride's organizer sees it (docs/product.md#join-by-approval). */
export interface RideRequestView {
  id: string;
  rider: RidePerson;
  city: string | null;
  modalities: Modality[];
  /** The levels of the rides she has completed, in the app's order. */
  levels: Level[];
  completedRides: number;
  /** How many of this ride's participants have ridden with her ('Ha rodado con 2 de tu grupeta'). */
  rodeWithGroup: number;
  note: string | null;
  /** Epoch ms. */
  createdAt: number;
}

export interface RideDetail extends RideSummary {
  participants: RidePerson[];
  /** The uploaded file's name, for her edit form ('Cambiar' / 'Quitar'); null for others. */
  routeFileName: string | null;
  /** The waiting list in order: for the organizer only, null for everyone else. */
  waitingList: RidePerson[] | null;
  /** Pending requests in arrival order: for the organizer only, null for everyone else. */
  requests: RideRequestView[] | null;
}

/** POST /api/rides/:id/requests and its answers: the ride as she now sees it. */
export interface RideRequestResponse {
  ride: RideDetail;
}

export interface RideListResponse {
  rides: RideSummary[];
  page: number;
  /** The page was full and more may follow ('Cargar más'). */
  hasMore: boolean;
}

export interface RideDetailResponse {
  ride: RideDetail;
}

export interface RideCitiesResponse {
  cities: string[];
}

/** The clock a ride with this pin (or none) in this city would store (POST /api/rides/zone). */
export interface RideZoneResponse {
  timeZone: string;
}

export interface JoinRideResponse {
  ride: RideDetail;
}

/** POST /api/rides/:id/waiting-list: the ride with her place on its list. */
export interface JoinWaitingListResponse {
  ride: RideDetail;
}

export interface RideRouteResponse {
  /** [lat, lon] pairs per segment, simplified for display; empty when the ride has no route. */
  segments: [number, number][][];
  distanceKm: number | null;
  elevationGain: number | null;
  maxElevation: number | null;
  /** [km from the start, elevation m, lat, lon]; empty when the file has no elevations. */
  profile: [number, number, number, number][];
}

export const MY_RIDES_TABS = ["upcoming", "past", "cancelled"] as const;
export type MyRidesTab = (typeof MY_RIDES_TABS)[number];

export interface MyRidesCounts {
  upcoming: number;
  past: number;
  cancelled: number;
}

export interface MyRidesResponse {
  tab: MyRidesTab;
  rides: RideSummary[];
  page: number;
  hasMore: boolean;
  counts: MyRidesCounts;
  /**
   * 'A la espera de plaza': the upcoming rides she asked to join (pending) or is on the waiting
   * list of, soonest first. Only with the first page of 'upcoming'; empty otherwise.
   */
  awaiting: RideSummary[];
}
