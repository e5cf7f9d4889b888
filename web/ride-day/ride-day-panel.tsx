// The ride day in a participant's chat (docs/product.md#ride-day): sharing her position with the
// group ("Compartir mi ubicación con la grupeta" / "Compartiendo · Dejar de compartir"), the group
// map with the route and the dots, the list of the group, "Modo ruta", "Me he quedado atrás", and
// for the organizer and the escoba the notices of riders left behind. Loaded lazily.
import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
} from "react";
import { fixAge, leftBehindText, RIDE_DAY_TEXT } from "../../domain/ride-day-live.ts";
import { OFFLINE_MAP_TEXT } from "../../domain/texts/maps-offline.ts";
import { LIVE_GROUP_TEXT as TEXT } from "../../domain/texts/ride-day.ts";
import { Skeleton } from "../components/feedback.tsx";
import { toast } from "../lib/toast.ts";
import { SaveMap } from "../maps/save-map.tsx";
import { useRide, useRideRoute } from "../ride-core/queries.ts";
import { useMe } from "../session/use-me.ts";
import { GroupList } from "./group-list.tsx";
import type { MapDot } from "./group-map.tsx";
import type { LiveChannel } from "./live-channel.ts";
import { initialLiveState, liveReducer } from "./live-state.ts";
import { RouteMode } from "./route-mode.tsx";
import { useOnline, useOwnPosition } from "./use-own-position.ts";
import { currentFix, type ShareStatus, useSharePosition } from "./use-share-position.ts";

const GroupMap = lazy(() => import("./group-map.tsx"));

/** The clock the ages ("hace 1 min") are read against, ticking while she looks. */
function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

const STATUS_TEXT: Partial<Record<ShareStatus, string>> = {
  ...TEXT.status,
  denied: RIDE_DAY_TEXT.denied,
};

export default function RideDayPanel({ rideId, live }: { rideId: string; live: LiveChannel }) {
  const me = useMe().data?.user;
  const myId = me?.id;
  const [state, dispatch] = useReducer(liveReducer, initialLiveState);
  const [mapOpen, setMapOpen] = useState(false);
  const [routeMode, setRouteMode] = useState(false);
  const routeModeButton = useRef<HTMLButtonElement>(null);
  // Closed (Escape or 'Salir del modo ruta'): back on the button that opened it. Stable, so the
  // open route mode does not take focus back to its heading on every render.
  const closeRouteMode = useCallback(() => {
    setRouteMode(false);
    routeModeButton.current?.focus();
  }, []);
  const [focus, setFocus] = useState<{ userId: string; times: number } | null>(null);
  const [alerting, setAlerting] = useState(false);
  const now = useNow(15_000);
  const route = useRideRoute(rideId, mapOpen || routeMode);
  const segments = useMemo(() => route.data?.segments ?? [], [route.data]);
  const ride = useRide(rideId).data?.ride;
  const online = useOnline();
  // In Modo ruta her dot is where her device says, with or without a connection.
  const ownFix = useOwnPosition(routeMode);

  const share = useSharePosition({
    send: (fix) => live.sendFrame({ type: "position", ...fix }),
    stopped: useCallback(() => void live.sendFrame({ type: "position-stop" }), [live]),
  });

  useEffect(() => {
    const join = () => void live.sendFrame({ type: "live-join" });
    const stop = live.listen((frame) => {
      dispatch(frame);
      if (frame.type === "left-behind-sent") {
        setAlerting(false);
        toast.success(RIDE_DAY_TEXT.leftBehindSent, { id: "left-behind" });
      } else if (frame.type === "live-refused" && frame.of === "left-behind") {
        setAlerting(false);
        toast.error(
          frame.code === "rate_limited"
            ? RIDE_DAY_TEXT.leftBehindTooSoon
            : RIDE_DAY_TEXT.windowClosed,
          { id: "left-behind" },
        );
      } else if (frame.type === "left-behind") {
        toast.error(leftBehindText(frame.notice.username, frame.notice.position !== null), {
          id: `behind-${frame.notice.userId}`,
        });
      }
    }, join);
    join();
    return stop;
  }, [live]);

  // She leaves the chat while sharing: she stops (her dot is erased, not left to age).
  const leaving = useRef({ sharing: false, stop: share.stop });
  leaving.current = { sharing: share.sharing, stop: share.stop };
  useEffect(
    () => () => {
      if (leaving.current.sharing) leaving.current.stop();
    },
    [],
  );

  const names = useMemo(
    () => new Map(state.riders.map((r) => [r.userId, r.username])),
    [state.riders],
  );
  const dots = useMemo<MapDot[]>(() => {
    const list: MapDot[] = [];
    if (ownFix && myId) {
      const { at, ...where } = ownFix;
      list.push({
        fix: { userId: myId, at: new Date(at).toISOString(), ...where },
        username: names.get(myId) ?? me?.username ?? OFFLINE_MAP_TEXT.you,
        escoba: myId === state.sweeperId,
        me: true,
      });
    }
    for (const fix of state.positions.values()) {
      const username = names.get(fix.userId);
      if (!username || (ownFix && fix.userId === myId)) continue;
      list.push({ fix, username, escoba: fix.userId === state.sweeperId, me: fix.userId === myId });
    }
    // A rider left behind who does not share: her notice's position, for the organizer and escoba.
    for (const notice of state.notices) {
      if (!notice.position || state.positions.has(notice.userId)) continue;
      list.push({
        fix: { userId: notice.userId, at: notice.at, ...notice.position },
        username: notice.username,
        escoba: notice.userId === state.sweeperId,
        me: false,
        behind: true,
      });
    }
    return list;
  }, [state.positions, state.notices, state.sweeperId, names, myId, me?.username, ownFix]);

  const focusOn = (userId: string) => {
    setMapOpen(true);
    setFocus((f) => ({ userId, times: (f?.times ?? 0) + 1 }));
  };

  const leftBehind = async () => {
    setAlerting(true);
    // Where she is now comes first; her last shared fix (kept only while she shares) only when
    // the browser gives none in time: the room stamps the notice with the time it arrives.
    const position = (await currentFix()) ?? share.latest.current;
    if (!live.sendFrame({ type: "left-behind", ...(position ? { position } : {}) })) {
      setAlerting(false);
      toast.error(TEXT.offline, { id: "left-behind" });
    }
  };

  if (state.closed) return null;

  const shareControls = (
    <div className="flex flex-col gap-1">
      {share.sharing ? (
        <div
          role="status"
          data-testid="sharing-bar"
          className="flex items-center justify-between gap-2 rounded-full bg-success px-4 py-1 text-sm font-bold text-white"
        >
          <span>
            {RIDE_DAY_TEXT.sharing}
            {share.status === "paused" ? TEXT.paused : ""}
          </span>
          <button
            type="button"
            onClick={share.stop}
            className="min-h-11 rounded-full px-2 underline underline-offset-2"
          >
            · {RIDE_DAY_TEXT.stop}
          </button>
        </div>
      ) : (
        <button
          type="button"
          onClick={share.start}
          className="min-h-11 rounded-full bg-primary px-4 text-sm font-bold text-white hover:bg-primary-dark"
        >
          {RIDE_DAY_TEXT.share}
        </button>
      )}
      {STATUS_TEXT[share.status] ? (
        <p
          role={share.status === "denied" ? "alert" : "status"}
          className="text-sm text-ink-soft"
          data-testid="share-status"
        >
          {STATUS_TEXT[share.status]}
        </p>
      ) : null}
    </div>
  );

  const leftBehindButton = (
    <button
      type="button"
      onClick={() => void leftBehind()}
      disabled={alerting}
      className="min-h-11 rounded-full border-2 border-danger bg-surface px-4 text-sm font-bold text-danger disabled:opacity-60"
    >
      {RIDE_DAY_TEXT.leftBehind}
    </button>
  );

  const notices =
    state.notices.length > 0 ? (
      <ul aria-label={TEXT.notices} className="flex flex-col gap-1">
        {state.notices.map((notice) => (
          <li
            key={notice.userId}
            data-testid="left-behind-notice"
            className="flex items-center justify-between gap-2 rounded-xl bg-primary-soft px-3 py-1 text-sm"
          >
            <span>
              <span className="font-bold">{TEXT.leftBehindOf(notice.username)}</span> ·{" "}
              {notice.position ? null : `${RIDE_DAY_TEXT.noPosition} · `}
              {fixAge(Date.parse(notice.at), now)}
              <span className="sr-only">{TEXT.leftBehindSeenBy}</span>
            </span>
            {notice.position ? (
              <button
                type="button"
                className="min-h-11 shrink-0 rounded-full px-3 font-bold text-primary"
                aria-label={TEXT.showOnMapOf(notice.username)}
                onClick={() => focusOn(notice.userId)}
              >
                {TEXT.showOnMap}
              </button>
            ) : null}
          </li>
        ))}
      </ul>
    ) : null;

  const map = (className: string) => (
    <Suspense fallback={<Skeleton className={`${className} w-full`} />}>
      {/* Built once the route is known (or known missing): the dots are drawn on that map. */}
      {route.isPending ? (
        <Skeleton className={`${className} w-full`} />
      ) : (
        <GroupMap
          segments={segments}
          dots={dots}
          focus={focus}
          now={now}
          className={className}
          offline={!online}
        />
      )}
    </Suspense>
  );

  return (
    <section
      aria-label={TEXT.title}
      className="flex shrink-0 flex-col gap-2 border-b border-line py-2"
      data-testid="ride-day"
    >
      {notices}
      {shareControls}
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          aria-expanded={mapOpen}
          onClick={() => setMapOpen((open) => !open)}
          className="min-h-11 rounded-full border-2 border-primary px-4 text-sm font-bold text-primary"
        >
          {RIDE_DAY_TEXT.groupMap}
        </button>
        <button
          ref={routeModeButton}
          type="button"
          onClick={() => setRouteMode(true)}
          className="min-h-11 rounded-full border-2 border-primary px-4 text-sm font-bold text-primary"
        >
          {RIDE_DAY_TEXT.routeMode}
        </button>
        {leftBehindButton}
      </div>
      {mapOpen && !routeMode ? (
        <div className="flex max-h-[45dvh] flex-col gap-2 overflow-y-auto">
          {map("h-52 shrink-0")}
          <GroupList state={state} myId={myId} now={now} onFocus={focusOn} offline={!online} />
        </div>
      ) : null}
      {routeMode ? (
        <RouteMode onClose={closeRouteMode}>
          {notices}
          {shareControls}
          {map("min-h-64 flex-1")}
          {/* A pin-only ride saves its meeting area: its route answers 'not found'. */}
          {ride && (route.isSuccess || (!ride.hasRoute && ride.meetingPin)) ? (
            <SaveMap
              rideId={rideId}
              startTime={ride.startTime}
              segments={segments}
              pin={ride.meetingPin}
              auto
            />
          ) : null}
          <GroupList state={state} myId={myId} now={now} onFocus={focusOn} offline={!online} />
          {leftBehindButton}
        </RouteMode>
      ) : null}
    </section>
  );
}
