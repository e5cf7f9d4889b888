// Waiting-list API shapes (DESIGN.md decision 3), shared by the worker and the public pages.
import type { z } from "zod";
import type { waitlistStep1Schema, waitlistStep2Schema } from "../schemas.ts";

/** Step 1 (email) goes to POST /api/waitlist, step 2 (city, modalities…) to /api/waitlist/details. */
export const WAITLIST_PATH = "/api/waitlist";
export const WAITLIST_DETAILS_PATH = "/api/waitlist/details";

export type WaitlistStep1Request = z.input<typeof waitlistStep1Schema>;
export type WaitlistStep2Request = z.input<typeof waitlistStep2Schema>;

/**
 * The same answer whether the email was new or already listed: the waiting list must not
 * tell anyone which addresses are on it.
 */
export interface WaitlistResponse {
  ok: true;
}
