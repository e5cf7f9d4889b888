// Regular grupetas (docs/product.md#regular-grupetas) in two browsers: the organizer creates a
// weekly ride with the preview of its dates, a rider joins the series in one tap, the organizer
// cancels one date only, and the rider sees that date cancelled and the others still hers.
import { SERIES_TEXTS } from "../../domain/series.ts";
import { expectAccessible } from "./a11y.ts";
import { animationsSettled, expect, saveScreenshot, test, tomorrowIso } from "./fixtures.ts";

test.describe("regular grupetas", () => {
  test("weekly ride → a rider joins the series → one date cancelled → she keeps the others", async ({
    rider,
  }) => {
    const ana = await rider("ana");
    const bea = await rider("bea");
    const title = `Grupeta de los jueves ${Date.now().toString(36).slice(-5)}`;
    const op = ana.page;
    const bp = bea.page;

    // --- Ana proposes a weekly ride for three dates and sees them listed first.
    await op.goto("/app/create");
    await expect(op.getByRole("heading", { name: "Propón una ruta" })).toBeVisible();
    await op.getByLabel("Título").fill(title);
    await op.getByLabel("Fecha").fill(await tomorrowIso(op));
    await op.getByLabel("Hora").fill("09:00");
    await op.getByRole("radio", { name: "Chill" }).click();
    await op.getByLabel("Punto de encuentro").fill("Puente del Rey");
    await op.getByLabel("Distancia (km)").fill("40");
    await op.getByLabel("Desnivel (m)").fill("300");
    await op.getByLabel(SERIES_TEXTS.repeatLabel).selectOption("1");
    await op.getByLabel("Número de salidas").selectOption("3");
    const preview = op.getByRole("list", {
      name: /^Se crearán 3 fechas, hasta el \d\d\/\d\d\/\d{4}$/,
    });
    await expect(preview.getByRole("listitem")).toHaveText([/, 09:00$/, /, 09:00$/, /, 09:00$/]);
    await preview.scrollIntoViewIfNeeded();
    await saveScreenshot(op, "create-series");
    await op.getByRole("button", { name: "Crear salida" }).click();
    await op.waitForURL(/\/app\/ride\/[a-z0-9]+$/);
    const firstId = op.url().split("/").pop()!;
    const series = op.getByRole("region", { name: SERIES_TEXTS.nextDates });
    await expect(series.getByRole("listitem")).toHaveCount(3);

    // --- Bea joins every upcoming date in one tap.
    await bp.goto(`/app/ride/${firstId}`);
    const herSeries = bp.getByRole("region", { name: SERIES_TEXTS.nextDates });
    await herSeries.getByRole("button", { name: SERIES_TEXTS.joinNext }).click();
    await expect(bp.getByText(SERIES_TEXTS.joinedNext(3, 0))).toBeVisible();
    await expect(herSeries.getByRole("button", { name: SERIES_TEXTS.leaveSeries })).toBeVisible();
    await expect(herSeries.getByText("Vas", { exact: true })).toHaveCount(3);
    await herSeries.scrollIntoViewIfNeeded();
    await saveScreenshot(bp, "ride-series");

    // --- Ana cancels the second date only.
    const secondLink = series.getByRole("link").first();
    const secondHref = await secondLink.getAttribute("href");
    expect(secondHref).toMatch(/^\/app\/ride\/[a-z0-9]+$/);
    await secondLink.click();
    await op.waitForURL(new RegExp(`${secondHref}$`));
    await expect(op.getByRole("heading", { name: "Gestiona tu salida" })).toBeVisible();
    await op.getByRole("button", { name: "Cancelar salida" }).click();
    const dialog = op.getByRole("dialog");
    await expect(dialog.getByRole("radio", { name: SERIES_TEXTS.onlyThis })).toBeChecked();
    await dialog.getByRole("button", { name: "Sí, cancelar salida" }).click();
    await op.waitForURL(/\/app\/my-rides/);

    // --- Bea sees that date cancelled and the other two still hers.
    await bp.goto(`/app/ride/${firstId}`);
    await expect(herSeries.getByText("Cancelada")).toBeVisible();
    await expect(herSeries.getByText("Vas", { exact: true })).toHaveCount(2);
    await animationsSettled(bp);
    await expectAccessible(bp, "ride detail with its series");
    await herSeries.scrollIntoViewIfNeeded();
    await saveScreenshot(bp, "ride-series-date-cancelled");
    await bp.goto(secondHref!);
    await expect(bp.getByText("Cancelada por la organizadora")).toBeVisible();
  });
});
