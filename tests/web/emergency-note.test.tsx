// Where a rider meets the ride day's tools (the panels in the chat, Modo ruta), she reads that
// Rodamos is no emergency service, with 112 as a link she can call (docs/product.md#ride-day).
import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { RIDE_DAY_MSG } from "../../domain/ride-day.ts";
import { RIDE_DAY_TEXT } from "../../domain/ride-day-live.ts";
import { LiveChannel } from "../../web/ride-day/live-channel.ts";
import { RideDaySlot } from "../../web/ride-day/ride-day-slot.tsx";
import { participantChatInfo } from "./helpers/chat-screen.tsx";
import { renderRideDayPanel, rideDayPanelEachTest } from "./helpers/ride-day-panel.tsx";
import { signedInClient } from "./helpers/signed-in-client.ts";

const panel = rideDayPanelEachTest();

/** The note's text, and where its 112 leads. */
function note(scope: HTMLElement = document.body) {
  const shown = within(scope).getByTestId("emergency-note");
  return {
    text: shown.textContent,
    call: within(shown).getByRole("link", { name: "112" }).getAttribute("href"),
  };
}

function renderSlot(startsIn: number) {
  const info = participantChatInfo("ride-1", 0);
  render(
    <QueryClientProvider client={signedInClient()}>
      <RideDaySlot
        info={{ ...info, ride: { ...info.ride, startTime: Date.now() + startsIn } }}
        live={new LiveChannel()}
        isOrganizer={false}
      />
    </QueryClientProvider>,
  );
}

describe("'Rodamos no es un servicio de emergencias'", () => {
  it("is under the ride-day panels, with 112 to call", () => {
    renderSlot(-60 * 60_000);
    expect(note()).toEqual({ text: RIDE_DAY_MSG.notEmergency, call: "tel:112" });
  });

  it("is still there after the live window, beside the timer and '¿Has llegado bien?'", () => {
    renderSlot(-10 * 60 * 60_000);
    expect(note()).toEqual({ text: RIDE_DAY_MSG.notEmergency, call: "tel:112" });
  });

  it("is not shown before the ride day opens", () => {
    renderSlot(2 * 60 * 60_000);
    expect(screen.queryByTestId("emergency-note")).toBeNull();
  });

  it("is in Modo ruta, over the whole screen", () => {
    renderRideDayPanel(panel.sent);
    fireEvent.click(screen.getByRole("button", { name: RIDE_DAY_TEXT.routeMode }));
    const routeMode = screen.getByRole("dialog", { name: RIDE_DAY_TEXT.routeMode });
    expect(note(routeMode)).toEqual({ text: RIDE_DAY_MSG.notEmergency, call: "tel:112" });
  });
});
