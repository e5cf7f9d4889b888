// At the foot of the group's page (docs/product.md#grupos): 'Denunciar grupo' with the usual
// reasons (not for its own leaders), and for a moderator 'Suspender grupo' with the reason the
// audit keeps; once suspended its page answers 'No encontramos este grupo', to her too.
import { useQueryClient } from "@tanstack/react-query";
import { Flag } from "lucide-react";
import { useState } from "react";
import type { GroupDetail } from "../../domain/api/groups.ts";
import { GROUP_SAFETY_TEXT as TEXT } from "../../domain/texts/groups.ts";
import { Button } from "../components/button.tsx";
import { ReportDialog } from "../safety/report-dialog.tsx";
import { SuspendGroupDialog } from "../safety/suspend-group-dialog.tsx";
import { useMe } from "../session/use-me.ts";
import { GROUPS_KEY } from "./queries.ts";

export function GroupSafety({ group }: { group: GroupDetail }) {
  const moderator = useMe().data?.user?.isModerator === true;
  const queryClient = useQueryClient();
  const [reportOpen, setReportOpen] = useState(false);
  const [suspendOpen, setSuspendOpen] = useState(false);
  const leader = group.myRole === "leader";
  if (leader && !moderator) return null;
  return (
    <div className="flex flex-wrap justify-center gap-2">
      {leader ? null : (
        <>
          <Button variant="ghost" className="text-ink-soft" onClick={() => setReportOpen(true)}>
            <Flag aria-hidden="true" size={18} />
            {TEXT.report}
          </Button>
          <ReportDialog
            open={reportOpen}
            onOpenChange={setReportOpen}
            kind="group"
            targetId={group.id}
            title={TEXT.report}
          />
        </>
      )}
      {moderator ? (
        <>
          <Button variant="secondary" onClick={() => setSuspendOpen(true)}>
            {TEXT.suspend}
          </Button>
          <SuspendGroupDialog
            open={suspendOpen}
            onOpenChange={setSuspendOpen}
            group={group}
            onSuspended={() => void queryClient.invalidateQueries({ queryKey: GROUPS_KEY })}
          />
        </>
      ) : null}
    </div>
  );
}
