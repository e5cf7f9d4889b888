import { lazy, Suspense } from "react";
import { Skeleton } from "../components/feedback.tsx";

const RouteMap = lazy(() => import("./route-map.tsx"));

/** The route map, loaded on demand with a placeholder of its size. */
export function LazyRouteMap(props: { coordinates: [number, number][]; label?: string }) {
  return (
    <Suspense fallback={<Skeleton className="h-64 w-full" />}>
      <RouteMap {...props} />
    </Suspense>
  );
}
