// Whether the organizer cancelled the ride herself, so the card may say 'Cancelada por la
// organizadora'. A suspension also cancels her upcoming rides, and riders must not be told she
// did it (nor why): those rides say 'Salida cancelada'. The suspension's batch cancels them at the
// very instant of its audit row (worker/moderation/actions.ts, suspendAccount), which stays after
// a suspension is lifted, so no column is needed: the audit answers.
import { sql } from "drizzle-orm";
import { moderationActions, rides } from "../db/schema.ts";

/** 1 when the ride is cancelled and not by a suspension of its organizer, else 0. */
export const cancelledByOrganizerSql = sql<number>`case when ${rides.status} = 'cancelled' then
    not exists (select 1 from ${moderationActions}
      where ${moderationActions.createdAt} = ${rides.cancelledAt}
        and ${moderationActions.action} = 'suspend'
        and ${moderationActions.targetUserId} = ${rides.organizerId})
  else 0 end`;
