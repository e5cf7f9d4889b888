// 'Suspender grupo' with the reason the audit keeps (docs/product.md#grupos): from the group's
// page, and from a report of it in the moderation queue, which the audit then names.
import { GROUP_SAFETY_TEXT as TEXT } from "../../domain/texts/groups.ts";
import { call, client, pathParams } from "../lib/api.ts";
import { ActionDialog } from "./moderation-action.tsx";

export function SuspendGroupDialog({
  open,
  onOpenChange,
  group,
  reportId,
  onSuspended,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  group: { slug: string; name: string };
  /** The report it answers: it leaves the queue and the audit names it. */
  reportId?: string;
  onSuspended?: () => void;
}) {
  return (
    <ActionDialog
      open={open}
      onOpenChange={onOpenChange}
      title={TEXT.suspendTitle(group.name)}
      description={TEXT.suspendText}
      confirmLabel={TEXT.suspend}
      done={TEXT.suspended}
      send={async (reason) => {
        await call(
          client.moderation.groups[":slug"].suspend.$post({
            param: pathParams({ slug: group.slug }),
            json: reportId ? { reason, reportId } : { reason },
          }),
        );
        onSuspended?.();
      }}
    />
  );
}
