// Her place in the group, on its page: 'Unirme al grupo' (an open group), 'Solicitar unirme' with
// an optional note (asked in a dialog, as a ride's 'Solicitar plaza'), her pending or declined
// request, or 'Salir del grupo' (asked first). A refusal says the API's reason.
import { type FormEvent, useState } from "react";
import { useSearchParams } from "react-router-dom";
import type { GroupDetail } from "../../domain/api/groups.ts";
import { errorText } from "../../domain/errors.ts";
import {
  GROUP_INVITE_PARAM,
  GROUP_MANAGE_TEXT,
  GROUP_MSG,
  GROUP_PAGE_TEXT as TEXT,
} from "../../domain/texts/groups.ts";
import { Button } from "../components/button.tsx";
import { ConfirmDialog, Dialog } from "../components/dialog.tsx";
import { NoteForm } from "../components/note-form.tsx";
import { toast } from "../lib/toast.ts";
import {
  useJoinGroup,
  useLeaveGroup,
  useRequestToJoin,
  useWithdrawGroupRequest,
} from "./queries.ts";

const failed = (error: unknown) =>
  toast.error(TEXT.actionFailed, { description: errorText(error) });

export function GroupActions({ group }: { group: GroupDetail }) {
  // Opened from a leader's invitation link: she joins with it, even a 'Con aprobación' group.
  const invite = useSearchParams()[0].get(GROUP_INVITE_PARAM) ?? undefined;
  if (group.myRole) return <LeaveButton slug={group.slug} />;
  if (group.myRequest === "pending") return <PendingRequest slug={group.slug} />;
  if (group.myRequest === "declined") {
    return <p className="font-semibold">{GROUP_MSG.requestDeclined}</p>;
  }
  if (invite) return <JoinButton slug={group.slug} invite={invite} />;
  if (group.joinMode === "open") return <JoinButton slug={group.slug} />;
  return <RequestButton slug={group.slug} />;
}

function JoinButton({ slug, invite }: { slug: string; invite?: string }) {
  const join = useJoinGroup(slug);
  return (
    <Button
      disabled={join.isPending}
      onClick={() => join.mutateAsync(invite).then(() => toast.success(TEXT.joined), failed)}
    >
      {invite ? GROUP_MANAGE_TEXT.inviteJoin : GROUP_MSG.join}
    </Button>
  );
}

function LeaveButton({ slug }: { slug: string }) {
  const leave = useLeaveGroup(slug);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {GROUP_MSG.leave}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={TEXT.leaveConfirmTitle}
        description={TEXT.leaveConfirmText}
        confirmLabel={GROUP_MSG.leave}
        busy={leave.isPending}
        onConfirm={() =>
          void leave
            .mutateAsync()
            .then(() => toast.success(TEXT.left), failed)
            .finally(() => setOpen(false))
        }
      />
    </>
  );
}

function PendingRequest({ slug }: { slug: string }) {
  const withdraw = useWithdrawGroupRequest(slug);
  return (
    <div className="flex flex-col items-center gap-2">
      <p className="font-semibold">{TEXT.pending}</p>
      <Button
        variant="secondary"
        disabled={withdraw.isPending}
        onClick={() => withdraw.mutateAsync().catch(failed)}
      >
        {TEXT.withdraw}
      </Button>
    </div>
  );
}

function RequestButton({ slug }: { slug: string }) {
  const request = useRequestToJoin(slug);
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState("");
  const [failure, setFailure] = useState<string | null>(null);

  async function send(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    try {
      await request.mutateAsync(note);
      toast.success(TEXT.requestSent, { description: TEXT.requestSentText });
      setOpen(false);
    } catch (error) {
      // Her note stays in the dialog: nothing she wrote is lost.
      setFailure(errorText(error, TEXT.actionFailed));
    }
  }

  return (
    <>
      <Button onClick={() => setOpen(true)}>{GROUP_MSG.request}</Button>
      <Dialog
        open={open}
        onOpenChange={(next) => !request.isPending && setOpen(next)}
        title={GROUP_MSG.request}
      >
        <NoteForm
          note={note}
          setNote={setNote}
          failure={failure}
          pending={request.isPending}
          onSubmit={send}
          onCancel={() => setOpen(false)}
          text={{
            label: TEXT.noteLabel,
            atLimit: TEXT.noteAtLimit,
            cancel: TEXT.cancel,
            send: TEXT.send,
            sending: TEXT.sending,
          }}
        />
      </Dialog>
    </>
  );
}
