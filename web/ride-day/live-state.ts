// The group map's state, changed by the room's frames (a pure reducer, tested on its own).
import type { LeftBehindNotice, LiveFix, LiveRider } from "../../domain/ride-day-live.ts";
import type { RideDayFrame } from "./live-channel.ts";

export interface LiveState {
  /** live-state arrived: the room let her in. */
  joined: boolean;
  /** The window is closed (or closed while she looked). */
  closed: boolean;
  organizerId: string | null;
  sweeperId: string | null;
  riders: LiveRider[];
  positions: Map<string, LiveFix>;
  notices: LeftBehindNotice[];
}

export const initialLiveState: LiveState = {
  joined: false,
  closed: false,
  organizerId: null,
  sweeperId: null,
  riders: [],
  positions: new Map(),
  notices: [],
};

export function liveReducer(state: LiveState, frame: RideDayFrame): LiveState {
  switch (frame.type) {
    case "live-state":
      return {
        joined: true,
        closed: false,
        organizerId: frame.organizerId,
        sweeperId: frame.sweeperId,
        riders: frame.riders,
        positions: new Map(frame.positions.map((fix) => [fix.userId, fix])),
        notices: frame.notices,
      };
    case "live-position": {
      // A fix of someone she may not see (not in her list) is never sent; keep the map to the list.
      if (state.joined && !state.riders.some((r) => r.userId === frame.fix.userId)) return state;
      const positions = new Map(state.positions);
      positions.set(frame.fix.userId, frame.fix);
      return { ...state, positions };
    }
    case "live-gone": {
      if (!state.positions.has(frame.userId)) return state;
      const positions = new Map(state.positions);
      positions.delete(frame.userId);
      return { ...state, positions };
    }
    case "live-sweeper":
      return { ...state, sweeperId: frame.sweeperId };
    case "left-behind":
      return {
        ...state,
        notices: [...state.notices.filter((n) => n.userId !== frame.notice.userId), frame.notice],
      };
    case "live-refused":
      if (frame.code === "window_closed" && frame.of === "live-join") {
        return { ...initialLiveState, closed: true };
      }
      return state;
    case "left-behind-sent":
      return state;
  }
}

/** Riders with a dot (sharing) and the others, each in the list's order (escoba first). */
export function groupLists(state: LiveState) {
  const byRole = (a: LiveRider, b: LiveRider) =>
    Number(b.userId === state.sweeperId) - Number(a.userId === state.sweeperId) ||
    a.username.localeCompare(b.username, "es");
  const riders = [...state.riders].sort(byRole);
  return {
    sharing: riders.filter((r) => state.positions.has(r.userId)),
    notSharing: riders.filter((r) => !state.positions.has(r.userId)),
  };
}
