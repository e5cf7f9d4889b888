// The route's elevation along its distance: plain SVG, no charting library.
// Hovering, touching or the arrow keys pick a point; the route map marks the same point.
import { type KeyboardEvent, type PointerEvent, useId, useRef, useState } from "react";
import { formatKm, formatMeters } from "../../domain/format.ts";
import type { ProfilePoint } from "../../domain/gpx.ts";
import { ELEVATION_TEXT as TEXT } from "../../domain/texts/maps.ts";

const W = 320;
const H = 132;
const LEFT = 40;
const RIGHT = 8;
const TOP = 10;
const BOTTOM = 22;

/** What a screen reader hears instead of the chart: '15 km, 494 m de desnivel positivo, …'. */
export function profileSummary(route: {
  distanceKm: number | null;
  elevationGain: number | null;
  maxElevation: number | null;
}): string {
  const parts: string[] = [];
  if (route.distanceKm !== null) parts.push(formatKm(route.distanceKm));
  if (route.elevationGain !== null) {
    parts.push(TEXT.gain(formatMeters(route.elevationGain)));
  }
  if (route.maxElevation !== null) parts.push(TEXT.highest(formatMeters(route.maxElevation)));
  return parts.join(", ");
}

/** Index of the profile point nearest `km` (the points are in distance order). */
export function nearestPoint(profile: ProfilePoint[], km: number): number {
  let low = 0;
  let high = profile.length - 1;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (profile[mid]![0] < km) low = mid + 1;
    else high = mid;
  }
  if (low > 0 && km - profile[low - 1]![0] < profile[low]![0] - km) return low - 1;
  return low;
}

export function ElevationProfile({
  profile,
  summary,
  onPoint,
}: {
  profile: ProfilePoint[];
  summary: string;
  /** The point she is on, or null when she leaves the chart. */
  onPoint?: (point: ProfilePoint | null) => void;
}) {
  const id = useId();
  const svg = useRef<SVGSVGElement>(null);
  const [active, setActive] = useState<number | null>(null);
  const totalKm = Math.max(profile.at(-1)?.[0] ?? 0, 0.001);
  const heights = profile.map((p) => p[1]);
  const minEle = Math.min(...heights);
  const maxEle = Math.max(...heights);
  // A flat route still gets a band of 10 m, so its line sits mid-chart.
  const span = Math.max(maxEle - minEle, 10);
  const floor = minEle - (span - (maxEle - minEle)) / 2;
  const x = (km: number) => LEFT + (km / totalKm) * (W - LEFT - RIGHT);
  const y = (m: number) => TOP + (1 - (m - floor) / span) * (H - TOP - BOTTOM);
  const line = profile.map(
    (p, i) => `${i === 0 ? "M" : "L"}${x(p[0]).toFixed(1)} ${y(p[1]).toFixed(1)}`,
  );
  const area = `${line.join("")}L${x(totalKm).toFixed(1)} ${H - BOTTOM}L${LEFT} ${H - BOTTOM}Z`;

  function select(index: number | null) {
    setActive(index);
    onPoint?.(index === null ? null : profile[index]!);
  }

  function onPointer(event: PointerEvent<SVGSVGElement>) {
    const box = svg.current?.getBoundingClientRect();
    if (!box || box.width === 0) return;
    const chartX = ((event.clientX - box.left) / box.width) * W;
    const km = ((chartX - LEFT) / (W - LEFT - RIGHT)) * totalKm;
    select(nearestPoint(profile, Math.min(Math.max(km, 0), totalKm)));
  }

  function onKey(event: KeyboardEvent<HTMLDivElement>) {
    const last = profile.length - 1;
    const step = Math.max(1, Math.round(profile.length / 40));
    const moves: Record<string, number> = {
      ArrowRight: Math.min(last, (active ?? -1) + step),
      ArrowLeft: Math.max(0, (active ?? last + 1) - step),
      Home: 0,
      End: last,
    };
    const next = moves[event.key];
    if (next === undefined) {
      if (event.key === "Escape") select(null);
      return;
    }
    event.preventDefault();
    select(next);
  }

  const point = active === null ? null : profile[active];
  const readout = point
    ? TEXT.point(formatKm(point[0]).replace(" km", ""), formatMeters(Math.round(point[1])))
    : "";
  return (
    <figure className="flex flex-col gap-1" aria-labelledby={`${id}-summary`}>
      <figcaption id={`${id}-summary`} className="text-sm font-semibold">
        {TEXT.title} <span data-testid="profile-summary">{summary}</span>
      </figcaption>
      <div
        tabIndex={0}
        role="slider"
        aria-label={TEXT.slider}
        aria-valuemin={0}
        aria-valuemax={Math.round(totalKm * 10) / 10}
        aria-valuenow={point ? Math.round(point[0] * 10) / 10 : 0}
        aria-valuetext={readout || TEXT.start}
        onKeyDown={onKey}
        onBlur={() => select(null)}
        className="rounded-2xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
      >
        <svg
          ref={svg}
          viewBox={`0 0 ${W} ${H}`}
          className="block h-auto w-full touch-pan-y select-none"
          aria-hidden="true"
          data-testid="elevation-profile"
          onPointerMove={onPointer}
          onPointerDown={onPointer}
          onPointerLeave={(event) => {
            if (event.pointerType === "mouse") select(null);
          }}
        >
          <path d={area} fill="#C2185B" fillOpacity={0.12} />
          <path d={line.join("")} fill="none" stroke="#C2185B" strokeWidth={2} />
          <line x1={LEFT} x2={W - RIGHT} y1={H - BOTTOM} y2={H - BOTTOM} stroke="#8a7f8f" />
          <text x={LEFT - 4} y={y(maxEle) + 4} textAnchor="end" fontSize={10} fill="#5c5163">
            {formatMeters(Math.round(maxEle))}
          </text>
          <text x={LEFT - 4} y={y(minEle) + 4} textAnchor="end" fontSize={10} fill="#5c5163">
            {formatMeters(Math.round(minEle))}
          </text>
          <text x={LEFT} y={H - 6} fontSize={10} fill="#5c5163">
            {formatKm(0)}
          </text>
          <text x={W - RIGHT} y={H - 6} textAnchor="end" fontSize={10} fill="#5c5163">
            {formatKm(totalKm)}
          </text>
          {point ? (
            <g>
              <line
                x1={x(point[0])}
                x2={x(point[0])}
                y1={TOP}
                y2={H - BOTTOM}
                stroke="#1F1A24"
                strokeDasharray="3 3"
              />
              <circle cx={x(point[0])} cy={y(point[1])} r={4.5} fill="#FFB300" stroke="#1F1A24" />
            </g>
          ) : null}
        </svg>
      </div>
      <p className="min-h-5 text-sm text-ink-soft" aria-live="polite" data-testid="profile-readout">
        {readout}
      </p>
    </figure>
  );
}
