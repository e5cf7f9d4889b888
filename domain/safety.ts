// Blocking, reports and moderation (docs/product.md#blocking and #reports-and-moderation): the
// values both sides share. No zod here (the profile and chat screens import the labels); request
// schemas are in safety-schemas.ts.

/** What a rider can report. */
export const REPORT_TARGETS = ["user", "ride", "message", "request", "group"] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];

export const REPORT_REASONS = ["harassment", "fake_profile", "offensive", "spam", "other"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/**
 * The reasons as the report dialog offers them (docs/product.md#reports-and-moderation,
 * verbatim).
 */
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  harassment: "Acoso o comportamiento inapropiado",
  fake_profile: "Perfil falso",
  offensive: "Contenido ofensivo",
  spam: "Spam",
  other: "Otro",
};

/** Optional details of a report. */
export const REPORT_DETAILS_MAX = 500;
/** Why a moderator acted (kept in the audit). */
export const MODERATION_REASON_MAX = 500;

/**
 * open: in the queue (a hidden message's reports too, until the account is decided on);
 * dismissed: closed with nothing done; actioned: closed after its message was hidden or its
 * author's account suspended.
 */
export const REPORT_STATUSES = ["open", "dismissed", "actioned"] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export const MODERATION_ACTIONS = [
  "dismiss",
  "hide_message",
  "suspend",
  "unsuspend",
  "verify",
  "unverify",
  "suspend_group",
] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

export const MODERATION_ACTION_LABELS: Record<ModerationAction, string> = {
  dismiss: "Denuncia cerrada",
  hide_message: "Mensaje ocultado",
  suspend: "Cuenta suspendida",
  unsuspend: "Suspensión levantada",
  verify: "Verificada por moderación",
  unverify: "Verificación retirada",
  suspend_group: "Grupo suspendido",
};

/** What was reported, as it was when she reported it (the thing may change or go later). */
export type ReportSnapshot =
  | {
      kind: "user";
      username: string;
      city: string | null;
      avatarKey: string;
      modalities: string[];
    }
  | {
      kind: "ride";
      title: string;
      description: string | null;
      city: string;
      meetingPoint: string;
      /** Epoch ms. */
      startTime: number;
      /** The ride's stored clock; absent in reports made before rides stored one. */
      timeZone?: string;
      organizerUsername: string | null;
    }
  | {
      kind: "message";
      text: string;
      authorUsername: string | null;
      /** Epoch ms. */
      createdAt: number;
      rideTitle: string;
    }
  | {
      /** A request for a place and its note (docs/product.md#join-by-approval). */
      kind: "request";
      note: string | null;
      requesterUsername: string | null;
      /** Epoch ms. */
      createdAt: number;
      rideTitle: string;
    }
  | {
      /** A grupo (docs/product.md#grupos): its public facts. */
      kind: "group";
      name: string;
      slug: string;
      city: string;
      description: string | null;
    };

/** The moderators' accounts: the e-mails of the MODERATOR_EMAILS variable (comma-separated). */
export function moderatorEmails(list: string | undefined): Set<string> {
  return new Set(
    (list ?? "")
      .split(",")
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
  );
}

export function isModeratorEmail(list: string | undefined, email: string): boolean {
  return moderatorEmails(list).has(email.trim().toLowerCase());
}
