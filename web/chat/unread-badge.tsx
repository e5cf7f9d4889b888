import { formatBadge } from "../../domain/display.ts";
import { UNREAD_BADGE_TEXT as TEXT } from "../../domain/texts/chat-badge.ts";

/** A chat's unread count on a badge; a screen reader hears '1 mensaje sin leer', '3 mensajes…'. */
export function UnreadBadge({ count, className }: { count: number; className: string }) {
  if (count <= 0) return null;
  return (
    <span className={className}>
      {formatBadge(count)}
      <span className="sr-only"> {TEXT.unread(count)}</span>
    </span>
  );
}
