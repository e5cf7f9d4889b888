// The route and the pin: a two-track GPX measured per track, the meeting pin placed on the form's map, the
// detail's pin with 'Abrir en Google Maps', the route with start, finish and elevation profile,
// and the edit form's current file with 'Quitar'; a route that starts in Lisboa puts the form's
// date and time on Lisbon's clock.
import path from "node:path";
import type { Page } from "@playwright/test";
import { expectAccessible } from "./a11y.ts";
import {
  apiFromPage,
  expect,
  freshUsername,
  type OpenSession,
  type Session,
  saveScreenshot,
  signInAs,
  test,
  tomorrowIso,
} from "./fixtures.ts";

const GPX_FIXTURE = path.resolve(import.meta.dirname, "fixtures/casa-de-campo-two-tracks.gpx");
const LISBOA_GPX = path.resolve(import.meta.dirname, "fixtures/lisboa-tejo.gpx");
/** A signed-in rider (map tiles are stubbed for every session: fixtures.ts). */
async function signedIn(openSession: OpenSession, username: string): Promise<Session> {
  const session = await openSession();
  await signInAs(session, username);
  return session;
}

/** Vector paths Leaflet drew on a map: lines and circle markers. */
const overlayPaths = (page: Page, testId: string) =>
  page.getByTestId(testId).locator(".leaflet-overlay-pane path");

test.describe("route journey", () => {
  test("a route that starts in Lisboa: the form's time is on Lisbon's clock, and so is the ride", async ({
    openSession,
  }) => {
    const title = `Junto al Tejo ${Date.now().toString(36).slice(-6)}`;
    const organizer = await signedIn(openSession, freshUsername("tejo"));
    const op = organizer.page;
    await op.goto("/app/create");
    await expect(op.getByRole("heading", { name: "Propón una ruta" })).toBeVisible();
    await op.getByLabel("Título").fill(title);
    const date = await tomorrowIso(op);
    await op.getByLabel("Fecha").fill(date);
    await op.getByLabel("Hora").fill("10:00");
    await op.getByRole("radio", { name: "Chill" }).click();
    await op.getByLabel("Punto de encuentro", { exact: true }).fill("Cais do Sodré");
    // Her browser is on Madrid's clock, like her city: nothing to say yet.
    const time = op.getByLabel("Hora");
    await expect(time).not.toHaveAttribute("aria-describedby", /./);
    // The route starts in Lisboa: the pin goes there, and the server says whose clock that is.
    await op.getByLabel("Archivo GPX (opcional)").setInputFiles(LISBOA_GPX);
    await expect(op.getByTestId("meeting-pin-coordinates")).toHaveText(
      "Marcador en 38,70710, -9,13660",
    );
    await expect(time).toHaveAttribute("aria-describedby", /./);
    await expect(op.locator(`[id="${await time.getAttribute("aria-describedby")}"]`)).toHaveText(
      "En hora de Lisboa",
    );
    await op.getByRole("button", { name: "Crear salida" }).click();
    await op.waitForURL(/\/app\/ride\/[a-z0-9]+$/);
    const rideId = op.url().split("/").pop()!;
    const stored = await apiFromPage<{ ride: { timeZone: string; startTime: number } }>(
      organizer,
      "GET",
      `/api/rides/${rideId}`,
    );
    expect(stored.body.ride.timeZone).toBe("Europe/Lisbon");
    // 10:00 as she entered it, on Lisbon's clock.
    const onLisbonClock = new Intl.DateTimeFormat("en-GB", {
      timeZone: "Europe/Lisbon",
      hour: "2-digit",
      minute: "2-digit",
    }).format(stored.body.ride.startTime);
    expect(onLisbonClock).toBe("10:00");
    await expect(
      op.getByRole("article", { name: title }).getByText("10:00 (hora de Lisboa)"),
    ).toBeVisible();
  });

  test("two tracks → pin on the map → detail with pin, profile and map → edit: Quitar", async ({
    openSession,
  }) => {
    const suffix = Date.now().toString(36).slice(-6);
    const title = `Dos tramos ${suffix}`;
    const organizer = await signedIn(openSession, freshUsername("ruta"));
    const op = organizer.page;

    // --- The form: the GPX prefills the numbers measured per track, the pin goes to its start.
    await op.goto("/app/create");
    await expect(op.getByRole("heading", { name: "Propón una ruta" })).toBeVisible();
    await op.getByLabel("Título").fill(title);
    // City and modality come from her profile (Madrid, Road).
    await expect(op.getByLabel("Ciudad")).toHaveValue("Madrid");
    await op.getByLabel("Fecha").fill(await tomorrowIso(op));
    await op.getByLabel("Hora").fill("09:30");
    await op.getByRole("radio", { name: "Chill" }).click();
    await op.getByLabel("Punto de encuentro", { exact: true }).fill("Puente del Rey");
    // Before any file: no pin (the map shows her city, without a marker).
    const coordinates = op.getByTestId("meeting-pin-coordinates");
    await expect(coordinates).toHaveText(
      "Sin marcador: sin él, la salida no aparece en «Cerca de mí».",
    );
    await op.getByLabel("Archivo GPX (opcional)").setInputFiles(GPX_FIXTURE);
    await expect(op.getByRole("figure", { name: /Vista previa de la ruta/ })).toBeVisible();
    // 8.4 km in two tracks (chained, the 1.8 km between them would count), 112 m of climbing.
    await expect(op.getByLabel("Distancia (km)")).toHaveValue("8.4");
    await expect(op.getByLabel("Desnivel (m)")).toHaveValue("112");
    await expect(
      op.getByTestId("gpx-current").getByText("casa-de-campo-two-tracks.gpx"),
    ).toBeVisible();
    await expect(coordinates).toHaveText("Marcador en 40,41761, -3,72374");
    // She moves the pin with the keyboard: two steps east.
    const pin = op.getByRole("button", {
      name: "Marcador de la quedada: arrástralo o muévelo con las flechas",
    });
    await pin.focus();
    await op.keyboard.press("ArrowRight");
    await op.keyboard.press("ArrowRight");
    await expect(coordinates).not.toHaveText("Marcador en 40,41761, -3,72374");
    const moved = (await coordinates.textContent())!;
    const [movedLat, movedLon] = moved
      .replace("Marcador en ", "")
      .split(", ")
      .map((n) => Number(n.replace(",", ".")));
    expect(movedLat).toBeCloseTo(40.41761, 3);
    expect(movedLon!).toBeGreaterThan(-3.72374);
    await op.getByTestId("meeting-pin-picker").scrollIntoViewIfNeeded();
    await saveScreenshot(op, "create-route");
    await op.getByRole("button", { name: "Crear salida" }).click();
    await op.waitForURL(/\/app\/ride\/[a-z0-9]+$/);
    const rideId = op.url().split("/").pop()!;

    // --- The detail: the pin, and 'Abrir en Google Maps' at its coordinates.
    const stored = await apiFromPage<{ ride: { meetingPin: { lat: number; lon: number } } }>(
      organizer,
      "GET",
      `/api/rides/${rideId}`,
    );
    const { lat, lon } = stored.body.ride.meetingPin;
    expect(lat).toBeCloseTo(movedLat!, 4);
    expect(lon).toBeCloseTo(movedLon!, 4);
    const mapsUrl = `https://www.google.com/maps/search/?api=1&query=${lat}%2C${lon}`;
    await expect(op.getByTestId("meeting-pin-map").locator(".meeting-pin")).toBeVisible();
    await expect(
      op.getByRole("article", { name: title }).getByRole("link", { name: "Abrir en Google Maps" }),
    ).toHaveAttribute("href", mapsUrl);

    // --- Her route: two lines with start and finish, and the profile under the map.
    await op.getByRole("heading", { name: "Ruta completa" }).scrollIntoViewIfNeeded();
    const map = op.getByTestId("route-map");
    await expect(map).toBeVisible();
    // Two polylines, then the finish and start circles.
    await expect(overlayPaths(op, "route-map").nth(3)).toBeVisible();
    await expect(overlayPaths(op, "route-map")).toHaveCount(4);
    await expect(map.locator(".meeting-pin")).toHaveCount(1);
    await expect(op.getByTestId("profile-summary")).toHaveText(
      "8,4 km, 112 m de desnivel positivo, punto más alto 681 m",
    );
    // Hovering the profile marks the point on the map.
    const profile = op.getByTestId("elevation-profile");
    await profile.scrollIntoViewIfNeeded();
    const box = (await profile.boundingBox())!;
    await op.mouse.move(box.x + box.width * 0.6, box.y + box.height / 2);
    await expect(
      op.getByTestId("profile-readout").getByText(/^Kilómetro [\d,]+: \d+ m de altitud$/),
    ).toBeVisible();
    await expect(overlayPaths(op, "route-map").nth(4)).toBeVisible();
    // The map and the profile together in the picture, without the creation toast.
    await expect(op.locator("[data-sonner-toast]").first()).not.toBeAttached();
    await map.evaluate((element) => element.scrollIntoView({ block: "start" }));
    await saveScreenshot(op, "ride-route");
    // The keyboard walks it too.
    await op.getByRole("slider", { name: /Recorrer el perfil/ }).focus();
    await op.keyboard.press("Home");
    await expect(op.getByRole("slider", { name: /Recorrer el perfil/ })).toHaveAttribute(
      "aria-valuenow",
      "0",
    );
    // axe on the detail with route, profile and pin, and on the form with her file.
    await expectAccessible(op, "ride detail with its route");

    // --- Another rider, not in the ride: the pin and its link, not the route.
    const stranger = await signedIn(openSession, freshUsername("mira"));
    const sp = stranger.page;
    await sp.goto(`/app/ride/${rideId}`);
    await expect(sp.getByTestId("meeting-pin-map").locator(".meeting-pin")).toBeVisible();
    await expect(
      sp.getByRole("article", { name: title }).getByRole("link", { name: "Abrir en Google Maps" }),
    ).toHaveAttribute("href", mapsUrl);
    await expect(
      sp.getByText("Únete a la salida para ver la ruta completa y descargar el GPX."),
    ).toBeVisible();
    expect(await sp.getByTestId("route-map").count()).toBe(0);
    await sp.getByTestId("meeting-pin-map").scrollIntoViewIfNeeded();
    await saveScreenshot(sp, "ride-pin");

    // --- Editing: her file by name, with Cambiar and Quitar; Quitar takes the route away.
    await op.goto(`/app/create?edit=${rideId}`);
    await expect(op.getByRole("heading", { name: "Edita tu grupeta" })).toBeVisible();
    const current = op.getByTestId("gpx-current");
    await expect(current.getByText("casa-de-campo-two-tracks.gpx")).toBeVisible();
    await expect(
      current.getByRole("button", { name: "Cambiar el archivo casa-de-campo-two-tracks.gpx" }),
    ).toBeVisible();
    await expect(coordinates).toHaveText(moved);
    // Her stored route is drawn under the pin (both tracks), and its start is offered.
    await expect(overlayPaths(op, "meeting-pin-picker").first()).toBeVisible();
    await expect(overlayPaths(op, "meeting-pin-picker")).toHaveCount(2);
    await expect(op.getByRole("button", { name: "Usar la salida de la ruta" })).toBeVisible();
    await current.scrollIntoViewIfNeeded();
    await expectAccessible(op, "edit form with its route");
    await saveScreenshot(op, "edit-route");
    await current
      .getByRole("button", { name: "Quitar el archivo casa-de-campo-two-tracks.gpx" })
      .click();
    await expect(op.getByText("La salida se guardará sin ruta.")).toBeVisible();
    await op.getByRole("button", { name: "Guardar cambios" }).click();
    await op.waitForURL(new RegExp(`/app/ride/${rideId}$`));
    await expect(op.getByTestId("meeting-pin-map")).toBeVisible();
    await expect(op.getByRole("heading", { name: "Ruta completa" })).not.toBeAttached();
    const after = await apiFromPage<{ ride: { hasRoute: boolean; routeFileName: string | null } }>(
      organizer,
      "GET",
      `/api/rides/${rideId}`,
    );
    expect(after.body.ride).toMatchObject({ hasRoute: false, routeFileName: null });
  });
});
