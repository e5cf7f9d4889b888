import { CalendarPlus, Download, Pencil, Trash2, XCircle } from "lucide-react";
import { useDeferredValue, useState } from "react";
import { Link, useNavigate, useParams } from "react-router-dom";
import type { RideDetail, RidePerson } from "../../domain/api/rides.ts";
import { ApiError, errorText } from "../../domain/errors.ts";
import { MSG } from "../../domain/messages.ts";
import { canDeleteRide, rideCardActions } from "../../domain/ride-card.ts";
import { SHELL_TEXT } from "../../domain/texts/app.ts";
import { ROUTE_LOCKED_TEXT, RIDE_DETAIL_TEXT as TEXT } from "../../domain/texts/rides-detail.ts";
import { hasStarted } from "../../domain/time.ts";
import { Avatar } from "../components/avatar.tsx";
import { BackButton } from "../components/back-button.tsx";
import { Button, ButtonLink, buttonClass } from "../components/button.tsx";
import { ConfirmDialog } from "../components/dialog.tsx";
import { EmptyState, LoadFailed, RetryButton, Skeleton } from "../components/feedback.tsx";
import { isNotFound } from "../lib/api.ts";
import { toast } from "../lib/toast.ts";
import { LazyRouteView } from "../maps/lazy-route-map.tsx";
import { SaveMap } from "../maps/save-map.tsx";
import { useDeleteRide, useRide, useRideRoute } from "../ride-core/queries.ts";
import { SweeperField } from "../ride-day/sweeper-field.tsx";
import { RequestsCard } from "../ride-requests/requests-card.tsx";
import { ReportRideButton } from "../safety/report-ride.tsx";
import { SeriesCard } from "../series/series-card.tsx";
import { VerifiedBadge } from "../verification/verified-badge.tsx";
import { VerifiedOnlyNotice } from "../verification/verified-only-notice.tsx";
import { VouchCard } from "../verification/vouch-card.tsx";
import { WeatherCard } from "../weather/weather-card.tsx";
import { CancelDialog } from "./cancel-dialog.tsx";
import { ConnectionsSlot } from "./connections-slot.tsx";
import { RideCard } from "./ride-card.tsx";

/** /app/ride/:id — any rider with a profile can open it (docs/product.md#ride-detail). */
export default function RideDetailScreen() {
  const { id = "" } = useParams();
  const ride = useRide(id);
  // Deleted, never there or an id no ride can have (the API's 400): nothing to keep showing, even
  // from an earlier load.
  const notFound =
    isNotFound(ride.error) || (ride.error instanceof ApiError && ride.error.status === 400);
  // When the ride arrives after the first render, its page renders as a deferred update, which
  // React splits into short slices, not in one long task (its cards, their queries, the map's
  // loader). Later answers (a join, a refetch) show at once.
  const arrived = useDeferredValue(ride.data !== undefined);

  return (
    <div className="flex flex-col gap-4">
      <BackButton fallback="/app/feed" />
      {ride.isPending || (ride.data && !arrived) ? (
        <>
          <Skeleton className="h-80" />
          <Skeleton className="h-40" />
        </>
      ) : notFound ? (
        <EmptyState
          action={
            <ButtonLink to="/app/feed" variant="secondary">
              {SHELL_TEXT.backHome}
            </ButtonLink>
          }
        >
          <p className="font-bold">{MSG.rideNotFound}</p>
        </EmptyState>
      ) : ride.data ? (
        // A failed refetch (focus, after a join) keeps the ride she is reading on screen.
        <DetailContent ride={ride.data.ride} />
      ) : (
        <LoadFailed error={ride.error} onRetry={() => ride.refetch()}>
          <p className="font-bold">{MSG.rideDetailLoadFailed}</p>
        </LoadFailed>
      )}
    </div>
  );
}

function DetailContent({ ride }: { ride: RideDetail }) {
  const cancelled = ride.status === "cancelled";
  const future = !hasStarted(ride.startTime, Date.now());
  // The organizer's view of her list, while it is open.
  const waitingList =
    !cancelled && !hasStarted(ride.startTime, Date.now()) ? (ride.waitingList ?? []) : [];
  return (
    <>
      <h1 className="sr-only">{ride.title}</h1>
      {/* Hers, at the top; requests made before she opened the ride stay hers to answer. */}
      {ride.requests &&
      !cancelled &&
      future &&
      (ride.joinMode === "approval" || ride.requests.length > 0) ? (
        <RequestsCard ride={ride} />
      ) : null}
      <RideCard ride={ride} place="detail" />
      {/* With a route, the route's card saves the corridor and the pin together. */}
      {ride.meetingPin && !ride.hasRoute && ride.viewer.joined && !cancelled ? (
        <SaveMap
          rideId={ride.id}
          startTime={ride.startTime}
          segments={NO_ROUTE}
          pin={ride.meetingPin}
        />
      ) : null}
      {ride.verifiedOnly && !ride.viewer.joined && !cancelled && future ? (
        <VerifiedOnlyNotice />
      ) : null}
      {!cancelled ? (
        <WeatherCard
          ride={ride}
          cancelDialog={(dialog) => (
            <CancelDialog rideId={ride.id} inSeries={ride.series !== null} {...dialog} />
          )}
        />
      ) : null}
      <CalendarLink ride={ride} />
      {/* Usually below the fold: laid out once scrolled near (offscreen-lazy, styles.css). */}
      <div className="offscreen-lazy flex flex-col gap-4">
        <SeriesCard ride={ride} />
        <ParticipantsCard ride={ride} />
        {waitingList.length > 0 ? <WaitingListCard people={waitingList} /> : null}
        {ride.viewer.isOrganizer && !cancelled ? <ManagementCard ride={ride} /> : null}
      </div>
      <div className="offscreen-lazy flex flex-col gap-4">
        {!cancelled ? <RouteCard ride={ride} /> : null}
        {!cancelled ? <ConnectionsSlot ride={ride} /> : null}
        {!cancelled && ride.viewer.joined ? (
          <VouchCard rideId={ride.id} startTime={ride.startTime} />
        ) : null}
        {ride.viewer.isOrganizer ? null : <ReportRideButton rideId={ride.id} />}
      </div>
    </>
  );
}

/**
 * 'Añadir al calendario' (docs/product.md#calendar): the ride as an .ics event; opening it again
 * after a change updates it.
 */
function CalendarLink({ ride }: { ride: RideDetail }) {
  return (
    <a
      href={`/api/rides/${encodeURIComponent(ride.id)}/calendar.ics`}
      download
      className={buttonClass("secondary", "self-start")}
    >
      <CalendarPlus aria-hidden="true" size={18} />
      {TEXT.addToCalendar}
    </a>
  );
}

/** A rider with her avatar: one link to her profile, 44 px high; a gone account is not one. */
function PersonLink({ person }: { person: RidePerson }) {
  const avatar = (
    <Avatar avatarKey={person.avatarKey} avatarUrl={person.avatarUrl} size={32} alt="" />
  );
  if (!person.id || !person.username) {
    return (
      <span className="flex min-h-11 items-center gap-2">
        {avatar}
        {person.username}
      </span>
    );
  }
  return (
    <span className="flex items-center gap-1.5">
      <Link
        to={`/app/profile/${encodeURIComponent(person.username)}`}
        className="flex min-h-11 items-center gap-2 underline"
      >
        {avatar}
        {person.username}
      </Link>
      <VerifiedBadge verified={person.verified} />
    </span>
  );
}

function ParticipantsCard({ ride }: { ride: RideDetail }) {
  return (
    <section
      className="rounded-3xl border border-line bg-surface p-4"
      aria-labelledby="participantes"
    >
      <h2 id="participantes" className="mb-3 text-lg font-extrabold">
        {TEXT.participants} {ride.participantCount}/{ride.capacity}
      </h2>
      <ul className="flex flex-wrap gap-3">
        {ride.participants.map((p, i) => (
          <li key={p.id ?? i} className="text-sm">
            <PersonLink person={p} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The organizer's view of her ride's waiting list, in order
 * (docs/product.md#ride-waiting-list).
 */
function WaitingListCard({ people }: { people: RidePerson[] }) {
  return (
    <section className="rounded-3xl border border-line bg-surface p-4" aria-labelledby="espera">
      <h2 id="espera" className="mb-1 text-lg font-extrabold">
        {MSG.waitingListCount(people.length)}
      </h2>
      <p className="mb-3 text-sm text-ink-soft">{TEXT.waitingListRule}</p>
      <ol className="flex flex-col gap-2">
        {people.map((p, i) => (
          <li key={p.id ?? i} className="flex items-center gap-2 text-sm">
            <span className="w-6 text-right font-bold text-ink-soft">{i + 1}.</span>
            <PersonLink person={p} />
          </li>
        ))}
      </ol>
    </section>
  );
}

function ManagementCard({ ride }: { ride: RideDetail }) {
  const navigate = useNavigate();
  const remove = useDeleteRide();
  const [cancelOpen, setCancelOpen] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const future = !hasStarted(ride.startTime, Date.now());
  // Offered only when the API would take it: nobody else in the ride, at any time.
  const deletable = canDeleteRide({
    isOrganizer: ride.viewer.isOrganizer,
    participantCount: ride.participantCount,
  });

  async function onDelete() {
    try {
      await remove.mutateAsync(ride.id);
      toast.success(MSG.rideDeletedSuccess);
      setDeleteOpen(false);
      navigate("/app/my-rides");
    } catch (error) {
      setDeleteOpen(false);
      toast.error(MSG.deleteFailed, {
        description: errorText(error),
      });
    }
  }

  return (
    <section className="rounded-3xl border border-line bg-surface p-4" aria-labelledby="gestion">
      <h2 id="gestion" className="mb-3 text-lg font-extrabold">
        {TEXT.manage}
      </h2>
      <div className="flex flex-wrap gap-2">
        {future ? (
          <ButtonLink to={`/app/create?edit=${ride.id}`} variant="secondary">
            <Pencil aria-hidden="true" size={18} />
            {TEXT.edit}
          </ButtonLink>
        ) : null}
        {future ? (
          <Button variant="secondary" onClick={() => setCancelOpen(true)}>
            <XCircle aria-hidden="true" size={18} />
            {TEXT.cancel}
          </Button>
        ) : null}
        {deletable ? (
          <Button variant="danger" onClick={() => setDeleteOpen(true)}>
            <Trash2 aria-hidden="true" size={18} />
            {TEXT.delete}
          </Button>
        ) : null}
      </div>
      <SweeperField ride={ride} />
      <CancelDialog
        rideId={ride.id}
        inSeries={ride.series !== null}
        open={cancelOpen}
        onOpenChange={setCancelOpen}
      />
      <ConfirmDialog
        open={deleteOpen}
        onOpenChange={setDeleteOpen}
        title={TEXT.deleteTitle}
        description={TEXT.deleteText}
        confirmLabel={TEXT.deleteConfirm}
        busy={remove.isPending}
        onConfirm={onDelete}
      />
    </section>
  );
}

/** A pin-only ride's saved map is its meeting area alone. */
const NO_ROUTE: [number, number][][] = [];

/**
 * What 'Ruta completa' says to a rider outside the group: the way in she has now, or that the
 * route is for those who ride (declined, expired, started, or nothing left to ask).
 */
function routeLockedText(ride: RideDetail): string {
  const actions = rideCardActions({
    ride: { ...ride, organizerId: ride.organizer.id ?? "" },
    viewerId: null,
    isParticipant: ride.viewer.joined,
    participantCount: ride.participantCount,
    waitingCount: ride.waitingCount,
    waitingPosition: ride.viewer.waitingPosition,
    joinMode: ride.joinMode,
    request: ride.viewer.request,
    now: Date.now(),
  });
  if (actions.canJoin) return ROUTE_LOCKED_TEXT.join;
  if (actions.canJoinWaitingList) return ROUTE_LOCKED_TEXT.joinWaitingList;
  if (actions.onWaitingList) return ROUTE_LOCKED_TEXT.onWaitingList;
  if (actions.canRequest) return ROUTE_LOCKED_TEXT.request;
  if (ride.viewer.request === "pending") return ROUTE_LOCKED_TEXT.requested;
  return ROUTE_LOCKED_TEXT.participantsOnly;
}

/**
 * Map with start, finish and meeting pin, the elevation profile and the GPX download: for
 * participants of rides with a route (docs/product.md#route-and-gpx).
 */
function RouteCard({ ride }: { ride: RideDetail }) {
  const canSee = ride.viewer.joined && ride.hasRoute;
  const route = useRideRoute(ride.id, canSee);
  if (!ride.hasRoute) return null;
  return (
    <section className="rounded-3xl border border-line bg-surface p-4" aria-labelledby="ruta">
      <h2 id="ruta" className="mb-3 text-lg font-extrabold">
        {TEXT.route}
      </h2>
      {!canSee ? (
        <p className="text-ink-soft">{routeLockedText(ride)}</p>
      ) : route.isPending ? (
        <Skeleton className="h-64 w-full" />
      ) : isNotFound(route.error) ? (
        <p className="text-ink-soft">{MSG.routeNotAvailable}</p>
      ) : !route.data ? (
        // Any other failure says so, with a retry: the route is there (hasRoute).
        <div className="flex flex-col items-start gap-2">
          <p className="text-ink-soft">{MSG.routeLoadFailed}</p>
          <RetryButton onRetry={() => route.refetch()} />
        </div>
      ) : (
        <div className="flex flex-col gap-3">
          <LazyRouteView
            route={route.data}
            label={TEXT.routeMapOf(ride.title)}
            pin={ride.meetingPin}
          />
          <div className="flex flex-wrap gap-2">
            <a
              href={`/api/rides/${encodeURIComponent(ride.id)}/gpx`}
              download
              className={buttonClass("secondary")}
            >
              <Download aria-hidden="true" size={18} />
              {TEXT.downloadGpx}
            </a>
          </div>
          <SaveMap
            rideId={ride.id}
            startTime={ride.startTime}
            segments={route.data.segments}
            pin={ride.meetingPin}
          />
        </div>
      )}
    </section>
  );
}
