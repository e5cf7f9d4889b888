// /app/grupo/:slug/charla, 'Charla del grupo' (docs/product.md#grupos): the ride chat's live list
// and composer (web/chat/) on the group's room, for its members. Loaded with its route.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowLeft } from "lucide-react";
import { useEffect, useMemo } from "react";
import { Link, useParams } from "react-router-dom";
import type { GroupChatInfoResponse } from "../../domain/api/groups-chat.ts";
import { ApiError } from "../../domain/errors.ts";
import { CHAT_TEXT } from "../../domain/texts/chat.ts";
import { GROUP_MSG } from "../../domain/texts/groups.ts";
import { GROUP_CHAT_TEXT as TEXT } from "../../domain/texts/groups-chat.ts";
import { Composer } from "../chat/chat-parts.tsx";
import { MessageLog } from "../chat/message-log.tsx";
import { useRideChat } from "../chat/use-ride-chat.ts";
import { EmptyState, LoadFailed, Skeleton } from "../components/feedback.tsx";
import { groupChatKey } from "../group-core/queries.ts";
import { isNotFound } from "../lib/api.ts";
import { useMe } from "../session/use-me.ts";
import { groupChatAddress, groupChatQuery } from "./chat-queries.ts";

export default function GroupChatScreen() {
  const { slug = "" } = useParams();
  const info = useQuery(groupChatQuery(slug));
  if (isNotFound(info.error)) {
    return (
      <EmptyState>
        <h1 className="font-bold">{GROUP_MSG.notFound}</h1>
      </EmptyState>
    );
  }
  if (info.error instanceof ApiError && info.error.status === 403) {
    return (
      <EmptyState action={<GroupLink slug={slug} />}>
        <h1 className="font-bold">{TEXT.membersOnly}</h1>
      </EmptyState>
    );
  }
  if (info.isPending) {
    return (
      <div className="flex flex-col gap-3" role="status" aria-label={TEXT.loading}>
        <Skeleton className="h-12" />
        <Skeleton className="h-12 w-2/3" />
        <Skeleton className="ml-auto h-12 w-1/2" />
      </div>
    );
  }
  if (!info.data) {
    return (
      <LoadFailed error={info.error} onRetry={() => info.refetch()}>
        <p className="font-bold">{TEXT.loadFailed}</p>
      </LoadFailed>
    );
  }
  return <GroupChatRoom slug={slug} info={info.data} />;
}

function GroupLink({ slug }: { slug: string }) {
  return (
    <Link to={`/app/grupo/${slug}`} className="font-bold text-primary underline">
      {TEXT.back}
    </Link>
  );
}

function GroupChatRoom({ slug, info }: { slug: string; info: GroupChatInfoResponse }) {
  const me = useMe().data?.user;
  const queryClient = useQueryClient();
  const address = useMemo(() => groupChatAddress(slug, info.groupId), [slug, info.groupId]);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: groupChatKey(slug) });
  const chat = useRideChat({
    rideId: info.groupId,
    address,
    enabled: true,
    canWrite: true,
    myUserId: me?.id,
    myAuthor: me?.username ? { username: me.username, avatarKey: me.avatarKey } : null,
    // Removed, or the group closed: the screen reads her place again and says so.
    onGone: refresh,
  });
  // Leaving the chat: the entry's count on the group page is read again.
  useEffect(
    () => () => void queryClient.invalidateQueries({ queryKey: groupChatKey(slug) }),
    [queryClient, slug],
  );

  return (
    <div className="flex h-[calc(100dvh-7rem)] flex-col">
      <header className="flex shrink-0 items-center gap-2 border-b border-line pb-3">
        <Link
          to={`/app/grupo/${slug}`}
          className="flex size-11 items-center justify-center rounded-full text-ink hover:bg-primary-soft"
          aria-label={TEXT.back}
        >
          <ArrowLeft aria-hidden="true" size={22} />
        </Link>
        <div className="min-w-0 flex-1">
          <h1 className="truncate text-lg font-extrabold leading-tight">{TEXT.title}</h1>
          <p className="truncate text-sm text-ink-soft">{info.name}</p>
        </div>
      </header>
      {chat.status !== "open" && !chat.loadingFirstPage ? (
        <p role="status" className="shrink-0 py-1 text-center text-xs text-ink-soft">
          {CHAT_TEXT.connecting}
        </p>
      ) : null}
      <MessageLog chat={chat} myUserId={me?.id} canWrite empty={TEXT.empty} />
      <Composer onSend={chat.send} />
    </div>
  );
}
