// The ride detail's route card for a participant: the map and 'Descargar GPX'. No 'Abrir en
// visor GPX': it opened an external viewer with nothing in it (the route never reached it). For
// anyone else, what is true for her: her way in, or that the route is for those who ride.
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { RideDetail } from "../../domain/api/rides.ts";
import { OFFLINE_MAP_TEXT } from "../../domain/texts/maps-offline.ts";
import { stubFetchEachTest } from "./helpers/fetch.ts";
import { rideDetail } from "./helpers/rides.ts";
import { signedInClient } from "./helpers/signed-in-client.ts";

// The map itself (Leaflet) is tested in route-map.test.tsx.
vi.mock("../../web/maps/lazy-route-map.tsx", () => ({
  LazyRouteMap: (props: { label?: string }) => <div role="img" aria-label={props.label} />,
  LazyRouteView: () => <div role="img" aria-label="Mapa de la ruta" />,
  LazyPinMap: () => <div role="img" aria-label="Punto de encuentro" />,
}));
const { default: RideDetailScreen } = await import("../../web/rides/ride-detail.tsx");

const fetchMock = stubFetchEachTest();

/** The ride's route and its 'He rodado con ella' state, as a participant's page asks for them. */
function routeAndConnections(url: string) {
  if (url === "/api/rides/r1/route") {
    return Response.json({
      segments: [
        [
          [40.4, -3.7],
          [40.41, -3.71],
        ],
      ],
      distanceKm: 2,
      elevationGain: 10,
      maxElevation: 700,
      profile: [],
    });
  }
  if (url === "/api/rides/r1/connections") {
    return Response.json({
      open: false,
      alreadySaved: false,
      companions: [],
      levelQuestions: { open: false, answered: false },
    });
  }
  return null;
}

describe("route card", () => {
  it("offers the GPX download and no external viewer", async () => {
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      const answer = routeAndConnections(url);
      if (answer) return answer;
      return Response.json({
        ride: rideDetail({
          hasRoute: true,
          viewer: {
            joined: true,
            isOrganizer: false,
            rodeWithCount: 0,
            rodeWith: [],
            waitingPosition: null,
            request: null,
          },
        }),
      });
    });
    render(
      <QueryClientProvider client={signedInClient()}>
        <MemoryRouter initialEntries={["/app/ride/r1"]}>
          <Routes>
            <Route path="/app/ride/:id" element={<RideDetailScreen />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const download = await screen.findByRole("link", { name: "Descargar GPX" });
    expect(download.getAttribute("href")).toBe("/api/rides/r1/gpx");
    expect(screen.queryByRole("link", { name: "Abrir en visor GPX" })).toBeNull();
  });
});

describe("route card outside the group", () => {
  const outside = rideDetail().viewer;
  const then = "verás la ruta completa y podrás descargar el GPX.";
  const onlyRiders = "La ruta completa y el GPX son solo para las participantes de esta salida.";
  const cases: [string, Partial<RideDetail>, string][] = [
    [
      "an open ride with places",
      {},
      "Únete a la salida para ver la ruta completa y descargar el GPX.",
    ],
    [
      "a full ride",
      { maxParticipants: 4, capacity: 4, participantCount: 4 },
      `Apúntate a la lista de espera: si te llega una plaza, ${then}`,
    ],
    [
      "a full ride she waits for",
      {
        maxParticipants: 4,
        capacity: 4,
        participantCount: 4,
        waitingCount: 1,
        viewer: { ...outside, waitingPosition: 1 },
      },
      `Estás en la lista de espera: si te llega una plaza, ${then}`,
    ],
    [
      "an approval ride",
      { joinMode: "approval" },
      `Solicita plaza: si la organizadora te acepta, ${then}`,
    ],
    [
      "an approval ride she asked for",
      { joinMode: "approval", viewer: { ...outside, request: "pending" } },
      `Si la organizadora acepta tu solicitud, ${then}`,
    ],
    [
      "an approval ride that declined her",
      { joinMode: "approval", viewer: { ...outside, request: "declined" } },
      onlyRiders,
    ],
    ["a ride that has started", { startTime: Date.now() - 3_600_000 }, onlyRiders],
  ];

  it.each(cases)("%s", async (_, overrides, text) => {
    fetchMock.mockImplementation(async () =>
      Response.json({ ride: rideDetail({ hasRoute: true, ...overrides }) }),
    );
    render(
      <QueryClientProvider client={signedInClient()}>
        <MemoryRouter initialEntries={["/app/ride/r1"]}>
          <Routes>
            <Route path="/app/ride/:id" element={<RideDetailScreen />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const card = await screen.findByRole("region", { name: "Ruta completa" });
    expect(card.querySelector("p")!.textContent).toBe(text);
  });
});

describe("saving a pin-only ride's map", () => {
  const joined = { ...rideDetail().viewer, joined: true };
  const pin = { lat: 40.4192, lon: -3.7402 };
  const renderRide = (overrides: Partial<RideDetail>) => {
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      const answer = routeAndConnections(url);
      if (answer) return answer;
      return Response.json({ ride: rideDetail(overrides) });
    });
    render(
      <QueryClientProvider client={signedInClient()}>
        <MemoryRouter initialEntries={["/app/ride/r1"]}>
          <Routes>
            <Route path="/app/ride/:id" element={<RideDetailScreen />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
  };
  // The button shows only where the Cache Storage API exists (the app's browsers).
  beforeEach(() => vi.stubGlobal("caches", { keys: async () => [], open: async () => ({}) }));
  afterEach(() => vi.unstubAllGlobals());

  it("a participant of a ride with a pin and no route saves its meeting area", async () => {
    renderRide({ meetingPin: pin, hasRoute: false, viewer: joined });
    const save = await screen.findByRole("button", { name: OFFLINE_MAP_TEXT.save });
    const about = document.getElementById(save.getAttribute("aria-describedby") ?? "");
    expect(about?.textContent).toMatch(/^Unos \d+ MB$/);
    expect(screen.queryByRole("region", { name: "Ruta completa" })).toBeNull();
  });

  it("a rider outside the ride is not offered it", async () => {
    renderRide({ meetingPin: pin, hasRoute: false });
    await screen.findByRole("heading", { level: 1 });
    expect(screen.queryByRole("button", { name: OFFLINE_MAP_TEXT.save })).toBeNull();
  });

  it("with a route, one button, in the route's card, saves the corridor and the pin", async () => {
    renderRide({ meetingPin: pin, hasRoute: true, viewer: joined });
    const card = await screen.findByRole("region", { name: "Ruta completa" });
    await within(card).findByRole("button", { name: OFFLINE_MAP_TEXT.save });
    expect(screen.getAllByRole("button", { name: OFFLINE_MAP_TEXT.save })).toHaveLength(1);
  });
});
