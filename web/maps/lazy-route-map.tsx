import { type ComponentProps, lazy, Suspense } from "react";
import { Skeleton } from "../components/feedback.tsx";

// Leaflet and its CSS come with these modules only: screens without a map never load them.
const loadMaps = () => import("./route-map.tsx");
const RouteMap = lazy(loadMaps);
const PinMap = lazy(() => loadMaps().then((m) => ({ default: m.PinMap })));
const AreaMap = lazy(() => loadMaps().then((m) => ({ default: m.AreaMap })));
const PinPicker = lazy(() => loadMaps().then((m) => ({ default: m.PinPicker })));
const RouteView = lazy(() => import("./route-view.tsx"));

/** The route map, loaded on demand with a placeholder of its size. */
export function LazyRouteMap(props: ComponentProps<typeof RouteMap>) {
  return (
    <Suspense fallback={<Skeleton className="h-64 w-full" />}>
      <RouteMap {...props} />
    </Suspense>
  );
}

/** The route map with its elevation profile (ride detail). */
export function LazyRouteView(props: ComponentProps<typeof RouteView>) {
  return (
    <Suspense fallback={<Skeleton className="h-96 w-full" />}>
      <RouteView {...props} />
    </Suspense>
  );
}

/** The meeting pin on a small map (ride detail). */
export function LazyPinMap(props: ComponentProps<typeof PinMap>) {
  return (
    <Suspense fallback={<Skeleton className="h-44 w-full" />}>
      <PinMap {...props} />
    </Suspense>
  );
}

/** An approval ride's approximate area on a small map (ride detail, outside its group). */
export function LazyAreaMap(props: ComponentProps<typeof AreaMap>) {
  return (
    <Suspense fallback={<Skeleton className="h-44 w-full" />}>
      <AreaMap {...props} />
    </Suspense>
  );
}

/** The map on which she places the meeting pin (ride form). */
export function LazyPinPicker(props: ComponentProps<typeof PinPicker>) {
  return (
    <Suspense fallback={<Skeleton className="h-56 w-full" />}>
      <PinPicker {...props} />
    </Suspense>
  );
}
