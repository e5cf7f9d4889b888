// A chat message's menu (docs/product.md#blocking and #reports-and-moderation): 'Denunciar' the
// message or 'Bloquear' its author. A dialog rather than a pop-up menu: one more tap, but keyboard
// and screen readers get the same focus trap and Escape as every other dialog of the app.
import { Ban, Flag, MoreVertical } from "lucide-react";
import { useRef, useState } from "react";
import { SAFETY_TEXT as TEXT } from "../../domain/texts/safety.ts";
import { BLOCK_DIALOG_TEXT } from "../../domain/texts/safety-block.ts";
import { Button } from "../components/button.tsx";
import { Dialog } from "../components/dialog.tsx";
import { BlockDialog } from "./block-dialog.tsx";
import { ReportDialog } from "./report-dialog.tsx";

export function MessageMenu({
  messageId,
  author,
  onBlocked,
}: {
  messageId: string;
  author: { id: string; username: string };
  /** Her messages leave the chat once she is blocked. */
  onBlocked: (userId: string) => void;
}) {
  const [open, setOpen] = useState<"menu" | "report" | "block" | null>(null);
  // 'Denunciar' and 'Bloquear' open from the menu, whose buttons are gone by then.
  const menuButton = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={menuButton}
        type="button"
        onClick={() => setOpen("menu")}
        className="-my-2 -mr-3 flex size-11 shrink-0 items-center justify-center rounded-full text-ink-soft hover:bg-primary-soft"
        aria-label={TEXT.messageOptions(author.username)}
      >
        <MoreVertical aria-hidden="true" size={16} />
      </button>
      <Dialog
        open={open === "menu"}
        onOpenChange={(next) => setOpen(next ? "menu" : null)}
        title={TEXT.messageOf(author.username)}
      >
        <div className="flex flex-col gap-2">
          <Button variant="secondary" onClick={() => setOpen("report")}>
            <Flag aria-hidden="true" size={18} />
            {TEXT.report}
          </Button>
          <Button variant="secondary" onClick={() => setOpen("block")}>
            <Ban aria-hidden="true" size={18} />
            {BLOCK_DIALOG_TEXT.block}
          </Button>
          <Button variant="ghost" onClick={() => setOpen(null)}>
            {TEXT.cancel}
          </Button>
        </div>
      </Dialog>
      <ReportDialog
        open={open === "report"}
        onOpenChange={(next) => setOpen(next ? "report" : null)}
        kind="message"
        targetId={messageId}
        title={TEXT.reportMessage}
        returnFocusTo={menuButton}
      />
      {open === "block" ? (
        <BlockDialog
          open
          onOpenChange={(next) => !next && setOpen(null)}
          user={author}
          onBlocked={() => onBlocked(author.id)}
          returnFocusTo={menuButton}
        />
      ) : null}
    </>
  );
}
