// The ride card's presentational pieces (ride-card.tsx): its chips, meeting point, route
// measures, organizer and places, and the chat button with her unread count.
import {
  BadgeCheck,
  Calendar,
  Clock,
  ExternalLink,
  LocateFixed,
  MapPin,
  MessageCircle,
  Mountain,
  Repeat,
  Route,
} from "lucide-react";
import { Link } from "react-router-dom";
import type { RideSummary } from "../../domain/api/rides.ts";
import { LEVEL_LABELS, MODALITY_LABELS, SOCIAL_TAG_LABELS } from "../../domain/constants.ts";
import { formatDistance, formatKm, formatMeters } from "../../domain/format.ts";
import { MSG } from "../../domain/messages.ts";
import type { RideCardActions } from "../../domain/ride-card.ts";
import { labelledTime, rideStartTexts } from "../../domain/ride-time.ts";
import { SERIES_MARKS } from "../../domain/series-marks.ts";
import { meetingMapsUrl } from "../../domain/share.ts";
import { type RideCardPlace, RIDE_CARD_TEXT as TEXT } from "../../domain/texts/rides-card.ts";
import { VERIFICATION_MSG } from "../../domain/verification.ts";
import { UnreadBadge } from "../chat/unread-badge.tsx";
import { Avatar } from "../components/avatar.tsx";
import { Button, buttonClass } from "../components/button.tsx";
import { Chip } from "../components/chip.tsx";
import { LazyAreaMap, LazyPinMap } from "../maps/lazy-route-map.tsx";
import { VerifiedBadge } from "../verification/verified-badge.tsx";

/** Day, time (with the ride's zone when it is not hers), city, distance from her, modalities, level, tags. */
export function RideCardChips({ ride }: { ride: RideSummary }) {
  const start = rideStartTexts(ride);
  return (
    <div className="flex flex-wrap gap-1.5">
      <Chip tone="primary">
        <Calendar aria-hidden="true" size={12} />
        {start.dayMonth}
      </Chip>
      <Chip tone="primary">
        <Clock aria-hidden="true" size={12} />
        {labelledTime(start)}
      </Chip>
      <Chip tone="accent">
        <MapPin aria-hidden="true" size={12} />
        {ride.city}
      </Chip>
      {ride.series ? (
        <Chip tone="primary">
          <Repeat aria-hidden="true" size={12} />
          {SERIES_MARKS[ride.series.everyWeeks]}
        </Chip>
      ) : null}
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
      {ride.verifiedOnly ? (
        <Chip tone="primary">
          <BadgeCheck aria-hidden="true" size={12} />
          {VERIFICATION_MSG.verifiedOnlyOption}
        </Chip>
      ) : null}
      {ride.socialTags.map((t) => (
        <Chip key={t} tone="success">
          {SOCIAL_TAG_LABELS[t]}
        </Chip>
      ))}
    </div>
  );
}

/** 'Punto de encuentro', its pin on the ride's page, and the Google Maps link. */
export function RideCardMeetingPoint({ ride, place }: { ride: RideSummary; place: RideCardPlace }) {
  if (ride.meetingPoint === null) return <RideCardMeetingArea ride={ride} place={place} />;
  const meetingPoint = ride.meetingPoint;
  return (
    <div className="flex flex-col gap-2 rounded-2xl bg-bg p-3">
      <p className="text-sm">
        <span className="font-bold">{TEXT.meetingPoint} </span>
        {meetingPoint}
      </p>
      {place === "detail" && ride.meetingPin ? (
        <LazyPinMap pin={ride.meetingPin} label={TEXT.meetingPointOf(meetingPoint)} />
      ) : null}
      <a
        href={meetingMapsUrl({ ...ride, meetingPoint })}
        target="_blank"
        rel="noopener noreferrer"
        className={buttonClass("ghost", "self-start px-2 text-sm")}
      >
        <ExternalLink aria-hidden="true" size={16} />
        {TEXT.openInMaps}
      </a>
    </div>
  );
}

/**
 * An approval ride seen from outside its group (docs/product.md#join-by-approval): the city and an
 * approximate area; the exact point comes once she is accepted.
 */
function RideCardMeetingArea({ ride, place }: { ride: RideSummary; place: RideCardPlace }) {
  return (
    <div className="flex flex-col gap-2 rounded-2xl bg-bg p-3">
      <p className="text-sm">
        <span className="font-bold">{MSG.meetingAreaLabel}: </span>
        {ride.city}
      </p>
      <p className="text-sm text-ink-soft">{MSG.meetingAreaHidden}</p>
      {place === "detail" && ride.meetingArea ? (
        <LazyAreaMap
          area={ride.meetingArea}
          label={TEXT.meetingAreaOf(MSG.meetingAreaLabel, ride.city)}
        />
      ) : null}
    </div>
  );
}

/** The route's kilometres and climbing, when the ride has them. */
export function RideCardRoute({ ride }: { ride: RideSummary }) {
  if (ride.routeKm === null && ride.routeElev === null) return null;
  return (
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
  );
}

/** The organizer, and the places taken (with the waiting list when there is one). */
export function RideCardPeople({
  ride,
  showsWaitingCount,
}: {
  ride: RideSummary;
  showsWaitingCount: boolean;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
      <p className="flex items-center gap-2">
        <span className="font-bold">{TEXT.organizer}</span>
        <Avatar
          avatarKey={ride.organizer.avatarKey}
          avatarUrl={ride.organizer.avatarUrl}
          size={28}
          alt=""
        />
        <span>{ride.organizer.username}</span>
        <VerifiedBadge verified={ride.organizer.verified} />
      </p>
      <p className="font-semibold">
        {TEXT.participants} {ride.participantCount}/{ride.capacity}
        {showsWaitingCount ? (
          <span className="text-ink-soft"> · {MSG.waitingListCount(ride.waitingCount)}</span>
        ) : null}
      </p>
    </div>
  );
}

/** 'Chat': a link with her unread count, or disabled when the chat is not open to her. */
export function RideCardChatButton({
  rideId,
  actions,
  unread,
}: {
  rideId: string;
  actions: Pick<RideCardActions, "chatDisabled">;
  unread: number;
}) {
  return actions.chatDisabled ? (
    <Button variant="secondary" disabled>
      <MessageCircle aria-hidden="true" size={18} />
      {TEXT.chat}
    </Button>
  ) : (
    <Link to={`/app/chat/${rideId}`} className={buttonClass("secondary", "relative")}>
      <MessageCircle aria-hidden="true" size={18} />
      {TEXT.chat}
      <UnreadBadge
        count={unread}
        className="absolute -right-1 -top-1 min-w-6 rounded-full bg-accent px-1.5 text-center text-xs font-extrabold text-ink"
      />
    </Link>
  );
}
