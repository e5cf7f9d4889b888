// /app/chat/:id and /app/ride/:id/chat (spec 02 §2 "Ride chat").
import { useQuery, useQueryClient } from "@tanstack/react-query";
import clsx from "clsx";
import { AlertCircle, ArrowLeft, Clock, Info, SendHorizontal } from "lucide-react";
import { type FormEvent, useEffect, useLayoutEffect, useRef, useState } from "react";
import { Link, useNavigate, useParams } from "react-router-dom";
import { type ChatInfoResponse, isRideId } from "../../domain/api/chat.ts";
import { MESSAGE_MAX_LENGTH } from "../../domain/constants.ts";
import { participantName } from "../../domain/display.ts";
import { ApiError } from "../../domain/errors.ts";
import { formatChatTime } from "../../domain/format.ts";
import { MSG } from "../../domain/messages.ts";
import { hasStarted } from "../../domain/time.ts";
import { useMe } from "../auth/use-me.ts";
import { Avatar } from "../components/avatar.tsx";
import { useBack } from "../components/back-button.tsx";
import { Button } from "../components/button.tsx";
import { RetryButton, Skeleton } from "../components/feedback.tsx";
import { Spinner } from "../components/spinner.tsx";
import { call, client, pathParams } from "../lib/api.ts";
import { toast } from "../lib/toast.ts";
import { useJoinRide } from "../rides/queries.ts";
import { MessageMenu } from "../safety/message-menu.tsx";
import { setActiveChat } from "./active-chat.ts";
import type { UiMessage } from "./chat-state.ts";
import { CHATS_KEY } from "./unread.ts";
import { useRideChat } from "./use-ride-chat.ts";

export function chatInfoKey(rideId: string) {
  return ["chat-info", rideId] as const;
}

function messageCountLabel(n: number) {
  return `${n} ${n === 1 ? "mensaje" : "mensajes"}`;
}

export default function ChatScreen() {
  const { id } = useParams();
  const navigate = useNavigate();
  const valid = isRideId(id);

  useEffect(() => {
    if (!valid) {
      toast.error(MSG.invalidRideId, { id: "invalid-ride-id" });
      navigate("/app/feed", { replace: true });
    }
  }, [valid, navigate]);

  const info = useQuery({
    queryKey: chatInfoKey(id ?? ""),
    queryFn: () => call(client.rides[":id"].chat.$get({ param: pathParams({ id: id ?? "" }) })),
    enabled: valid,
  });

  useEffect(() => {
    const error = info.error;
    if (!(error instanceof ApiError)) return;
    if (error.status === 404) {
      toast.error(MSG.rideGone, { id: "ride-gone" });
      navigate("/app/feed", { replace: true });
    } else if (error.status === 400) {
      toast.error(MSG.invalidRideId, { id: "invalid-ride-id" });
      navigate("/app/feed", { replace: true });
    }
  }, [info.error, navigate]);

  if (!valid || !id) return null;
  if (info.isPending) return <ChatSkeleton />;
  if (info.isError) {
    return (
      <div className="flex flex-col items-center gap-4 py-16 text-center">
        <p className="font-semibold">{MSG.rideInfoLoadFailed}</p>
        <RetryButton onRetry={() => info.refetch()} />
      </div>
    );
  }
  return info.data.isParticipant ? (
    <ParticipantChat rideId={id} info={info.data} infoUpdatedAt={info.dataUpdatedAt} />
  ) : (
    <OutsiderChat rideId={id} info={info.data} />
  );
}

function ChatHeader({ info, count }: { info: ChatInfoResponse; count: number }) {
  const back = useBack("/app/feed");
  return (
    <header className="flex shrink-0 items-center gap-2 border-b border-line pb-3">
      <button
        type="button"
        onClick={back}
        className="flex size-11 items-center justify-center rounded-full text-ink hover:bg-primary-soft"
        aria-label="Volver"
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
        aria-label="Ver la salida"
      >
        <Info aria-hidden="true" size={22} />
      </Link>
    </header>
  );
}

function ParticipantChat({
  rideId,
  info,
  infoUpdatedAt,
}: {
  rideId: string;
  info: ChatInfoResponse;
  infoUpdatedAt: number;
}) {
  const me = useMe().data?.user;
  const queryClient = useQueryClient();
  const refreshInfo = () => void queryClient.invalidateQueries({ queryKey: chatInfoKey(rideId) });
  const chat = useRideChat({
    rideId,
    enabled: true,
    canWrite: info.canWrite,
    myUserId: me?.id,
    myAuthor: me?.username ? { username: me.username, avatarKey: me.avatarKey } : null,
    onGone: () => {
      refreshInfo();
      void queryClient.invalidateQueries({ queryKey: CHATS_KEY });
    },
    onWriteRefused: (code) => {
      if (code === "chat_closed" || code === "ride_cancelled" || code === "not_participant") {
        refreshInfo();
      }
    },
    // A cancellation closes the input and a rename retitles the header, live.
    onSystemMessage: refreshInfo,
  });

  useEffect(() => {
    setActiveChat(rideId);
    return () => setActiveChat(null);
  }, [rideId]);

  // Messages stored after the count was read are not in it; unsent ones (pending, refused) never
  // count.
  const since = new Date(infoUpdatedAt).toISOString();
  const stored = chat.messages.filter((m) => m.status === "sent");
  const newer = stored.filter((m) => m.createdAt > since).length;
  const count = Math.max(info.messageCount + newer, stored.length);

  const list = useRef<HTMLDivElement>(null);
  const stickToBottom = useRef(true);
  const previousHeight = useRef(0);
  const previousFirst = useRef<string | undefined>(undefined);

  // Keep the view at the bottom for new messages, and in place when older ones are prepended.
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
    <div className="flex h-[calc(100dvh-7rem)] flex-col">
      <ChatHeader info={info} count={count} />
      {chat.status !== "open" && !chat.loadingFirstPage ? (
        <p role="status" className="shrink-0 py-1 text-center text-xs text-ink-soft">
          Conectando…
        </p>
      ) : null}
      <div
        ref={list}
        onScroll={onScroll}
        className="flex-1 overflow-y-auto py-3"
        aria-label="Mensajes"
        role="log"
        aria-live="polite"
      >
        {chat.loadingOlder ? <Spinner label="Cargando mensajes anteriores..." /> : null}
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
          // A closed chat says only why (below), not to say hello.
          info.canWrite ? (
            <p className="py-10 text-center text-ink-soft">
              Aún no hay mensajes. ¡Saluda a la grupeta!
            </p>
          ) : null
        ) : (
          <ol className="flex flex-col gap-2">
            {chat.messages.map((m) => (
              <MessageItem
                key={m.id}
                message={m}
                mine={m.userId === me?.id}
                // Once the chat is closed a resend can only be refused again.
                onRetry={info.canWrite ? () => chat.retry(m.id) : undefined}
                onAuthorBlocked={chat.forgetAuthor}
              />
            ))}
          </ol>
        )}
      </div>
      {info.canWrite ? (
        <Composer onSend={chat.send} />
      ) : (
        <p className="shrink-0 rounded-2xl bg-accent-soft px-4 py-3 text-center text-sm font-semibold">
          {info.ride.status !== "cancelled"
            ? MSG.chatClosed
            : info.ride.cancelledByOrganizer
              ? MSG.cancelledBanner
              : MSG.cancelledNeutralBanner}
        </p>
      )}
    </div>
  );
}

function MessageItem({
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
            <p className="text-xs font-bold text-primary">{name}</p>
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
              Enviando…
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

function Composer({ onSend }: { onSend: (text: string) => boolean }) {
  const [text, setText] = useState("");
  const empty = text.trim().length === 0;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (empty) return;
    if (onSend(text)) setText("");
  };
  return (
    <form onSubmit={submit} className="flex shrink-0 items-end gap-2 border-t border-line pt-3">
      <label htmlFor="chat-input" className="sr-only">
        Escribe un mensaje
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
        placeholder="Escribe un mensaje…"
        className="max-h-32 min-h-11 flex-1 resize-none rounded-2xl border-2 border-line bg-surface px-4 py-2.5 focus:border-primary focus:outline-none"
      />
      <button
        type="submit"
        disabled={empty}
        aria-label="Enviar"
        className="flex size-11 shrink-0 items-center justify-center rounded-full bg-primary text-white disabled:opacity-50"
      >
        <SendHorizontal aria-hidden="true" size={20} />
      </button>
    </form>
  );
}

function OutsiderChat({ rideId, info }: { rideId: string; info: ChatInfoResponse }) {
  const queryClient = useQueryClient();
  const [bannerOpen, setBannerOpen] = useState(true);
  const joinRide = useJoinRide();
  const navigate = useNavigate();

  const join = async () => {
    // Joining from the chat succeeds only before the start (spec 02 §4); the API checks too.
    if (hasStarted(info.ride.startTime, Date.now())) {
      toast.error(MSG.rideStarted);
      return;
    }
    try {
      await joinRide.mutateAsync(rideId);
      toast.success(MSG.joinedShort);
      await queryClient.invalidateQueries({ queryKey: chatInfoKey(rideId) });
      void queryClient.invalidateQueries({ queryKey: CHATS_KEY });
    } catch (error) {
      if (error instanceof ApiError && error.code === "already_joined") {
        toast(MSG.alreadyJoinedTitle, { description: MSG.alreadyJoined });
        await queryClient.invalidateQueries({ queryKey: chatInfoKey(rideId) });
      } else if (
        error instanceof ApiError &&
        ["ride_started", "ride_full", "ride_cancelled", "unauthenticated"].includes(error.code)
      ) {
        toast.error(error.message);
      } else {
        toast.error(MSG.joinFailedChat);
      }
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <ChatHeader info={info} count={info.messageCount} />
      {info.messageCount > 0 && bannerOpen ? (
        <section
          aria-label="Mensajes en esta salida"
          className="flex flex-col gap-3 rounded-2xl bg-primary-soft p-4"
        >
          <p className="font-semibold">
            Hay {messageCountLabel(info.messageCount)} en esta conversación.
          </p>
          <div className="flex gap-2">
            <Button variant="ghost" onClick={() => setBannerOpen(false)}>
              Cerrar
            </Button>
            <Button variant="secondary" onClick={() => navigate(`/app/ride/${rideId}`)}>
              Ver
            </Button>
          </div>
        </section>
      ) : null}
      <section className="flex flex-col items-center gap-3 rounded-3xl bg-surface p-6 text-center shadow-sm">
        <h2 className="text-lg font-extrabold">El chat es para las participantes</h2>
        {info.canJoin ? (
          <>
            <p className="text-ink-soft">Únete a la salida para leer y escribir en el chat.</p>
            <Button onClick={join} disabled={joinRide.isPending}>
              {joinRide.isPending ? "Uniéndote..." : "UNIRME"}
            </Button>
          </>
        ) : (
          <p className="text-ink-soft">
            {info.ride.status === "cancelled" ? MSG.rideCancelledJoin : MSG.rideStarted}
          </p>
        )}
      </section>
    </div>
  );
}

function ChatSkeleton() {
  return (
    <div className="flex flex-col gap-3" aria-busy="true">
      <Skeleton className="h-12 w-3/4" />
      <Skeleton className="h-12 w-2/3" />
      <Skeleton className="ml-auto h-12 w-1/2" />
      <Skeleton className="h-12 w-2/3" />
    </div>
  );
}
