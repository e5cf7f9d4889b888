// The ride page's "Próximas fechas de la grupeta" (docs/product.md#regular-grupetas): the series'
// next dates with her place in each, "Apuntarme a las próximas" and "Dejar la serie". Each date
// reads as its ride card does: the time on the ride's clock with its zone's name when hers
// differs, and her request on a 'Con aprobación' date rather than its places.
import { CalendarCheck, CalendarX, Hourglass, Repeat } from "lucide-react";
import { Link } from "react-router-dom";
import type { RideDetail } from "../../domain/api/rides.ts";
import { errorText } from "../../domain/errors.ts";
import { MSG } from "../../domain/messages.ts";
import { labelledTime, rideStartTexts } from "../../domain/ride-time.ts";
import type { SeriesDate } from "../../domain/series.ts";
import { SERIES_MARKS } from "../../domain/series-marks.ts";
import { SERIES_TEXTS } from "../../domain/series-texts.ts";
import { SERIES_CARD_TEXT as TEXT } from "../../domain/texts/series.ts";
import { Button } from "../components/button.tsx";
import { Chip } from "../components/chip.tsx";
import { RetryButton, Skeleton } from "../components/feedback.tsx";
import { toast } from "../lib/toast.ts";
import { useJoinSeries, useLeaveSeries, useSeriesDates } from "./queries.ts";

function DateLine({ date, zone, current }: { date: SeriesDate; zone: string; current: boolean }) {
  const start = rideStartTexts({ startTime: date.startTime, timeZone: zone });
  const when = `${start.longDate}, ${labelledTime(start)}`;
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-1">
      {current ? (
        <span className="font-bold" aria-current="page">
          {when}
        </span>
      ) : (
        <Link
          to={`/app/ride/${encodeURIComponent(date.id)}`}
          className="inline-flex min-h-11 items-center underline"
        >
          {when}
        </Link>
      )}
      <span className="flex flex-wrap gap-1">
        {date.status === "cancelled" ? (
          <Chip tone="neutral">
            <CalendarX aria-hidden="true" size={12} />
            {TEXT.cancelled}
          </Chip>
        ) : date.joined ? (
          <Chip tone="success">
            <CalendarCheck aria-hidden="true" size={12} />
            {TEXT.going}
          </Chip>
        ) : date.waiting ? (
          <Chip tone="accent">{TEXT.waiting}</Chip>
        ) : date.request === "pending" ? (
          <Chip tone="accent">
            <Hourglass aria-hidden="true" size={12} />
            {MSG.requestPendingShort}
          </Chip>
        ) : date.request === "declined" ? (
          <Chip tone="neutral">{MSG.requestDeclined}</Chip>
        ) : date.placesLeft === 0 ? (
          <Chip tone="neutral">{TEXT.full}</Chip>
        ) : (
          <Chip tone="neutral">{TEXT.places(date.placesLeft)}</Chip>
        )}
      </span>
    </li>
  );
}

export function SeriesCard({ ride }: { ride: RideDetail }) {
  const series = useSeriesDates(ride.id, ride.series !== null);
  const join = useJoinSeries();
  const leave = useLeaveSeries();
  if (!ride.series) return null;
  // The series' dates keep its clock, the one this date stores.
  const zone = ride.timeZone;
  const busy = join.isPending || leave.isPending;

  async function onJoin() {
    try {
      const result = await join.mutateAsync(ride.id);
      toast.success(SERIES_TEXTS.joinedNext(result.joined, result.waiting, result.requested));
    } catch (error) {
      toast.error(errorText(error, TEXT.joinFailed));
    }
  }

  async function onLeave() {
    try {
      await leave.mutateAsync(ride.id);
      toast.success(SERIES_TEXTS.leftSeries);
    } catch (error) {
      toast.error(errorText(error, TEXT.leaveFailed));
    }
  }

  const data = series.data;
  const inAny = data?.dates.some((d) => d.joined || d.waiting) ?? false;
  return (
    <section className="rounded-3xl border border-line bg-surface p-4" aria-labelledby="serie">
      <h2 id="serie" className="mb-1 flex items-center gap-2 text-lg font-extrabold">
        <Repeat aria-hidden="true" size={18} />
        {SERIES_TEXTS.nextDates}
      </h2>
      <p className="mb-2 text-sm text-ink-soft">{SERIES_MARKS[ride.series.everyWeeks]}</p>
      {series.isPending ? (
        <div className="flex flex-col gap-2" aria-busy="true">
          <Skeleton className="h-6 w-3/4" />
          <Skeleton className="h-6 w-2/3" />
        </div>
      ) : !data ? (
        <div className="flex flex-col items-start gap-2">
          <p className="text-ink-soft">{TEXT.loadFailed}</p>
          <RetryButton onRetry={() => series.refetch()} />
        </div>
      ) : data.dates.length === 0 ? (
        <p className="text-ink-soft">{SERIES_TEXTS.noNextDates}</p>
      ) : (
        <ul className="divide-y divide-line text-sm">
          {data.dates.map((date) => (
            <DateLine key={date.id} date={date} zone={zone} current={date.id === ride.id} />
          ))}
        </ul>
      )}
      {data && !data.series.isOrganizer && data.dates.length > 0 ? (
        <div className="mt-3 flex flex-wrap gap-2">
          {!data.series.following ? (
            <Button onClick={onJoin} disabled={busy}>
              {join.isPending ? TEXT.joining : SERIES_TEXTS.joinNext}
            </Button>
          ) : null}
          {data.series.following || inAny ? (
            <Button variant="secondary" onClick={onLeave} disabled={busy}>
              {leave.isPending ? TEXT.leaving : SERIES_TEXTS.leaveSeries}
            </Button>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
