// Response shapes of the rides API (worker/rides), shared by the worker and the web client.
import type { Level, Modality, RideStatus, SocialTag } from "../constants.ts";

/** Who a card shows as organizer or participant; defaults applied by the API. */
export interface RidePerson {
  /** null when the account no longer exists. */
  id: string | null;
  /** 'Organizadora' / 'Usuario' when she has no username. */
  username: string;
  avatarKey: string;
  avatarUrl: string | null;
}

/** A ride as every list shows it (feed, search, My Rides), enriched for the viewer. */
export interface RideSummary {
  id: string;
  title: string;
  description: string | null;
  city: string;
  /** Epoch ms (UTC instant). */
  startTime: number;
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
  meetingPoint: string;
  /**
   * The meeting pin (docs/product.md#meeting-pin-and-near-me), for whoever may see the ride
   * (docs/product.md#ride-detail), as the meeting point's text is. Never in the public share
   * preview (docs/product.md#share-preview).
   */
  meetingPin: { lat: number; lon: number } | null;
  /** 'Cerca de mí' only: km from her rounded position to the meeting pin ('a 3 km'); else null. */
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
  };
}

export interface RideDetail extends RideSummary {
  participants: RidePerson[];
  /** The uploaded file's name, for her edit form ('Cambiar' / 'Quitar'); null for others. */
  routeFileName: string | null;
  /** The waiting list in order: for the organizer only, null for everyone else. */
  waitingList: RidePerson[] | null;
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
}
