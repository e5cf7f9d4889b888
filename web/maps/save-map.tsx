// "Guardar el mapa para ir sin cobertura" (docs/maps.md): on a ride she has joined, the tiles of
// the route's corridor and the meeting area go to her phone, within 15 MB, with the size told
// before, progress and a way to cancel. Modo ruta does it by itself (`auto`) when it opens with
// a connection. No Leaflet here: the ride page shows it without loading the map's code.
import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { savedMapPlan } from "../../domain/map-tiles.ts";
import type { MeetingPin } from "../../domain/schemas.ts";
import { OFFLINE_MAP_TEXT } from "../../domain/texts/maps-offline.ts";
import { buttonClass } from "../components/button.tsx";
import { isMapSaved, saveMap } from "./saved-map.ts";

type State =
  | { kind: "checking" | "idle" | "saved" | "cancelled" | "failed" }
  | { kind: "saving"; percent: number };

export function SaveMap({
  rideId,
  startTime,
  segments,
  pin,
  auto = false,
}: {
  rideId: string;
  startTime: number;
  segments: [number, number][][];
  pin: MeetingPin | null;
  /** Start on its own (Modo ruta), when online and not saved yet. */
  auto?: boolean;
}) {
  const plan = useMemo(
    () => savedMapPlan(segments, pin ? [[pin.lat, pin.lon]] : []),
    [segments, pin],
  );
  const [state, setState] = useState<State>({ kind: "checking" });
  const running = useRef<AbortController | null>(null);
  const aboutId = useId();

  useEffect(() => {
    let current = true;
    isMapSaved(rideId, startTime)
      .then((saved) => current && setState({ kind: saved ? "saved" : "idle" }))
      .catch(() => current && setState({ kind: "idle" }));
    return () => {
      current = false;
      running.current?.abort();
    };
  }, [rideId, startTime]);

  const start = useCallback(async () => {
    if (!plan) return;
    const controller = new AbortController();
    running.current = controller;
    setState({ kind: "saving", percent: 0 });
    try {
      await saveMap(rideId, startTime, plan.tiles, {
        signal: controller.signal,
        onProgress: ({ done, total }) =>
          setState({ kind: "saving", percent: Math.floor((done / total) * 100) }),
      });
      if (running.current === controller) setState({ kind: "saved" });
    } catch {
      if (running.current !== controller) return;
      setState({ kind: controller.signal.aborted ? "cancelled" : "failed" });
    } finally {
      if (running.current === controller) running.current = null;
    }
  }, [plan, rideId, startTime]);

  useEffect(() => {
    if (auto && state.kind === "idle" && navigator.onLine) void start();
  }, [auto, state.kind, start]);

  if (!plan || typeof caches === "undefined" || state.kind === "checking") return null;
  if (state.kind === "saved") {
    return (
      <p role="status" className="text-sm text-ink-soft" data-testid="saved-map">
        {OFFLINE_MAP_TEXT.saved}
      </p>
    );
  }
  if (state.kind === "saving") {
    return (
      <div className="flex flex-col gap-2" data-testid="saved-map">
        <p role="status" className="text-sm font-bold">
          {OFFLINE_MAP_TEXT.saving(state.percent)}
        </p>
        <progress
          className="w-full accent-primary"
          max={100}
          value={state.percent}
          aria-label={OFFLINE_MAP_TEXT.save}
        />
        <button
          type="button"
          className={buttonClass("secondary", "self-start")}
          onClick={() => running.current?.abort()}
        >
          {OFFLINE_MAP_TEXT.cancel}
        </button>
      </div>
    );
  }
  return (
    <div className="flex flex-col items-start gap-1" data-testid="saved-map">
      <button
        type="button"
        className={buttonClass("secondary")}
        aria-describedby={aboutId}
        onClick={() => void start()}
      >
        {OFFLINE_MAP_TEXT.save}
      </button>
      <p id={aboutId} className="text-sm text-ink-soft">
        {OFFLINE_MAP_TEXT.about(plan.bytes)}
      </p>
      {state.kind === "failed" ? (
        <p role="alert" className="text-sm text-danger">
          {OFFLINE_MAP_TEXT.failed}
        </p>
      ) : state.kind === "cancelled" ? (
        <p role="status" className="text-sm text-ink-soft">
          {OFFLINE_MAP_TEXT.cancelled}
        </p>
      ) : null}
    </div>
  );
}
