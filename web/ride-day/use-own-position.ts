// Modo ruta without signal (docs/maps.md): her own position straight from the device (the
// browser gives it with no network), drawn on her map whatever the room last heard; and whether
// the browser is online, so the group's last positions say how old they are "sin conexión".
import { useEffect, useState } from "react";
import type { Fix } from "./use-share-position.ts";

/** Her position while `active` (Modo ruta open); null until the device gives one or if refused. */
export function useOwnPosition(active: boolean): (Fix & { at: number }) | null {
  const [fix, setFix] = useState<(Fix & { at: number }) | null>(null);
  useEffect(() => {
    const geolocation = navigator.geolocation;
    if (!active || !geolocation) return;
    const watch = geolocation.watchPosition(
      (position) =>
        setFix({
          lat: position.coords.latitude,
          lng: position.coords.longitude,
          accuracy: position.coords.accuracy,
          at: position.timestamp,
        }),
      () => setFix(null),
      { enableHighAccuracy: true, maximumAge: 10_000 },
    );
    return () => geolocation.clearWatch(watch);
  }, [active]);
  return fix;
}

export function useOnline(): boolean {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    window.addEventListener("online", update);
    window.addEventListener("offline", update);
    return () => {
      window.removeEventListener("online", update);
      window.removeEventListener("offline", update);
    };
  }, []);
  return online;
}
