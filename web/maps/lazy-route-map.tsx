import { type ComponentProps, lazy, Suspense } from "react";
import { Skeleton } from "../components/feedback.tsx";

// Leaflet and its CSS come with these modules only: screens without a map never load them.
// They load once the page is idle, each library evaluated in a task of its own (Leaflet, the
// archive format, the basemap's drawing code, then ours): evaluated together with the screen's
// first render they were one long task of 40-90 ms on a phone (docs/benchmarks.md, the runs of
// 2026-11-29 08:00).
let mapsModule: Promise<typeof import("./route-map.tsx")> | null = null;
const loadMaps = () => {
  mapsModule ??= loadInSteps();
  return mapsModule;
};

async function loadInSteps() {
  await whenIdle();
  for (const step of [
    () => import("leaflet"),
    () => import("pmtiles"),
    () => import("protomaps-leaflet"),
  ]) {
    await step();
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return import("./route-map.tsx");
}

/** Resolves when the main thread has nothing else to do (or after a second at most). */
function whenIdle(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === "function")
      requestIdleCallback(() => resolve(), { timeout: 1000 });
    else setTimeout(resolve, 0);
  });
}
const RouteMap = lazy(loadMaps);
const PinMap = lazy(() => loadMaps().then((m) => ({ default: m.PinMap })));
const AreaMap = lazy(() => loadMaps().then((m) => ({ default: m.AreaMap })));
const PinPicker = lazy(() => loadMaps().then((m) => ({ default: m.PinPicker })));
const RouteView = lazy(() => loadMaps().then(() => import("./route-view.tsx")));

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
