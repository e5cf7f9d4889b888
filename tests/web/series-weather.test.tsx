// Regular grupetas and the weather on the ride page (docs/product.md#regular-grupetas,
// #weather-at-the-start): the create form's "Se repite" preview on the ride's clock, the series'
// next dates with "Apuntarme a las próximas", and the forecast that stays out when it fails.
import { QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MSG } from "../../domain/messages.ts";
import { SERIES_TEXTS, type SeriesDatesResponse } from "../../domain/series.ts";
import { WEATHER_TEXTS } from "../../domain/weather.ts";
import { LazyToaster } from "../../web/lib/lazy-toaster.tsx";
import { stubFetchEachTest } from "./helpers/fetch.ts";
import { ORGANIZER_VIEWER, rideDetail } from "./helpers/rides.ts";
import { signedInClient } from "./helpers/signed-in-client.ts";
import { toastShowing } from "./helpers/toasts.ts";

vi.mock("../../web/maps/lazy-route-map.tsx", () => ({
  LazyRouteMap: (props: { label?: string }) => <div role="img" aria-label={props.label} />,
  LazyRouteView: () => <div role="img" aria-label="Mapa de la ruta" />,
  LazyPinMap: () => <div role="img" aria-label="Punto de encuentro" />,
  LazyPinPicker: () => <div role="img" aria-label="Elige el punto de encuentro" />,
}));
const { default: RideDetailScreen } = await import("../../web/rides/ride-detail.tsx");
const { default: CreateRideScreen } = await import("../../web/rides/create.tsx");

const fetchMock = stubFetchEachTest();
const HOUR = 3_600_000;

function renderAt(path: string) {
  render(
    <QueryClientProvider client={signedInClient()}>
      <LazyToaster />
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/app/ride/:id" element={<RideDetailScreen />} />
          <Route path="/app/create" element={<CreateRideScreen />} />
          <Route path="/app/my-rides" element={<h1>Mis salidas</h1>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const weekly = { id: "s1", everyWeeks: 1 as const };

const connectionsStep = () =>
  Response.json({
    open: false,
    alreadySaved: false,
    companions: [],
    levelQuestions: { open: false, answered: false },
  });

function seriesAnswer(overrides: Partial<SeriesDatesResponse["series"]> = {}): SeriesDatesResponse {
  const start = Date.now() + 48 * HOUR;
  return {
    series: { id: "s1", everyWeeks: 1, following: false, isOrganizer: false, ...overrides },
    dates: [
      {
        id: "r1",
        startTime: start,
        status: "published",
        placesLeft: 3,
        joined: false,
        waiting: false,
        request: null,
      },
      {
        id: "r2",
        startTime: start + 7 * 24 * HOUR,
        status: "cancelled",
        placesLeft: 3,
        joined: false,
        waiting: false,
        request: null,
      },
      {
        id: "r3",
        startTime: start + 14 * 24 * HOUR,
        status: "published",
        placesLeft: 0,
        joined: false,
        waiting: false,
        request: null,
      },
    ],
  };
}

describe("the create form's 'Se repite'", () => {
  it("lists the dates it will create on the ride's clock, across the summer-time change", async () => {
    renderAt("/app/create");
    const year = new Date().getUTCFullYear() + (new Date().getUTCMonth() >= 2 ? 1 : 0);
    fireEvent.change(screen.getByLabelText("Ciudad"), { target: { value: "Madrid" } });
    fireEvent.change(screen.getByLabelText("Fecha"), { target: { value: `${year}-03-20` } });
    fireEvent.change(screen.getByLabelText("Hora"), { target: { value: "09:00" } });
    fireEvent.change(screen.getByLabelText("Se repite"), { target: { value: "1" } });
    fireEvent.change(screen.getByLabelText("Número de salidas"), { target: { value: "3" } });
    const list = await screen.findByRole("list", {
      name: `Se crearán 3 fechas, hasta el 03/04/${year}`,
    });
    const items = [...list.querySelectorAll("li")].map((li) => li.textContent);
    // 28 March is a summer-time change in Madrid: the clock still reads 09:00 on each date.
    expect(items).toHaveLength(3);
    for (const text of items) expect(text).toMatch(/, 09:00$/);
    expect(items[2]).toMatch(/3 de abril/);
  });

  describe("on a given day", () => {
    // Sunday 29 November 2026, 13:00 in Madrid: a series may reach 29/11/2027 at 13:00.
    const NOW = Date.parse("2026-11-29T12:00:00.000Z");
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(NOW);
    });
    afterEach(() => vi.useRealTimers());

    /** What the form says under '¿Hasta cuándo?': the dates it will create, or why not yet. */
    const saidUnderTheEnd = () =>
      screen.getByRole("group", { name: "¿Hasta cuándo?" }).nextElementSibling?.textContent;

    /** The create form with a weekly ride from Monday 30 November at `time`, 'hasta el…'. */
    function weeklyUntil(time: string, until: string) {
      renderAt("/app/create");
      fireEvent.change(screen.getByLabelText("Ciudad"), { target: { value: "Madrid" } });
      fireEvent.change(screen.getByLabelText("Fecha"), { target: { value: "2026-11-30" } });
      fireEvent.change(screen.getByLabelText("Hora"), { target: { value: time } });
      fireEvent.change(screen.getByLabelText("Se repite"), { target: { value: "1" } });
      fireEvent.click(screen.getByRole("radio", { name: /hasta el/ }));
      fireEvent.change(screen.getByLabelText("Fecha final"), { target: { value: until } });
    }

    it("says how many dates it will create and the last one, where the 12-month limit stops it", async () => {
      // 29/11/2027 at 14:00 is past the limit: the last date is the week before.
      weeklyUntil("14:00", "2027-11-29");
      const list = await screen.findByRole("list", {
        name: "Se crearán 52 fechas, hasta el 22/11/2027",
      });
      expect(list.querySelectorAll("li")).toHaveLength(52);
    });

    it("offers no end date past the limit, and says why when one is typed", async () => {
      weeklyUntil("09:00", "2027-12-31");
      expect(screen.getByLabelText("Fecha final").getAttribute("max")).toBe("2027-11-29");
      await waitFor(() => expect(saidUnderTheEnd()).toBe(SERIES_TEXTS.untilTooFar));
      expect(screen.queryByRole("list", { name: /Se crearán/ })).toBeNull();
    });

    it("asks for the end date when she has not given one yet", async () => {
      weeklyUntil("09:00", "");
      await waitFor(() => expect(saidUnderTheEnd()).toBe(SERIES_TEXTS.previewNeedsUntil));
    });

    it("says the end date must come after the first ride when it does not", async () => {
      weeklyUntil("09:00", "2026-11-28");
      await waitFor(() => expect(saidUnderTheEnd()).toBe(SERIES_TEXTS.untilInvalid));
    });

    it("asks for the first ride's date and time while they are missing", async () => {
      renderAt("/app/create");
      fireEvent.change(screen.getByLabelText("Se repite"), { target: { value: "1" } });
      await waitFor(() => expect(saidUnderTheEnd()).toBe(SERIES_TEXTS.previewNeedsStart));
    });
  });
});

describe("the series on the ride page", () => {
  it("lists the next dates and joins her to the upcoming ones in one tap", async () => {
    let following = false;
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url === "/api/rides/r1/series") return Response.json(seriesAnswer({ following }));
      if (url === "/api/rides/r1/series/join" && init?.method === "POST") {
        following = true;
        return Response.json({ joined: 1, waiting: 1 });
      }
      if (url === "/api/rides/r1/weather")
        return Response.json({ forecast: null, warnings: [], stillOn: false });
      if (url.endsWith("/connections")) {
        return Response.json({
          open: false,
          alreadySaved: false,
          companions: [],
          levelQuestions: { open: false, answered: false },
        });
      }
      return Response.json({ ride: rideDetail({ series: weekly }) });
    });
    renderAt("/app/ride/r1");
    const seriesHeading = await screen.findByRole("heading", {
      name: "Próximas fechas de la grupeta",
    });
    await screen.findByText("Cancelada");
    // Each date says what it is: this one (3 places), the cancelled one, the full one.
    const dates = within(seriesHeading.closest("section")!)
      .getAllByRole("listitem")
      .map((date) => date.textContent);
    expect(dates[0]).toContain("3 plazas");
    expect(dates[1]).toContain("Cancelada");
    expect(dates[2]).toContain("Completa");
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Apuntarme a las próximas" }));
    });
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) => url === "/api/rides/r1/series/join" && init?.method === "POST",
      ),
    ).toBe(true);
    // She follows it now: 'Dejar la serie' in place of the offer to join.
    const leave = await screen.findByRole("button", { name: "Dejar la serie" });
    expect((leave as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByRole("button", { name: "Apuntarme a las próximas" })).toBeNull();
  });

  /** The ride page of r1, its series answering `series` and its join answering `joined`. */
  function seriesPage(series: SeriesDatesResponse, joined?: object) {
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url === "/api/rides/r1/series") return Response.json(series);
      if (url === "/api/rides/r1/series/join" && init?.method === "POST") {
        return Response.json(joined);
      }
      if (url === "/api/rides/r1/weather")
        return Response.json({ forecast: null, warnings: [], stillOn: false });
      if (url.endsWith("/connections")) return connectionsStep();
      return Response.json({ ride: rideDetail({ series: weekly }) });
    });
    renderAt("/app/ride/r1");
  }

  const datesShown = async () => {
    const heading = await screen.findByRole("heading", { name: "Próximas fechas de la grupeta" });
    const list = await within(heading.closest("section")!).findByRole("list");
    return within(list)
      .getAllByRole("listitem")
      .map((date) => date.textContent);
  };

  describe("on a phone on the Canaries' clock", () => {
    afterEach(() => vi.unstubAllEnvs());

    it("names the ride's clock after each date's time, as the card does", async () => {
      vi.stubEnv("TZ", "Atlantic/Canary");
      const answer = seriesAnswer();
      // Friday 5 June 2099, 09:00 in Madrid.
      answer.dates[0]!.startTime = Date.parse("2099-06-05T07:00:00.000Z");
      seriesPage(answer);
      expect((await datesShown())[0]).toMatch(/^viernes, 5 de junio, 09:00 \(hora de Madrid\)/);
    });
  });

  it("shows her request on a 'Con aprobación' date instead of its places", async () => {
    const answer = seriesAnswer();
    answer.dates[0] = { ...answer.dates[0]!, placesLeft: 1, request: "pending" };
    answer.dates[2] = { ...answer.dates[2]!, placesLeft: 1, request: "declined" };
    seriesPage(answer);
    const dates = await datesShown();
    expect(dates[0]).toContain(MSG.requestPendingShort);
    expect(dates[0]).not.toContain("1 plaza");
    expect(dates[2]).toContain(MSG.requestDeclined);
    expect(dates[2]).not.toContain("1 plaza");
  });

  it("says only what 'Apuntarme a las próximas' did: no '0 fechas'", async () => {
    seriesPage(seriesAnswer(), { joined: 0, waiting: 2, requested: 0 });
    await datesShown();
    fireEvent.click(screen.getByRole("button", { name: "Apuntarme a las próximas" }));
    const said = "Estás en la lista de espera de 2 fechas de la grupeta";
    expect((await toastShowing(said)).type).toBe("success");
    expect(screen.queryByText(/0 fechas/)).toBeNull();
  });
});

describe("the weather card", () => {
  const COLD = {
    forecast: { temperatureC: 1, rainChancePct: 10, windKmh: 5, icon: "snow" },
    warnings: ["cold"],
  };

  it("shows the forecast and the warning to riders", async () => {
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url === "/api/rides/r1/weather") {
        return Response.json({
          forecast: { temperatureC: 8, rainChancePct: 70, windKmh: 20, icon: "rain" },
          warnings: ["rain"],
          stillOn: false,
        });
      }
      if (url.endsWith("/connections")) return connectionsStep();
      return Response.json({ ride: rideDetail() });
    });
    renderAt("/app/ride/r1");
    const weather = (await screen.findByRole("heading", { name: WEATHER_TEXTS.title })).closest(
      "section",
    )!;
    expect(weather.textContent).toMatch(/70 % de lluvia/);
    // The warning is said as a status, for screen readers too.
    expect(within(weather).getByRole("status").textContent).toMatch(
      new RegExp(`^${WEATHER_TEXTS.warning}: .+\\.$`),
    );
    // A rider is not asked "¿Sigue en pie?", and the organizer has not answered yet.
    expect(screen.queryByRole("button", { name: WEATHER_TEXTS.stillOn })).toBeNull();
    expect(screen.queryByText(WEATHER_TEXTS.stillOnNotice)).toBeNull();
  });

  it("tells riders under the warning that the organizer says the ride is still on", async () => {
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url === "/api/rides/r1/weather") return Response.json({ ...COLD, stillOn: true });
      if (url.endsWith("/connections")) return connectionsStep();
      return Response.json({ ride: rideDetail({ startTime: Date.now() + 10 * HOUR }) });
    });
    renderAt("/app/ride/r1");
    const weather = (await screen.findByRole("heading", { name: WEATHER_TEXTS.title })).closest(
      "section",
    )!;
    // Under the warning, in the weather card.
    const notice = await within(weather).findByText(WEATHER_TEXTS.stillOnNotice);
    expect(notice.previousElementSibling?.getAttribute("role")).toBe("status");
    expect(screen.queryByRole("button", { name: WEATHER_TEXTS.stillOn })).toBeNull();
  });

  it("stays out, silently, when the forecast fails", async () => {
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url === "/api/rides/r1/weather") return new Response("", { status: 502 });
      if (url.endsWith("/connections")) return connectionsStep();
      return Response.json({ ride: rideDetail() });
    });
    renderAt("/app/ride/r1");
    await screen.findByRole("heading", { name: /Participantes/ });
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => url === "/api/rides/r1/weather")).toBe(true),
    );
    expect(screen.queryByRole("heading", { name: WEATHER_TEXTS.title })).toBeNull();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("asks the organizer '¿Sigue en pie?' and posts her answer", async () => {
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url === "/api/rides/r1/weather") return Response.json({ ...COLD, stillOn: false });
      if (url === "/api/rides/r1/still-on" && init?.method === "POST") {
        return Response.json({ ok: true });
      }
      if (url.endsWith("/connections")) return connectionsStep();
      return Response.json({
        ride: rideDetail({
          startTime: Date.now() + 10 * HOUR,
          viewer: ORGANIZER_VIEWER,
        }),
      });
    });
    renderAt("/app/ride/r1");
    const button = await screen.findByRole("button", { name: WEATHER_TEXTS.stillOn });
    await act(async () => {
      fireEvent.click(button);
    });
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) => url === "/api/rides/r1/still-on" && init?.method === "POST",
      ),
    ).toBe(true);
    expect((await screen.findAllByText(WEATHER_TEXTS.stillOnPosted)).length).toBeGreaterThan(0);
    expect(screen.queryByRole("button", { name: WEATHER_TEXTS.stillOn })).toBeNull();
  });

  describe("the push's buttons when the forecast has gone since it was sent", () => {
    const organizerRide = (weather: object) => async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url === "/api/rides/r1/weather") return Response.json(weather);
      if (url.endsWith("/connections")) return connectionsStep();
      return Response.json({
        ride: rideDetail({ startTime: Date.now() + 10 * HOUR, viewer: ORGANIZER_VIEWER }),
      });
    };

    it("'Cancelar' still opens the cancel dialog when the provider fails", async () => {
      fetchMock.mockImplementation(organizerRide({ forecast: null, warnings: [], stillOn: false }));
      renderAt("/app/ride/r1?tiempo=cancelar");
      const dialog = await screen.findByRole("dialog", { name: "¿Cancelar la salida?" });
      expect(
        (within(dialog).getByRole("button", { name: "Sí, cancelar salida" }) as HTMLButtonElement)
          .disabled,
      ).toBe(false);
    });

    it("'Cancelar' on a grupeta's date opens the ride page's cancel, which asks which dates", async () => {
      fetchMock.mockImplementation(async (input, init) => {
        const url = String(input);
        if (url === "/api/rides/r1/weather") return Response.json({ ...COLD, stillOn: false });
        if (url === "/api/rides/r1/series") return Response.json(seriesAnswer());
        if (url === "/api/rides/r1/cancel" && init?.method === "POST") {
          return Response.json({ ok: true });
        }
        if (url.endsWith("/connections")) return connectionsStep();
        return Response.json({
          ride: rideDetail({
            startTime: Date.now() + 10 * HOUR,
            viewer: ORGANIZER_VIEWER,
            series: weekly,
          }),
        });
      });
      renderAt("/app/ride/r1?tiempo=cancelar");
      const dialog = await screen.findByRole("dialog", { name: "¿Cancelar la salida?" });
      const dates = within(dialog).getByRole("group", { name: "¿Qué fechas cancelas?" });
      fireEvent.click(within(dates).getByRole("radio", { name: SERIES_TEXTS.thisAndFollowing }));
      fireEvent.click(within(dialog).getByRole("button", { name: "Sí, cancelar salida" }));
      await waitFor(() => {
        const sent = fetchMock.mock.calls.find(([url]) => url === "/api/rides/r1/cancel");
        expect(JSON.parse(String(sent?.[1]?.body))).toEqual({ reason: null, scope: "following" });
      });
      // She goes on to My Rides, where the cancelled date now is.
      await waitFor(() =>
        expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Mis salidas"),
      );
    });

    it("'Sigue en pie' still finds the question when the forecast has calmed down", async () => {
      fetchMock.mockImplementation(organizerRide({ ...COLD, warnings: [], stillOn: false }));
      renderAt("/app/ride/r1?tiempo=sigue");
      const button = await screen.findByRole("button", { name: WEATHER_TEXTS.stillOn });
      expect(button.closest("section")!.textContent).toContain(WEATHER_TEXTS.stillOnQuestion);
      expect(screen.queryByRole("status")).toBeNull();
    });

    it("a ride page opened without the push shows no question", async () => {
      fetchMock.mockImplementation(organizerRide({ forecast: null, warnings: [], stillOn: false }));
      renderAt("/app/ride/r1");
      await waitFor(() =>
        expect(fetchMock.mock.calls.some(([url]) => url === "/api/rides/r1/weather")).toBe(true),
      );
      await screen.findByRole("heading", { name: /Participantes/ });
      expect(screen.queryByRole("heading", { name: WEATHER_TEXTS.title })).toBeNull();
    });
  });

  it("does not ask the organizer again once she has answered (from the push, say)", async () => {
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url === "/api/rides/r1/weather") return Response.json({ ...COLD, stillOn: true });
      if (url.endsWith("/connections")) return connectionsStep();
      return Response.json({
        ride: rideDetail({ startTime: Date.now() + 10 * HOUR, viewer: ORGANIZER_VIEWER }),
      });
    });
    renderAt("/app/ride/r1?tiempo=sigue");
    // Her answer stands under the question, where its buttons were. Read from the question: the
    // same words may also stand in a toast an earlier test of this file left in the toasts' queue.
    expect(
      (await screen.findByText(WEATHER_TEXTS.stillOnQuestion)).nextElementSibling?.textContent,
    ).toBe(WEATHER_TEXTS.stillOnPosted);
    expect(screen.queryByRole("button", { name: WEATHER_TEXTS.stillOn })).toBeNull();
    // She can still cancel from the ride's own menu; the card offers no second answer.
    expect(screen.queryByRole("button", { name: WEATHER_TEXTS.cancelInstead })).toBeNull();
  });
});
