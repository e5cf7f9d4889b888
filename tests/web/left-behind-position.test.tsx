import { act, fireEvent, screen } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { RIDE_DAY_TEXT } from "../../domain/ride-day-live.ts";
import { renderRideDayPanel, rideDayPanelEachTest } from "./helpers/ride-day-panel.tsx";

const panel = rideDayPanelEachTest();

const leftBehindFrames = () => panel.sent.filter((f) => f.type === "left-behind");

/** Lets the clock run `ms` and the promises it settles finish. */
async function wait(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

const A = { lat: 40.41, lng: -3.7, accuracy: 10 };
const B = { lat: 40.52, lng: -3.61, accuracy: 15 };

beforeEach(() => {
  panel.geo.here.now = "silent";
  vi.useFakeTimers({ toFake: ["Date", "setTimeout", "clearTimeout"] });
});

describe("'Me he quedado atrás' sends where she is now", () => {
  it("after she stopped sharing at A, sends B where the browser says she is now", async () => {
    renderRideDayPanel(panel.sent);
    fireEvent.click(screen.getByRole("button", { name: RIDE_DAY_TEXT.share }));
    panel.geo.moveTo(A.lat, A.lng, A.accuracy);
    fireEvent.click(screen.getByRole("button", { name: `· ${RIDE_DAY_TEXT.stop}` }));
    await wait(20 * 60_000);

    panel.geo.here.now = B;
    fireEvent.click(screen.getByRole("button", { name: RIDE_DAY_TEXT.leftBehind }));
    await wait(0);
    expect(leftBehindFrames()).toEqual([{ type: "left-behind", position: B }]);
  });

  it("after she stopped sharing, sends no position if the browser gives none in 5 s", async () => {
    renderRideDayPanel(panel.sent);
    fireEvent.click(screen.getByRole("button", { name: RIDE_DAY_TEXT.share }));
    panel.geo.moveTo(A.lat, A.lng, A.accuracy);
    fireEvent.click(screen.getByRole("button", { name: `· ${RIDE_DAY_TEXT.stop}` }));

    fireEvent.click(screen.getByRole("button", { name: RIDE_DAY_TEXT.leftBehind }));
    await wait(5000);
    expect(leftBehindFrames()).toEqual([{ type: "left-behind" }]);
  });

  it("while sharing, her current position comes before her last shared fix", async () => {
    renderRideDayPanel(panel.sent);
    fireEvent.click(screen.getByRole("button", { name: RIDE_DAY_TEXT.share }));
    panel.geo.moveTo(A.lat, A.lng, A.accuracy);

    panel.geo.here.now = B;
    fireEvent.click(screen.getByRole("button", { name: RIDE_DAY_TEXT.leftBehind }));
    await wait(0);
    expect(leftBehindFrames()).toEqual([{ type: "left-behind", position: B }]);
  });

  it("while sharing at A, sends A once the browser gave no current position in 5 s", async () => {
    renderRideDayPanel(panel.sent);
    fireEvent.click(screen.getByRole("button", { name: RIDE_DAY_TEXT.share }));
    panel.geo.moveTo(A.lat, A.lng, A.accuracy);

    fireEvent.click(screen.getByRole("button", { name: RIDE_DAY_TEXT.leftBehind }));
    await wait(4999);
    // Still waiting for where she is now.
    expect(leftBehindFrames()).toEqual([]);
    expect(
      screen.getByRole<HTMLButtonElement>("button", { name: RIDE_DAY_TEXT.leftBehind }).disabled,
    ).toBe(true);
    await wait(1);
    expect(leftBehindFrames()).toEqual([{ type: "left-behind", position: A }]);
  });
});
