// Response shape of the public profile (worker/users).
import type { Modality } from "../constants.ts";

export interface HistoryEntry {
  userId: string;
  username: string;
  avatarKey: string;
  /** Times ridden together ('N× username'). */
  times: number;
}

export interface PublicProfileResponse {
  profile: {
    userId: string;
    username: string;
    city: string | null;
    modalities: Modality[];
    avatarKey: string;
    avatarUrl: string | null;
    /** Epoch ms the profile was created ('Miembro desde'). */
    memberSince: number;
  };
  stats: {
    /** Rides she took part in, did not organise, and that took place (spec 02 §7). */
    completedRides: number;
    /** Distinct companions recorded in rode_with. */
    connections: number;
    /** Top 3 companions by times ridden together. */
    history: HistoryEntry[];
  };
  isOwner: boolean;
}
