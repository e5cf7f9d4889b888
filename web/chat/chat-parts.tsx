// The chat screen's pieces: its header, a message (hers, another's, or a system notice) and the
// composer.
import clsx from "clsx";
import { AlertCircle, ArrowLeft, Clock, Info, SendHorizontal } from "lucide-react";
import { type FormEvent, useRef, useState } from "react";
import { Link } from "react-router-dom";
import type { ChatInfoResponse } from "../../domain/api/chat.ts";
import { MESSAGE_MAX_LENGTH } from "../../domain/constants.ts";
import { participantName } from "../../domain/display.ts";
import { formatChatTime } from "../../domain/format.ts";
import { MSG } from "../../domain/messages.ts";
import { CHAT_TEXT as TEXT } from "../../domain/texts/chat.ts";
import { Avatar } from "../components/avatar.tsx";
import { useBack } from "../components/back-button.tsx";
import { useToastsAbove } from "../lib/toasts-above.ts";
import { MessageMenu } from "../safety/message-menu.tsx";
import { VerifiedBadge } from "../verification/verified-badge.tsx";
import type { UiMessage } from "./chat-state.ts";

export function messageCountLabel(n: number) {
  return TEXT.messageCount(n);
}

export function ChatHeader({ info, count }: { info: ChatInfoResponse; count: number }) {
  const back = useBack("/app/feed");
  return (
    <header className="flex shrink-0 items-center gap-2 border-b border-line pb-3">
      <button
        type="button"
        onClick={back}
        className="flex size-11 items-center justify-center rounded-full text-ink hover:bg-primary-soft"
        aria-label={TEXT.back}
      >
        <ArrowLeft aria-hidden="true" size={22} />
      </button>
      <div className="min-w-0 flex-1">
        <h1 className="truncate text-lg font-extrabold leading-tight">{info.ride.title}</h1>
        <p className="text-sm text-ink-soft" data-testid="chat-count">
          {messageCountLabel(count)}
        </p>
      </div>
      <Link
        to={`/app/ride/${info.ride.id}`}
        className="flex size-11 items-center justify-center rounded-full text-primary hover:bg-primary-soft"
        aria-label={TEXT.viewRide}
      >
        <Info aria-hidden="true" size={22} />
      </Link>
    </header>
  );
}

export function MessageItem({
  message,
  mine,
  onRetry,
  onAuthorBlocked,
}: {
  message: UiMessage;
  mine: boolean;
  onRetry: (() => void) | undefined;
  onAuthorBlocked: (userId: string) => void;
}) {
  if (message.kind === "system") {
    return (
      <li className="my-2 flex justify-center" data-kind="system">
        <p className="max-w-[90%] rounded-2xl bg-accent-soft px-4 py-2 text-center text-sm font-semibold">
          {message.text}
          <span className="mt-1 block text-xs font-normal text-ink-soft">
            {formatChatTime(message.createdAt)}
          </span>
        </p>
      </li>
    );
  }
  const name = participantName(message.author?.username);
  return (
    <li className={clsx("flex items-end gap-2", mine && "flex-row-reverse")} data-kind="user">
      {mine ? null : <Avatar avatarKey={message.author?.avatarKey} size={32} alt="" />}
      <div
        className={clsx(
          "max-w-[78%] rounded-2xl px-3 py-2",
          mine ? "rounded-br-sm bg-primary text-white" : "rounded-bl-sm bg-surface shadow-sm",
          message.status === "pending" && "opacity-70",
        )}
      >
        {mine ? null : (
          <div className="flex items-start justify-between gap-2">
            <p className="flex items-center gap-1 text-xs font-bold text-primary">
              {name}
              <VerifiedBadge verified={message.author?.verified} />
            </p>
            {message.userId && message.author && !message.hidden ? (
              <MessageMenu
                messageId={message.id}
                author={{ id: message.userId, username: message.author.username }}
                onBlocked={onAuthorBlocked}
              />
            ) : null}
          </div>
        )}
        <p
          className={clsx("whitespace-pre-wrap break-words", message.hidden && "italic")}
          data-hidden={message.hidden ? "true" : undefined}
        >
          {message.text}
        </p>
        <p className={clsx("mt-0.5 text-right text-xs", mine ? "text-white/85" : "text-ink-soft")}>
          {message.status === "pending" ? (
            <span className="inline-flex items-center gap-1">
              <Clock aria-hidden="true" size={12} />
              {TEXT.sending}
            </span>
          ) : message.status === "failed" ? null : (
            formatChatTime(message.createdAt)
          )}
        </p>
        {message.status === "failed" ? (
          <p className="mt-1 flex items-center gap-1 text-xs font-semibold">
            <AlertCircle aria-hidden="true" size={14} />
            {message.error ?? MSG.messageSendFailed}
            {onRetry ? (
              <button type="button" className="ml-1 min-h-8 underline" onClick={onRetry}>
                {MSG.retry}
              </button>
            ) : null}
          </p>
        ) : null}
      </div>
    </li>
  );
}

export function Composer({ onSend }: { onSend: (text: string) => boolean }) {
  const [text, setText] = useState("");
  const form = useRef<HTMLFormElement>(null);
  useToastsAbove(form);
  const empty = text.trim().length === 0;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (empty) return;
    if (onSend(text)) setText("");
  };
  return (
    <form
      ref={form}
      onSubmit={submit}
      className="flex shrink-0 items-end gap-2 border-t border-line pt-3"
    >
      <label htmlFor="chat-input" className="sr-only">
        {TEXT.inputLabel}
      </label>
      <textarea
        id="chat-input"
        rows={1}
        value={text}
        maxLength={MESSAGE_MAX_LENGTH}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Enter" && !e.shiftKey) submit(e);
        }}
        placeholder={TEXT.placeholder}
        className="max-h-32 min-h-11 flex-1 resize-none rounded-2xl border-2 border-line bg-surface px-4 py-2.5 focus:border-primary focus:outline-none"
      />
      <button
        type="submit"
        disabled={empty}
        aria-label={TEXT.send}
        className="flex size-11 shrink-0 items-center justify-center rounded-full bg-primary text-white disabled:opacity-50"
      >
        <SendHorizontal aria-hidden="true" size={20} />
      </button>
    </form>
  );
}
