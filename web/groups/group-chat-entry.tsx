// The group page's way into 'Charla del grupo', for members: how many messages wait for her.
import { useQuery } from "@tanstack/react-query";
import { MessageCircle } from "lucide-react";
import { Link } from "react-router-dom";
import { groupChatPath } from "../../domain/groups.ts";
import { GROUP_CHAT_TEXT as TEXT } from "../../domain/texts/groups-chat.ts";
import { groupChatQuery } from "./chat-queries.ts";

export function GroupChatEntry({ slug }: { slug: string }) {
  const chat = useQuery(groupChatQuery(slug));
  const unread = chat.data?.unread ?? 0;
  return (
    <Link
      to={groupChatPath(slug)}
      className="flex min-h-14 items-center gap-3 rounded-3xl border border-line bg-surface p-4 font-bold hover:bg-primary-soft"
    >
      <MessageCircle aria-hidden="true" size={22} className="text-primary" />
      <span className="flex-1">{TEXT.title}</span>
      {unread > 0 ? (
        <span
          className="rounded-full bg-primary px-2.5 py-0.5 text-sm text-white"
          data-testid="group-chat-unread"
        >
          {TEXT.unread(unread)}
        </span>
      ) : null}
    </Link>
  );
}
