// Response shapes of the JSON API, shared by the worker (handlers return these) and the web
// client (calls are typed with them). One definition, no hand-copied types.
import type { Level, Modality } from "./constants.ts";

export interface HealthResponse {
  ok: boolean;
  d1: "ok" | "error";
  d1Ms: number;
}

export interface MeUser {
  id: string;
  email: string;
  username: string | null;
  avatarKey: string;
  avatarUrl: string | null;
  city: string | null;
  modalities: Modality[];
  /** A username exists: the app's guards send her to profile setup otherwise. */
  profileComplete: boolean;
  hasPassword: boolean;
  /** Her e-mail is in MODERATOR_EMAILS: the app offers /app/moderacion (the API decides). */
  isModerator: boolean;
  createdAt: number;
}

export interface MeResponse {
  user: MeUser | null;
  signupMode: "open" | "invite";
  googleEnabled: boolean;
}

export type { Level, Modality };
