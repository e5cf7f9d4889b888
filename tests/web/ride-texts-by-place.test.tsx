// The product (docs/product.md#joining-and-leaving) gives the ride detail page its own join and
// leave texts; the lists (feed, search, My Rides) use the card's. One card serves both, told apart
// by `place`. Cancelling reads the cancel dialog's texts wherever she cancels.
import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MSG } from "../../domain/messages.ts";
import type { RideCardPlace } from "../../domain/texts/rides-card.ts";
import { CancelDialog } from "../../web/rides/cancel-dialog.tsx";
import { RideCard } from "../../web/rides/ride-card.tsx";
import RideDetailScreen from "../../web/rides/ride-detail.tsx";
import { ORGANIZER_VIEWER, rideDetail, rideSummary } from "./helpers/rides.ts";
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

/** My Rides names itself and its query. */
function MyRidesStub() {
  return <p>Pantalla Mis salidas {useLocation().search}</p>;
}

/** Renders `ui` at /app/ride/r1 with a /app/my-rides route that names itself. */
function renderAt(ui: React.ReactNode) {
  return render(
    <QueryClientProvider client={signedInClient()}>
      <MemoryRouter initialEntries={["/app/ride/r1"]}>
        <Routes>
          <Route path="/app/ride/:id" element={ui} />
          <Route path="/app/my-rides" element={<MyRidesStub />} />
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
      viewer: {
        joined: true,
        isOrganizer: false,
        rodeWithCount: 0,
        rodeWith: [],
        waitingPosition: null,
        request: null,
      },
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

describe("cancelling: one set of texts, then My Rides > Canceladas", () => {
  function cancel() {
    renderAt(<CancelDialog rideId="r1" open onOpenChange={() => {}} />);
    fireEvent.click(screen.getByRole("button", { name: "Sí, cancelar salida" }));
  }

  it("says 'Salida cancelada' and goes to My Rides with Canceladas open", async () => {
    answerEvery(200, { ride: ride({ status: "cancelled" }) });
    cancel();
    await screen.findByText("Pantalla Mis salidas ?showCancelled=true");
    expect(toasts.success.mock.calls[0]).toEqual([
      MSG.rideCancelledTitle,
      expect.objectContaining({
        description: MSG.rideCancelledNotice,
        action: expect.objectContaining({ label: MSG.viewCancelled }),
      }),
    ]);
  });

  // [the API's code, what she reads, the API's message]
  const failures: [string, string, string][] = [
    ["not_authorized", MSG.cancelNotAuthorizedDialog, MSG.cancelNotAuthorized],
    ["internal", MSG.cancelFailedRetry, MSG.internal],
  ];

  it.each(failures)("code %s reads %j, and she stays", async (code, shown, message) => {
    answerEvery(code === "internal" ? 500 : 403, failure(code, message));
    cancel();
    await waitFor(() => expect(toasts.error).toHaveBeenCalledTimes(1));
    expect(toasts.error.mock.calls[0]?.[0]).toBe(shown);
    expect(screen.queryByText(/Pantalla Mis salidas/)).toBeNull();
  });

  it("from the ride's page: 'Cancelar salida' once, in 'Gestiona tu salida', then My Rides", async () => {
    const own = rideDetail({
      organizer: {
        id: "u1",
        username: "Ana",
        avatarKey: "ava01",
        avatarUrl: null,
        verified: false,
      },
      participantIds: ["u1"],
      viewer: ORGANIZER_VIEWER,
    });
    vi.stubGlobal(
      "fetch",
      vi.fn(async (_url: string, init?: RequestInit) =>
        Response.json({ ride: init?.method === "POST" ? { ...own, status: "cancelled" } : own }),
      ),
    );
    renderAt(<RideDetailScreen />);
    const manage = await screen.findByRole("region", { name: "Gestiona tu salida" });
    expect(screen.getAllByRole("button", { name: "Cancelar salida" })).toHaveLength(1);
    fireEvent.click(within(manage).getByRole("button", { name: "Cancelar salida" }));
    fireEvent.click(await screen.findByRole("button", { name: "Sí, cancelar salida" }));
    await screen.findByText("Pantalla Mis salidas ?showCancelled=true");
    expect(toasts.success.mock.calls[0]?.[0]).toBe(MSG.rideCancelledTitle);
  });
});

describe("'Eliminar' in 'Gestiona tu salida': offered only when the API takes it", () => {
  const HOUR = 3_600_000;
  const cases: [string, number, number, boolean][] = [
    ["alone, before the start", 1, 48 * HOUR, true],
    ["alone, after the start", 1, -HOUR, true],
    ["with another rider, before the start", 2, 48 * HOUR, false],
    ["with another rider, after the start", 2, -HOUR, false],
  ];

  it.each(cases)("%s", async (_, participantCount, startsIn, offered) => {
    const own = rideDetail({
      organizer: {
        id: "u1",
        username: "Ana",
        avatarKey: "ava01",
        avatarUrl: null,
        verified: false,
      },
      participantIds: ["u1", "u2"].slice(0, participantCount),
      participantCount,
      startTime: Date.now() + startsIn,
      viewer: ORGANIZER_VIEWER,
    });
    answerEvery(200, { ride: own });
    renderAt(<RideDetailScreen />);
    const manage = await screen.findByRole("region", { name: "Gestiona tu salida" });
    expect(within(manage).queryAllByRole("button", { name: "Eliminar" })).toHaveLength(
      offered ? 1 : 0,
    );
  });
});
