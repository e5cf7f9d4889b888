// Response shape of the public profile (worker/users).
import type { Modality, PaceAnswer } from "../constants.ts";

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
    /** 'Verificada' beside her username (docs/product.md#verificada). */
    verified: boolean;
  };
  stats: {
    /**
     * Rides she took part in, did not organise, and that took place
     * (docs/product.md#public-profile).
     */
    completedRides: number;
    /** Distinct companions recorded in rode_with. */
    connections: number;
    /** Top 3 companions by times ridden together. */
    history: HistoryEntry[];
    /**
     * How her rides felt to the riders who answered
     * (docs/product.md#trust-signals-and-honest-levels).
     */
    levels: OrganizerLevels;
  };
  isOwner: boolean;
}

/**
 * Anonymous answers about the rides she organized, per question, as last published: the totals
 * move only by batches of answers from several riders and rides
 * (docs/decisions/0030-honest-levels-in-batches.md); null until at least LEVEL_ANSWERS_MIN_SHOWN
 * answers to the question are published.
 */
export interface OrganizerLevels {
  pace: { answers: number; counts: Record<PaceAnswer, number> } | null;
  waitedForAll: { answers: number; yes: number; no: number } | null;
}
