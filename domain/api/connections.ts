// "He rodado con ella" (docs/product.md#connections): response shapes shared by the worker and the
// web.

/** GET /api/connections/pending — rides where she should still record whom she rode with. */
export interface PendingConnection {
  rideId: string;
  title: string;
  /** Epoch ms. */
  startTime: number;
}

export interface PendingConnectionsResponse {
  pending: PendingConnection[];
}

export interface Companion {
  userId: string;
  username: string;
  avatarKey: string;
  /** Rides recorded together so far (her records), 0 when never. */
  timesRodeWith: number;
}

/** GET /api/rides/:id/connections */
export interface RideConnectionsResponse {
  /** She may save now: participant, not the organizer, published ride, inside the window, ≥ 2 riders. */
  open: boolean;
  /** She already recorded companions for this ride. */
  alreadySaved: boolean;
  /** The other participants (her own companions list; empty for non-participants). */
  companions: Companion[];
  /**
   * Companions ticked at first (docs/product.md#ride-day): if she checked in at the meeting point,
   * those who checked in there too; else none.
   */
  preselected: string[];
  /**
   * The two anonymous questions about the ride (docs/product.md#trust-signals-and-honest-levels):
   * open on the same terms as saving companions; answered once.
   */
  levelQuestions: { open: boolean; answered: boolean };
}

/** POST /api/rides/:id/level-answers (body: levelAnswersSchema). */
export interface LevelAnswersResponse {
  answered: true;
}

/** POST /api/rides/:id/connections (body: connectionsSaveSchema). */
export interface SaveConnectionsResponse {
  /** Usernames recorded for the first time. */
  newRiders: string[];
  /** Companions she had ridden with before, with the new running count. */
  repeatRiders: { username: string; times: number }[];
}

/** Window event fired after saving connections (the feed refreshes ~200 ms later). */
export const CONNECTIONS_COMPLETED_EVENT = "connectionsCompleted";
