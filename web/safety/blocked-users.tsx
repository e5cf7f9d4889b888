// 'Usuarias bloqueadas' in Ajustes (docs/product.md#blocking): whom she blocked, with
// 'Desbloquear'.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { BlockedUser } from "../../domain/api/safety.ts";
import { errorText } from "../../domain/errors.ts";
import { MSG } from "../../domain/messages.ts";
import { BLOCKED_USERS_TEXT as TEXT } from "../../domain/texts/safety-block.ts";
import { Avatar } from "../components/avatar.tsx";
import { Button } from "../components/button.tsx";
import { RetryButton, Skeleton } from "../components/feedback.tsx";
import { call, client, pathParams } from "../lib/api.ts";
import { toast } from "../lib/toast.ts";
import { refreshAfterBlockChange } from "./block-dialog.tsx";
import { blockedUsersQuery } from "./queries.ts";

export function BlockedUsersSection() {
  const blocked = useQuery(blockedUsersQuery);
  return (
    <section aria-labelledby="settings-blocked" className="rounded-3xl bg-surface p-5 shadow-sm">
      <h2 id="settings-blocked" className="text-lg font-extrabold">
        {TEXT.title}
      </h2>
      <p className="mt-1 text-ink-soft">{TEXT.intro}</p>
      <div className="mt-4">
        {blocked.isPending ? (
          <Skeleton className="h-14" />
        ) : !blocked.data ? (
          <div className="flex flex-col items-start gap-2">
            <p className="font-semibold">{MSG.blockedListLoadFailed}</p>
            <RetryButton onRetry={() => blocked.refetch()} />
          </div>
        ) : blocked.data.blocked.length === 0 ? (
          <p className="text-ink-soft">{TEXT.none}</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {blocked.data.blocked.map((user) => (
              <BlockedRow key={user.userId} user={user} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function BlockedRow({ user }: { user: BlockedUser }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  async function unblock() {
    setBusy(true);
    try {
      await call(client.blocks[":userId"].$delete({ param: pathParams({ userId: user.userId }) }));
      toast.success(MSG.unblocked(user.username));
      refreshAfterBlockChange(queryClient);
    } catch (error) {
      toast.error(errorText(error, MSG.unblockFailed));
    } finally {
      setBusy(false);
    }
  }
  return (
    <li className="flex items-center gap-3">
      <Avatar avatarKey={user.avatarKey} avatarUrl={user.avatarUrl} size={40} alt="" />
      <span className="min-w-0 flex-1 truncate font-bold">{user.username}</span>
      <Button
        variant="secondary"
        disabled={busy}
        onClick={unblock}
        aria-label={TEXT.unblockUser(user.username)}
      >
        {TEXT.unblock}
      </Button>
    </li>
  );
}
