// 'Bloquear' and 'Denunciar' on another rider's public profile (docs/product.md#blocking and
// #reports-and-moderation).
import { Ban, Flag } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router-dom";
import { SAFETY_TEXT as TEXT } from "../../domain/texts/safety.ts";
import { BLOCK_DIALOG_TEXT } from "../../domain/texts/safety-block.ts";
import { Button } from "../components/button.tsx";
import { BlockDialog } from "./block-dialog.tsx";
import { ReportDialog } from "./report-dialog.tsx";

export function ProfileSafetyActions({ user }: { user: { id: string; username: string } }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState<"report" | "block" | null>(null);
  return (
    <div className="flex flex-wrap justify-center gap-2">
      <Button variant="ghost" className="text-ink-soft" onClick={() => setOpen("report")}>
        <Flag aria-hidden="true" size={18} />
        {TEXT.report}
      </Button>
      <Button variant="ghost" className="text-danger" onClick={() => setOpen("block")}>
        <Ban aria-hidden="true" size={18} />
        {BLOCK_DIALOG_TEXT.block}
      </Button>
      <ReportDialog
        open={open === "report"}
        onOpenChange={(next) => setOpen(next ? "report" : null)}
        kind="user"
        targetId={user.id}
        title={TEXT.reportUser(user.username)}
      />
      {open === "block" ? (
        <BlockDialog
          open
          onOpenChange={(next) => !next && setOpen(null)}
          user={user}
          // Her profile is now one that does not exist for her.
          onBlocked={() => navigate("/app/feed", { replace: true })}
        />
      ) : null}
    </div>
  );
}
