// Spec 02 §8 gives the ride detail page its own join, leave and cancel texts; the lists (feed,
// search, My Rides) use the card's and the cancel dialog's. One card and one dialog serve both,
// told apart by `place`.
import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MSG } from "../../domain/messages.ts";
import { CancelDialog } from "../../web/rides/cancel-dialog.tsx";
import type { RideCardPlace } from "../../web/rides/place-texts.ts";
import { RideCard } from "../../web/rides/ride-card.tsx";
import { rideSummary } from "./helpers/rides.ts";
import { signedInClient } from "./helpers/signed-in-client.ts";

const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock("../../web/lib/toast.ts", () => ({ toast: toasts }));

const ride = rideSummary;

/** Every API call answers `status` with `body` (an error body when status >= 400). */
function answerEvery(status: number, body: unknown) {
  const fetchMock = vi.fn(async () => Response.json(body, { status }));
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

const failure = (code: string, message: string) => ({ error: { code, message } });

/** Renders `ui` at /app/ride/r1 with a /app/my-rides route that names itself. */
function renderAt(ui: React.ReactNode) {
  return render(
    <QueryClientProvider client={signedInClient()}>
      <MemoryRouter initialEntries={["/app/ride/r1"]}>
        <Routes>
          <Route path="/app/ride/:id" element={ui} />
          <Route path="/app/my-rides" element={<p>Pantalla Mis salidas</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  toasts.success.mockReset();
  toasts.error.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

describe("join and leave texts", () => {
  const cases: [RideCardPlace, string, string][] = [
    ["list", MSG.joinedTitle, MSG.joinFailedCard],
    ["detail", MSG.joinedShort, MSG.joinLeaveFailedDetail],
  ];

  it.each(cases)("on the %s, a join says %j, a failed one %j", async (place, joined, failed) => {
    answerEvery(200, { ok: true });
    const { unmount } = renderAt(<RideCard ride={ride()} place={place} />);
    fireEvent.click(screen.getByRole("button", { name: "UNIRME" }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledTimes(1));
    expect(toasts.success.mock.calls[0]?.[0]).toBe(joined);
    unmount();

    answerEvery(409, failure("ride_full", MSG.rideFull));
    renderAt(<RideCard ride={ride()} place={place} />);
    fireEvent.click(screen.getByRole("button", { name: "UNIRME" }));
    await waitFor(() => expect(toasts.error).toHaveBeenCalledTimes(1));
    // The server's reason stays as the description.
    expect(toasts.error.mock.calls[0]).toEqual([failed, { description: MSG.rideFull }]);
  });

  it("on the detail, leaving says 'Has salido de la salida'; failing, the detail's error", async () => {
    const joined = ride({
      participantIds: ["org", "u1"],
      participantCount: 2,
      viewer: { joined: true, isOrganizer: false, rodeWithCount: 0 },
    });
    answerEvery(200, { ok: true });
    const { unmount } = renderAt(<RideCard ride={joined} place="detail" />);
    fireEvent.click(screen.getByRole("button", { name: "Desapuntarme" }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledTimes(1));
    expect(toasts.success.mock.calls[0]?.[0]).toBe(MSG.leftShort);
    unmount();

    answerEvery(409, failure("ride_started", MSG.leaveStarted));
    renderAt(<RideCard ride={joined} place="detail" />);
    fireEvent.click(screen.getByRole("button", { name: "Desapuntarme" }));
    await waitFor(() => expect(toasts.error).toHaveBeenCalledTimes(1));
    expect(toasts.error.mock.calls[0]?.[0]).toBe(MSG.joinLeaveFailedDetail);
  });
});

describe("cancel dialog texts", () => {
  function cancelFrom(place: RideCardPlace) {
    renderAt(<CancelDialog rideId="r1" place={place} open onOpenChange={() => {}} />);
    fireEvent.click(screen.getByRole("button", { name: "Sí, cancelar salida" }));
  }

  it("from a list: 'Salida cancelada', then My Rides", async () => {
    answerEvery(200, { ride: ride({ status: "cancelled" }) });
    cancelFrom("list");
    await screen.findByText("Pantalla Mis salidas");
    expect(toasts.success.mock.calls[0]?.[0]).toBe(MSG.rideCancelledTitle);
  });

  it("from the detail: 'Salida cancelada correctamente', and she stays on the ride", async () => {
    answerEvery(200, { ride: ride({ status: "cancelled" }) });
    cancelFrom("detail");
    await waitFor(() => expect(toasts.success).toHaveBeenCalledTimes(1));
    expect(toasts.success.mock.calls[0]?.[0]).toBe(MSG.rideCancelledSuccess);
    expect(screen.queryByText("Pantalla Mis salidas")).toBeNull();
  });

  // [place, the API's code, what she reads, the API's message]
  const failures: [RideCardPlace, string, string, string][] = [
    ["list", "not_authorized", MSG.cancelNotAuthorizedDialog, MSG.cancelNotAuthorized],
    ["list", "internal", MSG.cancelFailedRetry, MSG.internal],
    ["detail", "not_authorized", MSG.cancelNotAuthorized, MSG.cancelNotAuthorized],
    ["detail", "internal", MSG.cancelFailed, MSG.internal],
  ];

  it.each(failures)("from the %s, code %s reads %j", async (place, code, shown, message) => {
    answerEvery(code === "internal" ? 500 : 403, failure(code, message));
    cancelFrom(place);
    await waitFor(() => expect(toasts.error).toHaveBeenCalledTimes(1));
    expect(toasts.error.mock.calls[0]?.[0]).toBe(shown);
    expect(screen.queryByText("Pantalla Mis salidas")).toBeNull();
  });
});
