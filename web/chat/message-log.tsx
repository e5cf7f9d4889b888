// A chat's message list, shared by a ride's chat and a group's ('Charla del grupo'): the first
// page's loading and failure, the empty chat, older pages on scrolling up, and the view kept at
// the bottom for new messages and in place when older ones are prepended.
import { type ReactNode, useLayoutEffect, useRef } from "react";
import { MSG } from "../../domain/messages.ts";
import { CHAT_TEXT as TEXT } from "../../domain/texts/chat.ts";
import { RetryButton, Skeleton } from "../components/feedback.tsx";
import { Spinner } from "../components/spinner.tsx";
import { MessageItem } from "./chat-parts.tsx";
import type { useRideChat } from "./use-ride-chat.ts";

export function MessageLog({
  chat,
  myUserId,
  canWrite,
  empty,
}: {
  chat: ReturnType<typeof useRideChat>;
  myUserId: string | undefined;
  /** Once the chat is closed a resend can only be refused again: no 'Reintentar'. */
  canWrite: boolean;
  /** What an empty chat says (null: nothing). */
  empty: ReactNode;
}) {
  const list = useRef<HTMLDivElement>(null);
  const stickToBottom = useRef(true);
  const previousHeight = useRef(0);
  const previousFirst = useRef<string | undefined>(undefined);

  useLayoutEffect(() => {
    const el = list.current;
    if (!el) return;
    const first = chat.messages[0]?.id;
    if (previousFirst.current && first !== previousFirst.current && !stickToBottom.current) {
      el.scrollTop += el.scrollHeight - previousHeight.current;
    } else if (stickToBottom.current) {
      el.scrollTop = el.scrollHeight;
    }
    previousFirst.current = first;
    previousHeight.current = el.scrollHeight;
  }, [chat.messages]);

  const onScroll = () => {
    const el = list.current;
    if (!el) return;
    stickToBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
    if (el.scrollTop < 120) chat.loadOlder();
  };

  return (
    <div
      ref={list}
      onScroll={onScroll}
      // Focusable, so a keyboard can scroll the messages when nothing inside them takes focus
      // (the ride day's panels above leave the list short).
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable
      tabIndex={0}
      className="flex-1 overflow-y-auto py-3 focus-visible:outline-2 focus-visible:outline-primary"
      aria-label={TEXT.messages}
      role="log"
      aria-live="polite"
    >
      {chat.loadingOlder ? <Spinner label={TEXT.loadingOlder} /> : null}
      {chat.loadingFirstPage ? (
        <div className="flex flex-col gap-3">
          <Skeleton className="h-12 w-2/3" />
          <Skeleton className="ml-auto h-12 w-1/2" />
        </div>
      ) : chat.firstPageFailed ? (
        <div className="flex flex-col items-center gap-3 py-10 text-center">
          <p className="font-semibold">{MSG.internal}</p>
          <RetryButton onRetry={chat.retryFirstPage} />
        </div>
      ) : chat.messages.length === 0 ? (
        empty ? (
          <p className="py-10 text-center text-ink-soft">{empty}</p>
        ) : null
      ) : (
        <ol className="flex flex-col gap-2">
          {chat.messages.map((m) => (
            <MessageItem
              key={m.id}
              message={m}
              mine={m.userId === myUserId}
              onRetry={canWrite ? () => chat.retry(m.id) : undefined}
              onAuthorBlocked={chat.forgetAuthor}
            />
          ))}
        </ol>
      )}
    </div>
  );
}
