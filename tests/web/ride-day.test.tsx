import { act, fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { fixAge, RIDE_DAY_TEXT } from "../../domain/ride-day-live.ts";
import { groupLists, initialLiveState, liveReducer } from "../../web/ride-day/live-state.ts";
import { renderRideDayPanel, rideDayPanelEachTest } from "./helpers/ride-day-panel.tsx";

const panel = rideDayPanelEachTest();

const leftBehindButton = () =>
  screen.getByRole<HTMLButtonElement>("button", { name: RIDE_DAY_TEXT.leftBehind });
const positions = () => panel.sent.filter((f) => f.type === "position");

describe("sharing her position", () => {
  it("asks the room for the group, then shares at most once per 10 s, and stops", async () => {
    vi.useFakeTimers({ toFake: ["Date", "setTimeout", "clearTimeout"] });
    renderRideDayPanel(panel.sent);
    expect(panel.sent).toEqual([{ type: "live-join" }]);
    fireEvent.click(screen.getByRole("button", { name: RIDE_DAY_TEXT.share }));
    panel.geo.moveTo(40.41, -3.7);
    expect(positions()).toEqual([{ type: "position", lat: 40.41, lng: -3.7, accuracy: 10 }]);
    expect(screen.getByTestId("sharing-bar").textContent).toContain(RIDE_DAY_TEXT.sharing);

    panel.geo.moveTo(40.42, -3.7);
    panel.geo.moveTo(40.43, -3.7);
    expect(positions()).toHaveLength(1);
    act(() => {
      vi.advanceTimersByTime(10_500);
    });
    // Only the latest of the fixes held back goes.
    expect(positions()).toHaveLength(2);
    expect(positions()[1]).toMatchObject({ lat: 40.43 });

    fireEvent.click(screen.getByRole("button", { name: `· ${RIDE_DAY_TEXT.stop}` }));
    expect(panel.sent.at(-1)).toEqual({ type: "position-stop" });
    expect(panel.geo.watchers.size).toBe(0);
    // She can share again at once.
    expect(
      (screen.getByRole("button", { name: RIDE_DAY_TEXT.share }) as HTMLButtonElement).disabled,
    ).toBe(false);
  });

  it("sends a fix the socket could not take yet once it can", () => {
    vi.useFakeTimers({ toFake: ["Date", "setTimeout", "clearTimeout"] });
    const live = renderRideDayPanel(panel.sent);
    const send = live.sendFrame;
    let open = false;
    live.sendFrame = (frame) => (open ? send(frame) : false);
    fireEvent.click(screen.getByRole("button", { name: RIDE_DAY_TEXT.share }));
    panel.geo.moveTo(40.41, -3.7);
    expect(positions()).toEqual([]);
    open = true;
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(positions()).toEqual([{ type: "position", lat: 40.41, lng: -3.7, accuracy: 10 }]);
  });

  it("says how to turn location on when the browser refused it, and shares nothing", () => {
    renderRideDayPanel(panel.sent);
    fireEvent.click(screen.getByRole("button", { name: RIDE_DAY_TEXT.share }));
    panel.geo.refuse();
    expect(screen.getByRole("alert").textContent).toBe(RIDE_DAY_TEXT.denied);
    expect(RIDE_DAY_TEXT.denied).toMatch(/^Activa la ubicación/);
    expect(positions()).toEqual([]);
    expect(panel.geo.watchers.size).toBe(0);
  });

  it("pauses while the page is hidden and resumes when she comes back", () => {
    renderRideDayPanel(panel.sent);
    fireEvent.click(screen.getByRole("button", { name: RIDE_DAY_TEXT.share }));
    expect(panel.geo.watchers.size).toBe(1);
    const visibility = vi.spyOn(document, "visibilityState", "get").mockReturnValue("hidden");
    act(() => {
      document.dispatchEvent(new Event("visibilitychange"));
    });
    expect(panel.geo.watchers.size).toBe(0);
    expect(screen.getByTestId("sharing-bar").textContent).toContain("(en pausa)");
    visibility.mockReturnValue("visible");
    act(() => {
      document.dispatchEvent(new Event("visibilitychange"));
    });
    expect(panel.geo.watchers.size).toBe(1);
    visibility.mockRestore();
  });
});

describe("the group", () => {
  const now = Date.parse("2026-11-26T10:00:00Z");
  const state = liveReducer(initialLiveState, {
    type: "live-state",
    organizerId: "u1",
    sweeperId: "u3",
    riders: [
      { userId: "u1", username: "Ana", avatarKey: "ava01" },
      { userId: "u2", username: "Bea", avatarKey: "ava02" },
      { userId: "u3", username: "Cris", avatarKey: "ava03" },
      { userId: "u4", username: "Dora", avatarKey: "ava04" },
    ],
    positions: [
      { userId: "u2", lat: 40.4, lng: -3.7, accuracy: 450, at: "2026-11-26T09:58:30Z" },
      { userId: "u3", lat: 40.41, lng: -3.7, accuracy: 8, at: "2026-11-26T09:59:40Z" },
    ],
    notices: [],
  });

  it("lists who shares (escoba first) and who does not", () => {
    const { sharing, notSharing } = groupLists(state);
    expect(sharing.map((r) => r.username)).toEqual(["Cris", "Bea"]);
    expect(notSharing.map((r) => r.username)).toEqual(["Ana", "Dora"]);
  });

  it("says honestly how old a fix is", () => {
    expect(fixAge(Date.parse("2026-11-26T09:59:40Z"), now)).toBe("hace un momento");
    expect(fixAge(Date.parse("2026-11-26T09:58:30Z"), now)).toBe("hace 1 min");
    expect(fixAge(Date.parse("2026-11-26T09:57:00Z"), now)).toBe("hace 3 min");
  });

  it("drops a dot when the room says it is gone, and everything when the window closes", () => {
    const gone = liveReducer(state, { type: "live-gone", userId: "u2" });
    expect([...gone.positions.keys()]).toEqual(["u3"]);
    const closed = liveReducer(gone, {
      type: "live-refused",
      of: "live-join",
      code: "window_closed",
    });
    expect(closed.closed).toBe(true);
    expect(closed.positions.size).toBe(0);
  });

  it("shows the list with names, the escoba, ages and approximate fixes, with keyboard buttons", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(now);
    const live = renderRideDayPanel(panel.sent);
    act(() => {
      live.deliver({
        type: "live-state",
        organizerId: state.organizerId,
        sweeperId: state.sweeperId,
        riders: state.riders,
        positions: [...state.positions.values()],
        notices: [],
      });
    });
    fireEvent.click(screen.getByRole("button", { name: RIDE_DAY_TEXT.groupMap }));
    const list = screen.getByRole("list", { name: "Comparten su ubicación" });
    const items = within(list).getAllByRole("listitem");
    expect(items[0]!.textContent).toContain(`Cris${RIDE_DAY_TEXT.escoba} · hace un momento`);
    expect(items[1]!.textContent).toContain(`Bea · hace 1 min · ${RIDE_DAY_TEXT.approximate}`);
    // Each rider's line shows her on the map: Bea's button is in Bea's line.
    expect(within(items[1]!).getByRole("button").getAttribute("aria-label")).toBe(
      "Ver en el mapa: Bea",
    );
    expect(screen.getByTestId("live-not-sharing").textContent).toBe(
      `${RIDE_DAY_TEXT.notSharing}: Ana (tú), Dora`,
    );
  });
});

describe("'Me he quedado atrás'", () => {
  it("sends her latest fix when she shares, and says it went", async () => {
    const live = renderRideDayPanel(panel.sent);
    fireEvent.click(screen.getByRole("button", { name: RIDE_DAY_TEXT.share }));
    panel.geo.moveTo(40.5, -3.6, 20);
    fireEvent.click(screen.getByRole("button", { name: RIDE_DAY_TEXT.leftBehind }));
    await vi.waitFor(() =>
      expect(panel.sent.at(-1)).toEqual({
        type: "left-behind",
        position: { lat: 40.5, lng: -3.6, accuracy: 20 },
      }),
    );
    expect(leftBehindButton().disabled).toBe(true);
    act(() => live.deliver({ type: "left-behind-sent", told: 2 }));
    expect(leftBehindButton().disabled).toBe(false);
  });

  it("shows the organizer who stayed behind", () => {
    const live = renderRideDayPanel(panel.sent);
    act(() =>
      live.deliver({
        type: "left-behind",
        notice: {
          userId: "u2",
          username: "Bea",
          position: { lat: 40.5, lng: -3.6, accuracy: 20 },
          at: new Date().toISOString(),
        },
      }),
    );
    expect(screen.getByTestId("left-behind-notice").textContent).toContain(
      "Bea se ha quedado atrás · hace un momento",
    );
  });

  it("says 'sin ubicación' when her notice came without a position, and offers no map", () => {
    const live = renderRideDayPanel(panel.sent);
    act(() =>
      live.deliver({
        type: "left-behind",
        notice: { userId: "u2", username: "Bea", position: null, at: new Date().toISOString() },
      }),
    );
    const notice = screen.getByTestId("left-behind-notice");
    expect(notice.textContent).toContain(
      `Bea se ha quedado atrás · ${RIDE_DAY_TEXT.noPosition} · hace un momento`,
    );
    expect(within(notice).queryByRole("button")).toBeNull();
  });
});

describe("'Modo ruta'", () => {
  it("closed with Escape or 'Salir del modo ruta', puts focus back on the button that opened it", async () => {
    const user = userEvent.setup();
    renderRideDayPanel(panel.sent);
    const opener = screen.getByRole("button", { name: RIDE_DAY_TEXT.routeMode });
    await user.click(opener);
    expect(screen.getByRole("dialog", { name: RIDE_DAY_TEXT.routeMode }).textContent).toContain(
      RIDE_DAY_TEXT.pausedNote,
    );
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(opener);

    await user.click(opener);
    const routeMode = screen.getByRole("dialog", { name: RIDE_DAY_TEXT.routeMode });
    await user.click(within(routeMode).getByRole("button", { name: "Salir del modo ruta" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});
