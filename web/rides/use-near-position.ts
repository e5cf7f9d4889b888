// Where 'Cerca de mí' measures from (docs/product.md#meeting-pin-and-near-me): her device's
// position, rounded to about 1 km at once (only the rounded value is kept, in this tab's memory,
// never stored), or her profile city's centre when she declines or the browser cannot tell.
import { useEffect, useState } from "react";
import { cityPosition, type Position, roundPosition } from "../../domain/near.ts";

export type NearOrigin =
  | { from: "device"; position: Position }
  | { from: "city"; position: Position; city: string };

export type NearState =
  | { status: "off" }
  | { status: "locating" }
  | { status: "ready"; origin: NearOrigin }
  /** Neither her position nor a city we can place. */
  | { status: "unknown" };

const LOCATE_TIMEOUT_MS = 10_000;
/** A position the browser already has from the last 10 minutes will do. */
const LOCATE_MAX_AGE_MS = 10 * 60_000;

/** This tab's rounded position, so going back to the search does not ask again. */
let devicePosition: Position | null = null;

function locate(): Promise<Position | null> {
  const geolocation = typeof navigator === "undefined" ? undefined : navigator.geolocation;
  if (!geolocation) return Promise.resolve(null);
  return new Promise((resolve) => {
    geolocation.getCurrentPosition(
      // Rounded before anything else sees it: the precise fix goes no further than this line.
      (fix) => resolve(roundPosition({ lat: fix.coords.latitude, lon: fix.coords.longitude })),
      () => resolve(null),
      { enableHighAccuracy: false, timeout: LOCATE_TIMEOUT_MS, maximumAge: LOCATE_MAX_AGE_MS },
    );
  });
}

export function useNearPosition(active: boolean, city: string | null | undefined): NearState {
  const [state, setState] = useState<NearState>({ status: "off" });
  useEffect(() => {
    if (!active) {
      setState({ status: "off" });
      return;
    }
    const fromCity = (): NearState => {
      const position = cityPosition(city);
      return position && city
        ? { status: "ready", origin: { from: "city", position, city } }
        : { status: "unknown" };
    };
    if (devicePosition) {
      setState({ status: "ready", origin: { from: "device", position: devicePosition } });
      return;
    }
    let current = true;
    setState({ status: "locating" });
    void locate().then((position) => {
      if (!current) return;
      if (position) devicePosition = position;
      setState(position ? { status: "ready", origin: { from: "device", position } } : fromCity());
    });
    return () => {
      current = false;
    };
  }, [active, city]);
  return state;
}

/** Tests start each case without a remembered position. */
export function forgetDevicePosition() {
  devicePosition = null;
}
