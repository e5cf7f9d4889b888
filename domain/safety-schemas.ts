// Request schemas of blocking, reports and moderation (the API validates with them; the dialogs
// check the same limits by hand so the profile and chat screens do not load zod for them).
import { MSG } from "./messages.ts";
import {
  MODERATION_REASON_MAX,
  REPORT_DETAILS_MAX,
  REPORT_REASONS,
  REPORT_TARGETS,
} from "./safety.ts";
import { hasVisibleCharacter, userText, z } from "./zod.ts";

/** User, ride and message ids are server- or client-generated tokens, never long text. */
const idSchema = z
  .string({ error: MSG.invalidInput })
  .trim()
  .min(1, { error: MSG.invalidInput })
  .max(100, { error: MSG.invalidInput });

export const blockSchema = z.object({ userId: idSchema });

export const userIdParamSchema = z.object({ userId: idSchema });

export const reportSchema = z.object({
  kind: z.enum(REPORT_TARGETS, { error: MSG.invalidInput }),
  targetId: idSchema,
  reason: z.enum(REPORT_REASONS, { error: MSG.reportReasonRequired }),
  details: userText({ error: MSG.invalidInput })
    .trim()
    .max(REPORT_DETAILS_MAX, { error: MSG.reportDetailsTooLong })
    .nullish()
    .transform((details) => (details ? details : null)),
});

/** Every moderator action says why (the audit keeps it). */
export const moderationReasonSchema = userText({ error: MSG.moderationReasonRequired })
  .trim()
  .min(1, { error: MSG.moderationReasonRequired, abort: true })
  .refine(hasVisibleCharacter, { error: MSG.moderationReasonRequired, abort: true })
  .max(MODERATION_REASON_MAX, { error: MSG.moderationReasonTooLong });

export const moderationActionSchema = z.object({
  reason: moderationReasonSchema,
  /** The report the action answers, if any: it leaves the queue. */
  reportId: idSchema.optional(),
});

export const moderationIdParamSchema = z.object({ id: idSchema });

/** The moderation queue's next page: after the last shown report ('<createdAt>.<id>'). */
export const moderationQueueQuerySchema = z.object({
  after: z
    .string({ error: MSG.invalidInput })
    .regex(/^\d{1,15}\.[\w-]{1,100}$/, { error: MSG.invalidInput })
    .optional(),
});

export type BlockInput = z.infer<typeof blockSchema>;
export type ReportInput = z.infer<typeof reportSchema>;
export type ModerationActionInput = z.infer<typeof moderationActionSchema>;
