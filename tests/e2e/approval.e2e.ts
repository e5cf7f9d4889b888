// Join by approval (docs/product.md#join-by-approval), in three browsers: the organizer creates a
// 'Con aprobación' ride; its chat sends a rider to the ride's page to ask; she requests a place
// and sees only the area; the organizer accepts; the rider now sees the pin and the route; a third rider is declined, kindly. Mis salidas lists
// the request while it waits ('A la espera de plaza'), and the ride once accepted.
import path from "node:path";
import { MSG } from "../../domain/messages.ts";
import { JOIN_MODE_TEXT } from "../../domain/texts/rides-create.ts";
import { expectAccessible } from "./a11y.ts";
import { animationsSettled, expect, saveScreenshot, test, tomorrowIso } from "./fixtures.ts";

const GPX_FIXTURE = path.resolve(import.meta.dirname, "fixtures/casa-de-campo.gpx");
const MEETING_POINT = "Puente del Rey, junto a la fuente";

test.describe("join by approval", () => {
  test("request → only the area → accepted → the pin and the route; a third rider declined", async ({
    rider,
  }) => {
    const ana = await rider("ana");
    const bea = await rider("bea");
    const carla = await rider("carla");
    const op = ana.page;
    const title = `Gravel con aprobación ${Date.now().toString(36).slice(-5)}`;

    // --- Ana's form: '¿Quién puede unirse?' → 'Con aprobación'.
    await op.goto("/app/create");
    await expect(op.getByRole("heading", { name: "Propón una ruta" })).toBeVisible();
    await op.getByLabel("Título").fill(title);
    await op.getByLabel("Fecha").fill(await tomorrowIso(op));
    await op.getByLabel("Hora").fill("09:30");
    await op.getByRole("radio", { name: "Chill" }).click();
    await op.getByLabel("Punto de encuentro", { exact: true }).fill(MEETING_POINT);
    await op.getByLabel("Archivo GPX (opcional)").setInputFiles(GPX_FIXTURE);
    await expect(op.getByRole("figure", { name: /Vista previa de la ruta/ })).toBeVisible();
    const group = op.getByRole("group", { name: JOIN_MODE_TEXT.label });
    await expect(group.getByRole("radio", { name: new RegExp(JOIN_MODE_TEXT.open) })).toBeChecked();
    await group.getByRole("radio", { name: new RegExp(JOIN_MODE_TEXT.approval) }).check();
    await group.scrollIntoViewIfNeeded();
    await saveScreenshot(op, "create-join-mode");
    await op.getByRole("button", { name: "Crear salida" }).click();
    await op.waitForURL(/\/app\/ride\/[A-Za-z0-9_-]+$/);
    const rideId = op.url().split("/").pop()!;

    // --- The ride's chat offers Bea no 'UNIRME': she asks for a place on the ride's page.
    const bp = bea.page;
    await bp.goto(`/app/chat/${rideId}`);
    const ask = bp.getByRole("link", { name: MSG.requestPlace });
    await expect(ask).toBeVisible();
    await expect(bp.getByText(MSG.requestNeeded)).toBeVisible();
    await expect(bp.getByRole("button", { name: "UNIRME" })).toHaveCount(0);
    await ask.click();
    await bp.waitForURL(`**/app/ride/${rideId}`);

    // --- Bea sees the city and an area, never the point; she asks with a note.
    const card = bp.getByRole("article", { name: title });
    await expect(card.getByText(MSG.meetingAreaHidden)).toBeVisible();
    await expect(
      bp.getByTestId("meeting-area-map").locator(".leaflet-overlay-pane path"),
    ).toBeVisible();
    expect(await bp.getByText(MEETING_POINT).count()).toBe(0);
    expect(await bp.getByTestId("meeting-pin-map").count()).toBe(0);
    expect(await card.getByRole("button", { name: "UNIRME" }).count()).toBe(0);
    await card.getByRole("button", { name: MSG.requestPlace }).click();
    const dialog = bp.getByRole("dialog", { name: MSG.requestPlace });
    await dialog.getByLabel(MSG.requestNoteLabel).fill("Ruedo a 20 km/h, llevo luces.");
    await animationsSettled(bp);
    await expectAccessible(bp, "request dialog");
    await dialog.getByRole("button", { name: MSG.requestPlace }).click();
    await expect(bp.getByRole("status").filter({ hasText: MSG.requestPending })).toBeVisible();
    expect(await bp.getByText(MEETING_POINT).count()).toBe(0);
    await expect(bp.locator("[data-sonner-toast]")).toHaveCount(0);
    await saveScreenshot(bp, "ride-approval-area");

    // --- Her pending request is in Mis salidas, under 'A la espera de plaza', with its way back.
    await bp.goto("/app/my-rides");
    const awaiting = bp.getByRole("region", { name: "A la espera de plaza (1)" });
    const waitingCard = awaiting.getByRole("article", { name: title });
    await expect(waitingCard.getByRole("status")).toHaveText(MSG.requestPending);
    await expect(waitingCard.getByRole("button", { name: MSG.requestWithdraw })).toBeVisible();
    await expect(bp.getByText("Aquí aparecerán tus próximas rutas.")).toBeVisible();
    await expectAccessible(bp, "my rides, waiting on a request");

    // --- Carla asks too.
    await carla.page.goto(`/app/ride/${rideId}`);
    await carla.page.getByRole("button", { name: MSG.requestPlace }).click();
    await carla.page
      .getByRole("dialog", { name: MSG.requestPlace })
      .getByRole("button", { name: MSG.requestPlace })
      .click();
    await expect(
      carla.page.getByRole("status").filter({ hasText: MSG.requestPending }),
    ).toBeVisible();

    // --- Ana: the requests at the top of her ride; she accepts Bea and declines Carla.
    await op.goto(`/app/ride/${rideId}`);
    const requests = op.getByRole("region", { name: `${MSG.requestsTitle} (2)` });
    await expect(requests.getByText("Ruedo a 20 km/h, llevo luces.")).toBeVisible();
    await expect(requests.getByText(MSG.requestCompletedRides(0))).toHaveCount(2);
    await expectAccessible(op, "ride detail, organizer with requests");
    await saveScreenshot(op, "ride-requests");
    await requests.getByRole("button", { name: `Aceptar a ${bea.username}` }).click();
    const oneLeft = op.getByRole("region", { name: `${MSG.requestsTitle} (1)` });
    await oneLeft.getByRole("button", { name: `Rechazar a ${carla.username}` }).click();
    // A decline is final for her: Ana confirms it.
    const confirm = op.getByRole("dialog", {
      name: MSG.requestDeclineConfirmTitle(carla.username),
    });
    await confirm.getByRole("button", { name: MSG.requestDecline }).click();
    await expect(op.getByText(MSG.requestsEmpty)).toBeVisible();
    await expect(op.getByText("Participantes 2/20").first()).toBeVisible();

    // --- Bea now sees the point, its pin and the route.
    await bp.goto(`/app/ride/${rideId}`);
    await expect(bp.getByText(MEETING_POINT)).toBeVisible();
    await expect(bp.getByTestId("meeting-pin-map").locator(".meeting-pin")).toBeVisible();
    await bp.getByRole("heading", { name: "Ruta completa" }).scrollIntoViewIfNeeded();
    await expect(bp.getByTestId("route-map")).toBeVisible();
    await expect(bp.getByRole("link", { name: "Descargar GPX" })).toBeVisible();
    await bp.getByRole("article", { name: title }).scrollIntoViewIfNeeded();
    await saveScreenshot(bp, "ride-approval-accepted");

    // --- In Bea's Mis salidas the ride is now hers to ride, no longer waited on.
    await bp.goto("/app/my-rides");
    await expect(bp.getByRole("article", { name: title })).toBeVisible();
    await expect(bp.getByRole("region", { name: /A la espera de plaza/ })).toHaveCount(0);

    // --- Carla is told kindly, without reasons, and still sees only the area.
    await carla.page.reload();
    await expect(carla.page.getByText(`${MSG.requestDeclined}.`, { exact: false })).toBeVisible();
    expect(await carla.page.getByText(MEETING_POINT).count()).toBe(0);
    expect(await carla.page.getByRole("button", { name: MSG.requestPlace }).count()).toBe(0);
  });
});
