import clsx from "clsx";
import {
  Calendar,
  Clock,
  ExternalLink,
  LocateFixed,
  MapPin,
  MessageCircle,
  Mountain,
  Route,
  Share2,
} from "lucide-react";
import { lazy, Suspense, useEffect, useState } from "react";
import { Link, useNavigate } from "react-router-dom";
import type { RideSummary } from "../../domain/api/rides.ts";
import { LEVEL_LABELS, MODALITY_LABELS, SOCIAL_TAG_LABELS } from "../../domain/constants.ts";
import { formatBadge } from "../../domain/display.ts";
import { ApiError, errorText } from "../../domain/errors.ts";
import { formatDistance, formatKm, formatMeters } from "../../domain/format.ts";
import { MSG } from "../../domain/messages.ts";
import { rideCardActions } from "../../domain/ride-card.ts";
import { rideStartTexts } from "../../domain/ride-time.ts";
import { meetingMapsUrl } from "../../domain/share.ts";
import { useMe } from "../auth/use-me.ts";
import { useUnreadForRide } from "../chat/unread.ts";
import { Avatar } from "../components/avatar.tsx";
import { Button, buttonClass } from "../components/button.tsx";
import { Chip } from "../components/chip.tsx";
import { toast } from "../lib/toast.ts";
import { LazyPinMap } from "./lazy-route-map.tsx";
import { PLACE_TEXTS, type RideCardPlace } from "./place-texts.ts";
import { useJoinRide, useLeaveRide } from "./queries.ts";
import { RodeWithLine } from "./rode-with-line.tsx";
import { rideShareData, shareOrCopy } from "./share.ts";
import { WaitingListButtons } from "./waiting-list-buttons.tsx";

// The dialogs (and Radix behind them) are not part of the first paint of a list of cards: they
// load once the screen is idle, so they are there by the time she taps.
const loadJoinDialog = () => import("./join-dialog.tsx");
const loadCancelDialog = () => import("./cancel-dialog.tsx");
const JoinDialog = lazy(() => loadJoinDialog().then((m) => ({ default: m.JoinDialog })));
const CancelDialog = lazy(() => loadCancelDialog().then((m) => ({ default: m.CancelDialog })));

let dialogsRequested = false;

function preloadDialogsWhenIdle() {
  if (dialogsRequested) return;
  dialogsRequested = true;
  const load = () => {
    void loadJoinDialog().catch(() => {});
    void loadCancelDialog().catch(() => {});
  };
  if (typeof requestIdleCallback === "function") requestIdleCallback(load, { timeout: 3000 });
  else setTimeout(load, 1000);
}

/**
 * The ride card of spec 02 §2: every list and the detail page show rides with it.
 * `unread` is the chat's unread count; by default her live count for this ride.
 */
export function RideCard({
  ride,
  unread: unreadOverride,
  place = "list",
  headingLevel = 2,
}: {
  ride: RideSummary;
  unread?: number;
  /** "detail" on the detail page itself: no link to it, and the detail's texts. */
  place?: RideCardPlace;
  headingLevel?: 2 | 3;
}) {
  const liveUnread = useUnreadForRide(ride.id);
  const unread = unreadOverride ?? (ride.viewer.joined ? liveUnread : 0);
  const navigate = useNavigate();
  const join = useJoinRide();
  const leave = useLeaveRide();
  const [joinedOpen, setJoinedOpen] = useState(false);
  // Her place when the dialog is about the waiting list rather than the ride.
  const [joinedListAt, setJoinedListAt] = useState<number | undefined>(undefined);
  const [cancelOpen, setCancelOpen] = useState(false);
  const viewerId = useMe().data?.user?.id ?? null;
  useEffect(preloadDialogsWhenIdle, []);
  const actions = rideCardActions({
    // A deleted organizer (null) is nobody's id.
    ride: { ...ride, organizerId: ride.organizer.id ?? "" },
    viewerId,
    isParticipant: ride.viewer.joined,
    participantCount: ride.participantCount,
    waitingCount: ride.waitingCount,
    waitingPosition: ride.viewer.waitingPosition,
    now: Date.now(),
  });
  const opensDetail = place === "list" && actions.opensDetailOnClick;
  // On the ride's page the organizer cancels from 'Gestiona tu salida' (spec 02: management card).
  const canCancelHere = place === "list" && actions.canCancel;
  const texts = PLACE_TEXTS[place];
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const detailPath = `/app/ride/${ride.id}`;
  const start = rideStartTexts(ride);

  async function onJoin() {
    try {
      await join.mutateAsync(ride.id);
      toast.success(texts.joined.title, { description: texts.joined.description });
      setJoinedListAt(undefined);
      setJoinedOpen(true);
    } catch (error) {
      if (error instanceof ApiError && error.code === "already_joined") {
        toast.error(MSG.alreadyJoinedTitle, { description: MSG.alreadyJoined });
      } else {
        toast.error(texts.joinFailed, {
          description: errorText(error),
        });
      }
    }
  }

  async function onLeave() {
    try {
      await leave.mutateAsync(ride.id);
      toast.success(texts.left.title, { description: texts.left.description });
    } catch (error) {
      toast.error(texts.leaveFailed, {
        description: errorText(error),
      });
    }
  }

  async function onShare() {
    const outcome = await shareOrCopy(rideShareData(ride));
    if (outcome === "copied") toast.success(MSG.rideLinkCopied);
  }

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the title link is the keyboard path to the detail
    <article
      aria-label={ride.title}
      className={clsx(
        "relative flex flex-col gap-3 rounded-3xl border border-line bg-surface p-4 shadow-sm [contain-intrinsic-size:auto_30rem] [content-visibility:auto]",
        opensDetail && "cursor-pointer hover:border-primary",
      )}
      onClick={(e) => {
        // Buttons and links inside handle themselves.
        if (!opensDetail || (e.target as HTMLElement).closest("a,button")) return;
        navigate(detailPath);
      }}
    >
      {actions.showCancelledBanner ? (
        <p
          className="rounded-xl bg-[#fbe7e7] px-3 py-2 text-sm font-bold text-danger"
          role="status"
        >
          {MSG.cancelledBanner}
        </p>
      ) : null}
      <Heading className="text-lg font-extrabold leading-snug">
        {opensDetail ? (
          <Link to={detailPath} className="hover:underline">
            {ride.title}
          </Link>
        ) : (
          ride.title
        )}
      </Heading>
      <div className="flex flex-wrap gap-1.5">
        <Chip tone="primary">
          <Calendar aria-hidden="true" size={12} />
          {start.dayMonth}
        </Chip>
        <Chip tone="primary">
          <Clock aria-hidden="true" size={12} />
          {start.zoneLabel ? `${start.time} (${start.zoneLabel})` : start.time}
        </Chip>
        <Chip tone="accent">
          <MapPin aria-hidden="true" size={12} />
          {ride.city}
        </Chip>
        {ride.distanceKm !== null ? (
          <Chip tone="accent">
            <LocateFixed aria-hidden="true" size={12} />
            {formatDistance(ride.distanceKm)}
          </Chip>
        ) : null}
        {ride.modalities.map((m) => (
          <Chip key={m} tone={m}>
            {MODALITY_LABELS[m]}
          </Chip>
        ))}
        <Chip>{LEVEL_LABELS[ride.level]}</Chip>
        {ride.socialTags.map((t) => (
          <Chip key={t} tone="success">
            {SOCIAL_TAG_LABELS[t]}
          </Chip>
        ))}
      </div>

      <div className="flex flex-col gap-2 rounded-2xl bg-bg p-3">
        <p className="text-sm">
          <span className="font-bold">Punto de encuentro: </span>
          {ride.meetingPoint}
        </p>
        {place === "detail" && ride.meetingPin ? (
          <LazyPinMap pin={ride.meetingPin} label={`Punto de encuentro: ${ride.meetingPoint}`} />
        ) : null}
        <a
          href={meetingMapsUrl(ride)}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClass("ghost", "self-start px-2 text-sm")}
        >
          <ExternalLink aria-hidden="true" size={16} />
          Abrir en Google Maps
        </a>
      </div>

      {ride.routeKm !== null || ride.routeElev !== null ? (
        <p className="flex flex-wrap gap-4 text-sm font-semibold">
          {ride.routeKm !== null ? (
            <span className="inline-flex items-center gap-1">
              <Route aria-hidden="true" size={16} />
              {formatKm(ride.routeKm)}
            </span>
          ) : null}
          {ride.routeElev !== null ? (
            <span className="inline-flex items-center gap-1">
              <Mountain aria-hidden="true" size={16} />
              {formatMeters(ride.routeElev)}
            </span>
          ) : null}
        </p>
      ) : null}

      {ride.description ? (
        <div className="text-sm">
          <p className="font-bold">Comentarios adicionales:</p>
          <p className="whitespace-pre-line text-ink-soft">{ride.description}</p>
        </div>
      ) : null}

      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <p className="flex items-center gap-2">
          <span className="font-bold">Organizadora:</span>
          <Avatar
            avatarKey={ride.organizer.avatarKey}
            avatarUrl={ride.organizer.avatarUrl}
            size={28}
            alt=""
          />
          <span>{ride.organizer.username}</span>
        </p>
        <p className="font-semibold">
          Participantes {ride.participantCount}/{ride.capacity}
          {actions.showsWaitingCount ? (
            <span className="text-ink-soft"> · {MSG.waitingListCount(ride.waitingCount)}</span>
          ) : null}
        </p>
      </div>
      <RodeWithLine people={ride.viewer.rodeWith} />

      <div className="flex flex-wrap gap-2">
        {actions.canJoin ? (
          <Button onClick={onJoin} disabled={join.isPending}>
            UNIRME
          </Button>
        ) : null}
        <WaitingListButtons
          ride={ride}
          actions={actions}
          place={place}
          onJoined={(position) => {
            setJoinedListAt(position);
            setJoinedOpen(true);
          }}
        />
        {actions.canChat ? (
          actions.chatDisabled ? (
            <Button variant="secondary" disabled>
              <MessageCircle aria-hidden="true" size={18} />
              Chat
            </Button>
          ) : (
            <Link to={`/app/chat/${ride.id}`} className={buttonClass("secondary", "relative")}>
              <MessageCircle aria-hidden="true" size={18} />
              Chat
              {unread > 0 ? (
                <span className="absolute -right-1 -top-1 min-w-6 rounded-full bg-accent px-1.5 text-center text-xs font-extrabold text-ink">
                  {formatBadge(unread)}
                  <span className="sr-only"> mensajes sin leer</span>
                </span>
              ) : null}
            </Link>
          )
        ) : null}
        {actions.canLeave ? (
          <Button variant="ghost" onClick={onLeave} disabled={leave.isPending}>
            Desapuntarme
          </Button>
        ) : null}
        {actions.canShare ? (
          <Button variant="ghost" onClick={onShare}>
            <Share2 aria-hidden="true" size={18} />
            Compartir
          </Button>
        ) : null}
        {canCancelHere ? (
          <Button variant="ghost" className="text-danger" onClick={() => setCancelOpen(true)}>
            Cancelar salida
          </Button>
        ) : null}
      </div>
      <Suspense fallback={null}>
        {joinedOpen ? (
          <JoinDialog
            rideId={ride.id}
            open={joinedOpen}
            onOpenChange={setJoinedOpen}
            waitingPosition={joinedListAt}
          />
        ) : null}
        {canCancelHere && cancelOpen ? (
          <CancelDialog rideId={ride.id} open={cancelOpen} onOpenChange={setCancelOpen} />
        ) : null}
      </Suspense>
    </article>
  );
}

/** The card's loading placeholder. */
export function RideCardSkeleton() {
  return (
    <div
      aria-hidden="true"
      className="flex animate-pulse flex-col gap-3 rounded-3xl border border-line bg-surface p-4"
    >
      <div className="h-6 w-2/3 rounded-full bg-line/70" />
      <div className="flex gap-2">
        <div className="h-5 w-14 rounded-full bg-line/70" />
        <div className="h-5 w-14 rounded-full bg-line/70" />
        <div className="h-5 w-20 rounded-full bg-line/70" />
      </div>
      <div className="h-16 rounded-2xl bg-line/70" />
      <div className="h-10 w-28 rounded-full bg-line/70" />
    </div>
  );
}
