// Response shapes of the verification API (worker/verification, docs/product.md#verificada).
// No answer to a rider ever says who vouched for anyone: only her own vouches and counts.

/** A rider she may vouch for in a ride's post-ride step (she and they were at the meeting point). */
export interface VouchCandidate {
  userId: string;
  username: string;
  avatarKey: string;
  verified: boolean;
  /** Her own vouch for this rider stands ('Retirar mi respaldo'). */
  vouched: boolean;
}

export interface VouchStepResponse {
  /** She may vouch on this ride now: verified, present, the window open, the ride not cancelled. */
  open: boolean;
  riders: VouchCandidate[];
}

/** Her own badge, or what she lacks ('Te respaldan 2 compañeras de 3'). */
export interface MyVerificationResponse {
  verified: boolean;
  /** Different verified riders whose vouches for her stand. */
  vouchers: number;
  /** Different rides those vouches were given after. */
  rides: number;
}

/** A vouch as a moderator sees it, one step out from the rider she looks at. */
export interface VouchEdge {
  user: { id: string; username: string | null; verified: boolean; suspended: boolean };
  rideId: string;
  rideTitle: string | null;
  givenAt: number;
  withdrawnAt: number | null;
}

export interface VouchGraphResponse {
  rider: { id: string; username: string | null; verified: boolean; source: string | null };
  /** Who vouches for her. */
  received: VouchEdge[];
  /** Whom she vouches for. */
  given: VouchEdge[];
}
