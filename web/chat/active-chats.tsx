import { MessageCircle } from "lucide-react";
import { Link } from "react-router-dom";
import { truncatePreview } from "../../domain/display.ts";
import { formatChatTime } from "../../domain/format.ts";
import { UnreadBadge } from "./inicio-badge.tsx";
import { useChats } from "./unread.ts";

/** The feed's 'Conversaciones en curso' rows (max 3): title, badge, preview and its time. */
export function ActiveChatsList() {
  const { activeChats } = useChats();
  if (activeChats.length === 0) return null;
  return (
    <ul className="flex flex-col gap-2">
      {activeChats.map((chat) => (
        <li key={chat.rideId}>
          <Link
            to={`/app/chat/${chat.rideId}`}
            className="flex min-h-14 items-center gap-3 rounded-2xl bg-surface px-4 py-3 shadow-sm"
          >
            <MessageCircle aria-hidden="true" className="shrink-0 text-primary" size={22} />
            <span className="min-w-0 flex-1">
              <span className="flex items-center gap-2">
                <span className="truncate font-bold">{chat.title}</span>
                <UnreadBadge count={chat.unread} />
              </span>
              {chat.lastMessage ? (
                <span className="flex gap-2 text-sm text-ink-soft">
                  <span className="min-w-0 flex-1 truncate">
                    {truncatePreview(chat.lastMessage.text)}
                  </span>
                  <time dateTime={chat.lastMessage.createdAt}>
                    {formatChatTime(chat.lastMessage.createdAt)}
                  </time>
                </span>
              ) : null}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
