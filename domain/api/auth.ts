// Response shapes of /api/auth/*, shared by the worker's handlers and the web client.
import type { MeResponse } from "../api-types.ts";

/** Sign-up, login, reset confirmation and password change: who is signed in now. */
export interface AuthResponse extends MeResponse {
  /** Sign-up only: the `ref` sent was claimed in the same step. */
  referralClaimed?: boolean;
}

/** Reset requests always answer the same, whether or not the account exists. */
export interface ResetRequestResponse {
  ok: true;
}

export interface LogoutResponse {
  ok: true;
}

export interface DeleteAccountResponse {
  deleted: true;
}

/** GET /dev/outbox.json (development only). */
export interface OutboxMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  links: string[];
  createdAt: number;
}
