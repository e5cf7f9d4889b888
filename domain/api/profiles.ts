// Response shapes of /api/profile/*.
import type { MeUser } from "../api-types.ts";

export type UsernameStatus = "available" | "taken" | "invalid";

export interface UsernameAvailability {
  status: UsernameStatus;
  /** The rule's message when invalid, the taken message when taken. */
  message?: string;
}

export interface ProfileSaveResponse {
  user: MeUser;
}
