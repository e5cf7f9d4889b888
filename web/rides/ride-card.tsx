import clsx from "clsx";
import { Share2 } from "lucide-react";
import { useRef } from "react";
import { Link, useNavigate } from "react-router-dom";
import type { RideSummary } from "../../domain/api/rides.ts";
import { MSG } from "../../domain/messages.ts";
import { myRidesBucket } from "../../domain/ride-card.ts";
import { type RideCardPlace, RIDE_CARD_TEXT as TEXT } from "../../domain/texts/rides-card.ts";
import { useUnreadForRide } from "../chat/unread.ts";
import { Button } from "../components/button.tsx";
import { RequestPlace } from "../ride-requests/request-place.tsx";
import { RideCardDialogs } from "./ride-card-dialogs.tsx";
import {
  RideCardChatButton,
  RideCardChips,
  RideCardMeetingPoint,
  RideCardPeople,
  RideCardRoute,
} from "./ride-card-parts.tsx";
import { RideGroupLine } from "./ride-group-line.tsx";
import { RodeWithLine } from "./rode-with-line.tsx";
import { useRideCardActions } from "./use-ride-card-actions.ts";
import { WaitingListButtons } from "./waiting-list-buttons.tsx";

/**
 * The ride card of docs/product.md#ride-card: every list and the detail page show rides with it.
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
  const card = useRideCardActions(ride, place);
  const { actions } = card;
  const opensDetail = place === "list" && actions.opensDetailOnClick;
  // On the ride's page the organizer cancels from 'Gestiona tu salida'
  // (docs/product.md#ride-detail).
  const canCancelHere = place === "list" && actions.canCancel;
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const detailPath = `/app/ride/${ride.id}`;
  // Focus comes back here from a dialog whose button is gone ('UNIRME' once she joined).
  const cardRef = useRef<HTMLElement>(null);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the title link is the keyboard path to the detail
    <article
      ref={cardRef}
      tabIndex={-1}
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
          {ride.cancelledByOrganizer ? MSG.cancelledBanner : MSG.cancelledNeutralBanner}
        </p>
      ) : null}
      <Heading className="text-lg font-extrabold leading-snug">
        {opensDetail ? (
          // 44 px to tap: the padding reaches into the card's padding and gap, not its layout.
          <Link to={detailPath} className="-my-2.5 block py-2.5 hover:underline">
            {ride.title}
          </Link>
        ) : (
          ride.title
        )}
      </Heading>
      <RideGroupLine group={ride.group} />
      {ride.pendingRequests > 0 ? (
        <p className="self-start rounded-full bg-primary px-3 py-1 text-sm font-bold text-white">
          {MSG.requestsCount(ride.pendingRequests)}
        </p>
      ) : null}
      <RideCardChips ride={ride} />
      <RideCardMeetingPoint ride={ride} place={place} />
      <RideCardRoute ride={ride} />

      {ride.description ? (
        <div className="text-sm">
          <p className="font-bold">{TEXT.description}</p>
          <p className="whitespace-pre-line text-ink-soft">{ride.description}</p>
        </div>
      ) : null}
      <RideCardPeople ride={ride} showsWaitingCount={actions.showsWaitingCount} />
      <RodeWithLine
        people={ride.viewer.rodeWith}
        past={myRidesBucket(ride, Date.now()) === "past"}
      />

      <div className="flex flex-wrap gap-2">
        {actions.canJoin ? (
          <Button onClick={card.onJoin} disabled={card.join.isPending}>
            {TEXT.join}
          </Button>
        ) : null}
        {ride.joinMode === "approval" && !ride.viewer.joined && !ride.viewer.isOrganizer ? (
          <RequestPlace ride={ride} canRequest={actions.canRequest} />
        ) : null}
        <WaitingListButtons
          ride={ride}
          actions={actions}
          place={place}
          onJoined={(position) => {
            card.setJoinedListAt(position);
            card.setJoinedOpen(true);
          }}
        />
        {actions.canChat ? (
          <RideCardChatButton rideId={ride.id} actions={actions} unread={unread} />
        ) : null}
        {actions.canLeave ? (
          <Button variant="ghost" onClick={card.onLeave} disabled={card.leave.isPending}>
            {TEXT.leave}
          </Button>
        ) : null}
        {actions.canShare ? (
          <Button variant="ghost" onClick={card.onShare}>
            <Share2 aria-hidden="true" size={18} />
            {TEXT.share}
          </Button>
        ) : null}
        {canCancelHere ? (
          <Button variant="ghost" className="text-danger" onClick={() => card.setCancelOpen(true)}>
            {TEXT.cancel}
          </Button>
        ) : null}
      </div>
      <RideCardDialogs
        rideId={ride.id}
        joinedOpen={card.joinedOpen}
        onJoinedOpenChange={card.setJoinedOpen}
        waitingPosition={card.joinedListAt}
        cancelOpen={canCancelHere && card.cancelOpen}
        onCancelOpenChange={card.setCancelOpen}
        inSeries={ride.series !== null}
        returnFocusTo={cardRef}
      />
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
