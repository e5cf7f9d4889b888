// The ride form's GPX field (prefill, a route under 1 km, the current file with
// Cambiar / Quitar) and meeting pin, and the detail's elevation profile.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { describe, expect, it, vi } from "vitest";
import type { RideDetail } from "../../domain/api/rides.ts";
import type { MeResponse } from "../../domain/api-types.ts";
import { toIsoDate } from "../../domain/dates.ts";
import type { ProfilePoint } from "../../domain/gpx.ts";
import { MSG } from "../../domain/messages.ts";
import {
  ElevationProfile,
  nearestPoint,
  profileSummary,
} from "../../web/maps/elevation-profile.tsx";
import { RIDES_KEY } from "../../web/ride-core/queries.ts";
import CreateRideScreen from "../../web/rides/create.tsx";
import { ME_KEY } from "../../web/session/use-me.ts";
import { stubFetchEachTest } from "./helpers/fetch.ts";
import { ORGANIZER_VIEWER, rideDetail } from "./helpers/rides.ts";

const me = {
  user: { id: "ana", username: "ana_rueda", city: "Sevilla", modalities: ["road"] },
} as unknown as MeResponse;

function renderForm(entry = "/app/create", editing?: RideDetail) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(ME_KEY, me);
  if (editing) client.setQueryData([...RIDES_KEY, "detail", editing.id], { ride: editing });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          <Route path="/app/create" element={<CreateRideScreen />} />
          <Route path="/app/ride/:id" element={<p>Guardada</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const gpxFile = (points: string, name = "ruta.gpx") =>
  new File([`<?xml version="1.0"?><gpx><trk><trkseg>${points}</trkseg></trk></gpx>`], name, {
    type: "application/gpx+xml",
  });

// 0.1° of latitude: 11.12 km; 620 → 700 m.
const LONG = gpxFile(
  '<trkpt lat="37.30" lon="-5.90"><ele>620</ele></trkpt><trkpt lat="37.40" lon="-5.90"><ele>700</ele></trkpt>',
);
// 0.004°: 0.44 km.
const SHORT = gpxFile(
  '<trkpt lat="37.390" lon="-5.98"><ele>10</ele></trkpt><trkpt lat="37.394" lon="-5.98"><ele>10</ele></trkpt>',
);

async function choose(file: File) {
  await act(async () => {
    fireEvent.change(screen.getByLabelText("Archivo GPX (opcional)"), {
      target: { files: [file] },
    });
  });
}

const value = (label: string) => screen.getByLabelText<HTMLInputElement>(label).value;

function fillRest() {
  const type = (label: string, text: string) =>
    fireEvent.change(screen.getByLabelText(label), { target: { value: text } });
  type("Título", "Vuelta al Aljarafe");
  type("Fecha", toIsoDate(new Date(Date.now() + 30 * 24 * 3_600_000)));
  type("Hora", "08:30");
  fireEvent.click(screen.getByRole("radio", { name: "Chill" }));
  type("Punto de encuentro", "Puente de Triana");
}

const fetchMock = stubFetchEachTest();

/**
 * Answers the create (or edit) with ride r1, and the form's question about the pin's clock
 * (POST /api/rides/zone) with Madrid's.
 */
function answerSaves() {
  fetchMock.mockImplementation(async (url) =>
    url === "/api/rides/zone"
      ? Response.json({ timeZone: "Europe/Madrid" })
      : Response.json({ ride: { id: "r1" } }, { status: 201 }),
  );
}

/** What the create (POST) or edit (PUT) sent: not the form's question about the pin's clock. */
function sentBody(method: string): Record<string, unknown> {
  const call = fetchMock.mock.calls.find(
    ([url, init]) => init?.method === method && url !== "/api/rides/zone",
  )!;
  const body = call[1]!.body;
  return JSON.parse(body instanceof FormData ? String(body.get("data")) : String(body));
}

describe("the ride form's GPX field", () => {
  it("prefills distance and climbing, and pins the meeting point at the route's start", async () => {
    answerSaves();
    renderForm();
    // Before any file, no pin.
    expect(screen.getByTestId("meeting-pin-coordinates").textContent).toBe(NO_PIN);
    await choose(LONG);
    await waitFor(() => expect(value("Distancia (km)")).toBe("11.1"));
    expect(value("Desnivel (m)")).toBe("80");
    expect(screen.getByTestId("gpx-current").textContent).toContain("ruta.gpx");
    expect(screen.getByTestId("meeting-pin-coordinates").textContent).toBe(
      "Marcador en 37,30000, -5,90000",
    );
    fillRest();
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Crear salida" }));
    });
    await screen.findByText("Guardada");
    expect(sentBody("POST")).toMatchObject({ meetingPin: { lat: 37.3, lon: -5.9 } });
  });

  it("leaves a route under 1 km's distance to her and says why", async () => {
    renderForm();
    // A longer file first: its 11.1 km must not stay for the short one.
    await choose(LONG);
    await waitFor(() => expect(value("Distancia (km)")).toBe("11.1"));
    await choose(SHORT);
    await screen.findByText(MSG.gpxShortRoute("0,4 km"));
    expect(value("Distancia (km)")).toBe("");
    expect(value("Desnivel (m)")).toBe("0");
  });

  it("says what is wrong with a file in Spanish", async () => {
    renderForm();
    await choose(new File(["<gpx><wpt lat='1' lon='2'/></gpx>"], "puntos.gpx"));
    expect((await screen.findByRole("alert")).textContent).toBe(MSG.gpxWaypointsOnly);
  });
});

const NO_PIN = "Sin marcador: sin él, la salida no aparece en «Cerca de mí».";

describe("the meeting pin", () => {
  it("is not guessed: without a route or her tap the ride is sent with no pin", async () => {
    answerSaves();
    renderForm();
    // The map looks at her city (Sevilla), with no marker on it.
    const picker = await screen.findByTestId("meeting-pin-picker");
    expect(picker.querySelectorAll(".meeting-pin")).toHaveLength(0);
    expect(screen.getByTestId("meeting-pin-coordinates").textContent).toBe(NO_PIN);
    expect(screen.queryByRole("button", { name: "Centrar en Sevilla" })).toBeNull();
    fillRest();
    fireEvent.change(screen.getByLabelText("Distancia (km)"), { target: { value: "30" } });
    fireEvent.change(screen.getByLabelText("Desnivel (m)"), { target: { value: "200" } });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Crear salida" }));
    });
    await screen.findByText("Guardada", {}, { timeout: 10_000 });
    expect(sentBody("POST")).toMatchObject({ meetingPin: null });
  });

  it("is the one she puts on the map", async () => {
    answerSaves();
    renderForm();
    const picker = await screen.findByTestId("meeting-pin-picker");
    // The keyboard's way in: a marker where the map looks, which she then moves.
    fireEvent.click(screen.getByRole("button", { name: "Poner el marcador" }));
    expect(screen.getByTestId("meeting-pin-coordinates").textContent).toBe(
      "Marcador en 37,38910, -5,98450",
    );
    await vi.waitFor(() => expect(picker.querySelectorAll(".meeting-pin")).toHaveLength(1));
    fillRest();
    fireEvent.change(screen.getByLabelText("Distancia (km)"), { target: { value: "30" } });
    fireEvent.change(screen.getByLabelText("Desnivel (m)"), { target: { value: "200" } });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Crear salida" }));
    });
    await screen.findByText("Guardada", {}, { timeout: 10_000 });
    expect(sentBody("POST")).toMatchObject({ meetingPin: { lat: 37.3891, lon: -5.9845 } });
  });
});

describe("editing a ride with a route", () => {
  const ride = rideDetail({
    id: "r9",
    hasRoute: true,
    routeFileName: "sierra-norte.gpx",
    meetingPin: { lat: 37.4, lon: -6 },
    viewer: ORGANIZER_VIEWER,
    startTime: Date.now() + 30 * 24 * 3_600_000,
  });

  it("shows her file by name; 'Quitar' sends removeRoute and keeps her pin", async () => {
    fetchMock.mockImplementation(async (url) =>
      String(url).endsWith("/route")
        ? Response.json({
            segments: [
              [
                [37.3, -5.9],
                [37.4, -5.9],
              ],
            ],
            distanceKm: 11.12,
            elevationGain: 80,
            maxElevation: 700,
            profile: [],
          })
        : Response.json({ ride }),
    );
    renderForm("/app/create?edit=r9", ride);
    const current = screen.getByTestId("gpx-current");
    expect(current.textContent).toContain("sierra-norte.gpx");
    screen.getByRole("button", { name: "Cambiar el archivo sierra-norte.gpx" });
    expect(screen.getByTestId("meeting-pin-coordinates").textContent).toBe(
      "Marcador en 37,40000, -6,00000",
    );
    fireEvent.click(screen.getByRole("button", { name: "Quitar el archivo sierra-norte.gpx" }));
    const statuses = screen.getAllByRole("status").map((s) => s.textContent);
    expect(statuses.some((text) => text?.includes("La salida se guardará sin ruta."))).toBe(true);
    expect(screen.queryByTestId("gpx-current")).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Guardar cambios" }));
    });
    await screen.findByText("Guardada");
    expect(sentBody("PUT")).toMatchObject({
      removeRoute: true,
      meetingPin: { lat: 37.4, lon: -6 },
    });
  });

  it("'Deshacer' keeps the route", async () => {
    fetchMock.mockImplementation(async () => Response.json({ ride }));
    renderForm("/app/create?edit=r9", ride);
    fireEvent.click(screen.getByRole("button", { name: "Quitar el archivo sierra-norte.gpx" }));
    fireEvent.click(screen.getByRole("button", { name: "Deshacer" }));
    expect(screen.getByTestId("gpx-current").textContent).toContain("sierra-norte.gpx");
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Guardar cambios" }));
    });
    await screen.findByText("Guardada");
    expect(sentBody("PUT")).not.toHaveProperty("removeRoute");
  });
});

describe("the elevation profile", () => {
  const profile: ProfilePoint[] = [
    [0, 600, 40, -3.7],
    [5, 845, 40.05, -3.7],
    [15, 610, 40.15, -3.7],
  ];

  it("speaks a summary", () => {
    expect(profileSummary({ distanceKm: 15, elevationGain: 494, maxElevation: 845 })).toBe(
      "15 km, 494 m de desnivel positivo, punto más alto 845 m",
    );
  });

  it("finds the point nearest a distance", () => {
    expect(nearestPoint(profile, 0)).toBe(0);
    expect(nearestPoint(profile, 9.9)).toBe(1);
    expect(nearestPoint(profile, 10.1)).toBe(2);
    expect(nearestPoint(profile, 99)).toBe(2);
  });

  it("hands the map the point under her finger, and the arrow keys walk it", () => {
    const onPoint = vi.fn();
    render(<ElevationProfile profile={profile} summary="15 km" onPoint={onPoint} />);
    const svg = screen.getByTestId("elevation-profile");
    svg.getBoundingClientRect = () =>
      ({ left: 0, top: 0, width: 320, height: 132, right: 320, bottom: 132 }) as DOMRect;
    // x = 40 + 5/15 × 272 ≈ 130.7: kilometre 5.
    fireEvent.pointerMove(svg, { clientX: 131, clientY: 50 });
    expect(onPoint).toHaveBeenLastCalledWith(profile[1]);
    expect(screen.getByTestId("profile-readout").textContent).toBe("Kilómetro 5: 845 m de altitud");
    const slider = screen.getByRole("slider");
    fireEvent.keyDown(slider, { key: "End" });
    expect(onPoint).toHaveBeenLastCalledWith(profile[2]);
    expect(slider.getAttribute("aria-valuenow")).toBe("15");
    fireEvent.keyDown(slider, { key: "Escape" });
    expect(onPoint).toHaveBeenLastCalledWith(null);
  });
});
