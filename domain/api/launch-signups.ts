// Launch sign-up API shapes (the landing's "lista de espera" for the app's launch, not a ride's
// waiting list; docs/product.md#launch-sign-ups), shared by the worker and the public pages.
import type { z } from "zod";
import type { launchSignupStep1Schema, launchSignupStep2Schema } from "../schemas.ts";

/** Step 1 (email) goes to POST /api/launch-signups, step 2 (city, modalities…) to …/details. */
export const LAUNCH_SIGNUPS_PATH = "/api/launch-signups";
export const LAUNCH_SIGNUPS_DETAILS_PATH = "/api/launch-signups/details";

export type LaunchSignupStep1Request = z.input<typeof launchSignupStep1Schema>;
export type LaunchSignupStep2Request = z.input<typeof launchSignupStep2Schema>;

/**
 * The same answer whether the email was new or already listed: the sign-up list must not
 * tell anyone which addresses are on it.
 */
export interface LaunchSignupResponse {
  ok: true;
}
