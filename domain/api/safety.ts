// Response shapes of blocking, reports and moderation (worker/blocks, worker/reports,
// worker/moderation), shared by the worker and the web client.
import type { ChatMessage } from "../chat-protocol.ts";
import type { RideStatus } from "../constants.ts";
import type {
  ModerationAction,
  ReportReason,
  ReportSnapshot,
  ReportStatus,
  ReportTarget,
} from "../safety.ts";

/** An upcoming ride of hers that the rider she just blocked is in ('Quitarla de la salida'). */
export interface SharedRide {
  id: string;
  title: string;
  /** Epoch ms. */
  startTime: number;
  /** Its clock's zone comes from it (domain/ride-time.ts). */
  city: string;
}

/** POST /api/blocks */
export interface BlockResponse {
  blocked: { userId: string; username: string };
  /** Her upcoming rides (she organizes) the blocked rider is in: she may remove her from each. */
  sharedRides: SharedRide[];
}

export interface BlockedUser {
  userId: string;
  username: string;
  avatarKey: string;
  avatarUrl: string | null;
  /** Epoch ms. */
  blockedAt: number;
}

/** GET /api/blocks — 'Usuarias bloqueadas', newest first. */
export interface BlockedUsersResponse {
  blocked: BlockedUser[];
}

/** DELETE /api/rides/:id/participants/:userId */
export interface RemoveParticipantResponse {
  /** false: she was no longer in the ride. */
  removed: boolean;
}

/** POST /api/reports: the same thanks whether this is her first report of it or a repeat. */
export interface ReportResponse {
  message: string;
  /** She had already reported this: nothing new was stored. */
  alreadyReported: boolean;
}

// ---------- Moderation (moderators only) ----------

export interface ModerationPerson {
  id: string;
  username: string | null;
  email: string;
  suspended: boolean;
}

export interface QueuedReport {
  id: string;
  kind: ReportTarget;
  targetId: string;
  reason: ReportReason;
  details: string | null;
  snapshot: ReportSnapshot;
  status: ReportStatus;
  /** Epoch ms. */
  createdAt: number;
  /** null once her account is gone. */
  reporter: { id: string; username: string | null; earlierReports: number } | null;
  /** Who answers for it (the rider, the organizer, the author); null once her account is gone. */
  reported: (ModerationPerson & { openReports: number }) | null;
  /** The ride of a ride or message report, as it is now. */
  ride: {
    id: string;
    title: string;
    startTime: number;
    /** Its clock's zone comes from it (domain/ride-time.ts). */
    city: string;
    status: RideStatus;
    participantCount: number;
  } | null;
  /** A message report: whether the message is already hidden. */
  messageHidden: boolean | null;
}

/** GET /api/moderation/reports[?after=cursor] — a page of the open queue, oldest first. */
export interface ModerationQueueResponse {
  reports: QueuedReport[];
  /** The next page's `after`, or null when this page reaches the newest open report. */
  nextCursor: string | null;
}

/** A message around a reported one, as moderators see it (a hidden one keeps its text). */
export interface ContextMessage extends ChatMessage {
  reported: boolean;
}

/** GET /api/moderation/reports/:id/context */
export interface ReportContextResponse {
  /** The last messages around a reported message (empty for other reports). */
  messages: ContextMessage[];
}

export interface ModerationActionResponse {
  ok: true;
}

export interface AuditEntry {
  id: number;
  action: ModerationAction;
  reason: string;
  moderatorEmail: string;
  /** Epoch ms. */
  createdAt: number;
  reportId: string | null;
  messageId: string | null;
  target: { id: string; username: string | null } | null;
}

/** GET /api/moderation/actions — the audit, newest first. */
export interface AuditResponse {
  actions: AuditEntry[];
}

/** GET /api/moderation/suspended */
export interface SuspendedAccountsResponse {
  accounts: (ModerationPerson & { suspendedAt: number })[];
}
