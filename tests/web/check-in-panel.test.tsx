// The ride-day panel in the chat (docs/product.md#check-in-and-arrivals): what each rider sees, the writes, and
// that a failed write loses nothing and says why.
import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { RIDE_DAY_MSG, type RideDayState } from "../../domain/ride-day.ts";
import { LazyToaster } from "../../web/lib/lazy-toaster.tsx";
import CheckInPanel from "../../web/ride-day/check-in-panel.tsx";
import { stubFetchEachTest } from "./helpers/fetch.ts";
import { signedInClient } from "./helpers/signed-in-client.ts";
import { toastShowing } from "./helpers/toasts.ts";

const fetchMock = stubFetchEachTest();

function state(overrides: Partial<RideDayState> = {}): RideDayState {
  return {
    checkInOpen: true,
    arrivalOpen: true,
    opensAt: Date.now() - 60_000,
    me: { checkedIn: false, arrived: false, timerOff: false, asked: false },
    arrivals: [],
    checkIns: null,
    overdue: null,
    ...overrides,
  };
}

function show(isOrganizer = false) {
  return render(
    <QueryClientProvider client={signedInClient()}>
      <LazyToaster />
      <CheckInPanel rideId="r1" isOrganizer={isOrganizer} />
    </QueryClientProvider>,
  );
}

describe("CheckInPanel", () => {
  it("a rider checks in; the answer shows at once", async () => {
    fetchMock.mockImplementation(async (_url, init) =>
      Response.json(
        init?.method === "POST" ? state({ me: { ...state().me, checkedIn: true } }) : state(),
      ),
    );
    show();
    fireEvent.click(await screen.findByRole("button", { name: "Estoy en el punto de encuentro" }));
    await screen.findByText("✓ Estás en el punto de encuentro");
    expect(fetchMock).toHaveBeenCalledWith(
      "/api/rides/r1/ride-day/check-in",
      expect.objectContaining({ method: "POST" }),
    );
  });

  it("a failed check-in keeps the button and says why", async () => {
    fetchMock.mockImplementation(async (_url, init) =>
      init?.method === "POST"
        ? Response.json(
            { error: { code: "rate_limited", message: "Vas muy rápido. Espera un momento." } },
            { status: 429 },
          )
        : Response.json(state()),
    );
    show();
    fireEvent.click(await screen.findByRole("button", { name: "Estoy en el punto de encuentro" }));
    expect((await toastShowing("Vas muy rápido. Espera un momento.")).type).toBe("error");
    // Nothing was taken: she can try again.
    expect(
      (screen.getByRole("button", { name: "Estoy en el punto de encuentro" }) as HTMLButtonElement)
        .disabled,
    ).toBe(false);
  });

  it("the organizer sees who is there and who is missing, and may call them", async () => {
    fetchMock.mockImplementation(async (url) =>
      String(url).endsWith("/call-missing")
        ? Response.json({ called: 1 })
        : Response.json(
            state({
              checkIns: {
                present: [{ userId: "u2", username: "Bea" }],
                missing: [{ userId: "u3", username: "Carla" }],
              },
            }),
          ),
    );
    show(true);
    const present = await screen.findByRole("list", { name: "En el punto de encuentro" });
    const names = (list: HTMLElement) =>
      within(list)
        .getAllByRole("listitem")
        .map((item) => item.textContent);
    expect(names(present)).toEqual(["✓ Bea"]);
    expect(names(screen.getByRole("list", { name: "Faltan" }))).toEqual(["Carla"]);
    // The organizer does not check in at her own ride.
    expect(screen.queryByRole("button", { name: "Estoy en el punto de encuentro" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Avisar a las que faltan" }));
    expect((await toastShowing("Hemos avisado a 1 compañera.")).type).toBe("success");
  });

  it("the timer's question is an alert she answers with one tap; the group sees arrivals", async () => {
    fetchMock.mockImplementation(async (_url, init) =>
      Response.json(
        init?.method === "POST"
          ? state({
              me: { checkedIn: true, arrived: true, timerOff: false, asked: false },
              arrivals: [{ userId: "me", username: "Ana" }],
            })
          : state({ me: { checkedIn: true, arrived: false, timerOff: false, asked: true } }),
      ),
    );
    show();
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("¿Has llegado bien?");
    fireEvent.click(within(alert).getByRole("button", { name: "He llegado a casa" }));
    await screen.findByText("✓ Has llegado a casa");
    expect(screen.getByTestId("ride-day-arrivals").textContent).toBe("Han llegado a casa: Ana");
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("'He llegado a casa' can be taken back from its toast with 'Deshacer'", async () => {
    const home = state({ me: { ...state().me, arrived: true } });
    fetchMock.mockImplementation(async (_url, init) =>
      Response.json(init?.method === "POST" ? home : state()),
    );
    show();
    fireEvent.click(await screen.findByRole("button", { name: "He llegado a casa" }));
    await screen.findByText("✓ Has llegado a casa");
    expect((await toastShowing(RIDE_DAY_MSG.arrived)).type).toBe("success");
    const toast = screen
      .getByText(RIDE_DAY_MSG.arrived)
      .closest<HTMLElement>("[data-sonner-toast]")!;
    fireEvent.click(within(toast).getByRole("button", { name: RIDE_DAY_MSG.arrivalUndo }));
    expect((await toastShowing(RIDE_DAY_MSG.arrivalUndone)).type).toBe("success");
    expect(
      (screen.getByRole("button", { name: "He llegado a casa" }) as HTMLButtonElement).disabled,
    ).toBe(false);
    expect(fetchMock).toHaveBeenCalledWith(
      "/api/rides/r1/ride-day/arrived",
      expect.objectContaining({ method: "DELETE" }),
    );
  });

  it("her timer switch is labelled and sends what she chose", async () => {
    fetchMock.mockImplementation(async (_url, init) =>
      Response.json(
        init?.method === "PUT" ? state({ me: { ...state().me, timerOff: true } }) : state(),
      ),
    );
    show();
    const toggle = await screen.findByRole("checkbox", { name: /Aviso de llegada/ });
    expect((toggle as HTMLInputElement).checked).toBe(true);
    fireEvent.click(toggle);
    await vi.waitFor(() => expect((toggle as HTMLInputElement).checked).toBe(false));
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === "PUT");
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ on: false });
  });
});
