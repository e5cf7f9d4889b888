// The detail's route: the map, and under it the elevation profile, which marks on the map the
// point she hovers or touches. Loaded lazily with Leaflet (lazy-route-map.tsx).
import { useState } from "react";
import type { RideRouteResponse } from "../../domain/api/rides.ts";
import type { MeetingPin } from "../../domain/schemas.ts";
import { MAP_TEXT } from "../../domain/texts/maps.ts";
import { ElevationProfile, profileSummary } from "./elevation-profile.tsx";
import RouteMap from "./route-map.tsx";

export default function RouteView({
  route,
  label,
  pin,
}: {
  route: RideRouteResponse;
  label: string;
  pin?: MeetingPin | null;
}) {
  const [highlight, setHighlight] = useState<[number, number] | null>(null);
  return (
    <div className="flex flex-col gap-3">
      <RouteMap segments={route.segments} label={label} pin={pin} highlight={highlight} />
      {route.profile.length > 1 ? (
        <ElevationProfile
          profile={route.profile}
          summary={profileSummary(route)}
          onPoint={(point) => setHighlight(point ? [point[2], point[3]] : null)}
        />
      ) : route.segments.length > 0 ? (
        <p className="text-sm text-ink-soft">{MAP_TEXT.noProfile}</p>
      ) : null}
    </div>
  );
}
