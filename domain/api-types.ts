// Response shapes of the JSON API: the worker's handlers answer with these, and the web's client
// (typed by the routes, ADR 0026) hands them to the screens. One definition, no hand-copied types.
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
