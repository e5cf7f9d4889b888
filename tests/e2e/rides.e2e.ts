import path from "node:path";
import { MSG } from "../../domain/messages.ts";
import { shareText } from "../../domain/share.ts";
import {
  expect,
  freshUsername,
  type OpenSession,
  type Session,
  saveScreenshot,
  test,
  tomorrowIso,
  uniqueEmail,
} from "./fixtures.ts";

const GPX_FIXTURE = path.resolve(import.meta.dirname, "fixtures/casa-de-campo.gpx");

/** A rider signed in through the dev-only test-login route, share recorded (tiles: openSession). */
async function riderSession(openSession: OpenSession, username: string): Promise<Session> {
  const session = await openSession();
  const { page, context } = session;
  // Record what the Web Share API would have received.
  await context.addInitScript(() => {
    Object.defineProperty(navigator, "share", {
      configurable: true,
      value: async (data: ShareData) => {
        (window as unknown as { __shared: ShareData }).__shared = data;
      },
    });
  });
  await page.goto("/app");
  const status = await page.evaluate(
    async (body) =>
      (
        await fetch("/dev/test-login", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(body),
        })
      ).status,
    { email: uniqueEmail(username), username },
  );
  expect(status).toBe(200);
  return session;
}

test.describe("rides journey", () => {
  test("create with GPX → search → join → map → cannot delete → cancel → both see it cancelled", async ({
    openSession,
  }) => {
    const suffix = Date.now().toString(36).slice(-6);
    const organizerName = freshUsername("orga");
    const riderName = freshUsername("rider");
    const title = `Vuelta Casa de Campo ${suffix}`;
    const organizer = await riderSession(openSession, organizerName);
    const rider = await riderSession(openSession, riderName);
    const op = organizer.page;
    const rp = rider.page;

    // --- The organizer proposes a ride with a GPX.
    await op.goto("/app/create");
    await expect(op.getByRole("heading", { name: "Propón una ruta" })).toBeVisible();
    await op.getByLabel("Título").fill(title);
    // City and modalities come from her profile.
    await expect(op.getByLabel("Ciudad")).toHaveValue("Madrid");
    await expect(op.getByRole("button", { name: "Road" })).toHaveAttribute("aria-pressed", "true");
    await op.getByLabel("Fecha").fill(await tomorrowIso(op));
    await op.getByLabel("Hora").fill("09:30");
    await op.getByRole("radio", { name: "Chill" }).click();
    const maps = op.getByRole("button", { name: "Ver en Google Maps" });
    await expect(maps).toBeDisabled();
    await op.getByLabel("Punto de encuentro").fill("Puente del Rey");
    await expect(op.getByRole("link", { name: "Ver en Google Maps" })).toBeVisible();
    await op.getByRole("button", { name: "Coffee Stop" }).click();
    await op.getByRole("button", { name: "Early Birds" }).click();
    await expect(op.getByRole("button", { name: "Sweet Break" })).toBeDisabled();
    await op.getByLabel("Archivo GPX (opcional)").setInputFiles(GPX_FIXTURE);
    await expect(op.getByRole("figure", { name: "Vista previa de la ruta" })).toBeVisible();
    await expect
      .poll(async () => Number(await op.getByLabel("Distancia (km)").inputValue()))
      .toBeGreaterThan(1);
    await expect(op.getByLabel("Desnivel (m)")).toHaveValue("65");
    await saveScreenshot(op, "create");
    await op.getByRole("button", { name: "Crear salida" }).click();
    await op.waitForURL(/\/app\/ride\/[a-z0-9]+$/);
    const rideId = op.url().split("/").pop()!;
    await expect(op.getByText(MSG.rideCreated)).toBeVisible();

    await op.goto("/app/feed");
    await expect(op.getByRole("heading", { name: "Quiero rodar" })).toBeVisible();
    await expect(op.getByRole("article", { name: title })).toBeVisible();
    await expect(op.getByText("Todo al día. ¡A pedalear!")).toBeVisible();
    await saveScreenshot(op, "feed");

    // --- The second rider finds it in search; the filters live in the address.
    await rp.goto("/app/search");
    await rp.waitForURL(/city=Madrid/);
    expect(rp.url()).toContain("m=road");
    await rp.getByRole("searchbox").fill(suffix);
    await rp.waitForURL(new RegExp(`q=${suffix}`));
    await rp.getByRole("button", { name: "Esta semana" }).click();
    await rp.waitForURL(/dateType=none/);
    const card = rp.getByRole("article", { name: title });
    await expect(card).toBeVisible();
    await expect(card.getByText("Participantes 1/20")).toHaveCount(1);
    await saveScreenshot(rp, "search");

    // Share sends the ride's text.
    await card.getByRole("button", { name: "Compartir" }).click();
    const shared = await rp.evaluate(
      () => (window as unknown as { __shared?: ShareData }).__shared,
    );
    const startTime = await rp.evaluate(async (id) => {
      const res = await fetch(`/api/rides/${id}`);
      return (await res.json()).ride.startTime as number;
    }, rideId);
    expect(shared?.text).toBe(shareText({ title, city: "Madrid", startTime }, "Europe/Madrid"));
    // Share links point to the ride's public preview (docs/product.md#share-preview).
    expect(shared?.url).toMatch(new RegExp(`/salida/${rideId}$`));

    // --- She joins: the dialog, then the full route with the map.
    await card.getByRole("button", { name: "UNIRME" }).click();
    const dialog = rp.getByRole("dialog", { name: "¡Apuntada!" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Ruta completa" }).click();
    await rp.waitForURL(new RegExp(`/app/ride/${rideId}$`));
    await expect(rp.getByRole("heading", { name: "Participantes 2/20" })).toBeVisible();
    await expect(rp.getByTestId("route-map")).toBeVisible();
    await expect(rp.locator(".leaflet-interactive").first()).toBeVisible();
    await expect(rp.getByRole("link", { name: "Descargar GPX" })).toHaveAttribute(
      "href",
      `/api/rides/${rideId}/gpx`,
    );
    // The cards below the fold are not laid out until she scrolls near them (offscreen-lazy,
    // web/styles.css). Chromium draws what lies within about a screen and a half of the view:
    // on a short screen the route's card, 900 px down, is skipped, then drawn once she scrolls
    // to it.
    await rp.setViewportSize({ width: 390, height: 300 });
    const routeHeading = rp.getByRole("heading", { name: "Ruta completa" });
    const drawn = () =>
      routeHeading.evaluate((el) => el.checkVisibility({ contentVisibilityAuto: true }));
    await expect.poll(drawn).toBe(false);
    await routeHeading.scrollIntoViewIfNeeded();
    await expect.poll(drawn).toBe(true);
    await rp.setViewportSize({ width: 390, height: 844 });
    await saveScreenshot(rp, "ride-detail");

    // --- With a participant in, 'Eliminar' is not offered (the API would refuse it): she
    // cancels with a reason.
    await op.goto(`/app/ride/${rideId}`);
    await expect(op.getByRole("heading", { name: "Gestiona tu salida" })).toBeVisible();
    await expect(op.getByRole("button", { name: "Cancelar salida" })).toBeVisible();
    await expect(op.getByRole("button", { name: "Eliminar", exact: true })).toHaveCount(0);
    // 'Cancelar salida' once on her ride's page: in 'Gestiona tu salida', not on the card too.
    await expect(op.getByRole("button", { name: "Cancelar salida" })).toHaveCount(1);
    await op
      .getByRole("region", { name: "Gestiona tu salida" })
      .getByRole("button", {
        name: "Cancelar salida",
      })
      .click();
    const cancelDialog = op.getByRole("dialog", { name: "¿Cancelar la salida?" });
    await cancelDialog.getByLabel("Motivo de cancelación (opcional)").fill("Previsión de tormenta");
    await cancelDialog.getByRole("button", { name: "Sí, cancelar salida" }).click();
    // As from a list: 'Salida cancelada', then My Rides on Ya rodadas > Canceladas.
    await expect(op.getByText(MSG.rideCancelledTitle, { exact: true })).toBeVisible();
    await op.waitForURL(/\/app\/my-rides\?showCancelled=true/);
    // The newest toast is drawn over the older ones (toasts with and without an explicit
    // position counted their stack apart, and an older one covered the front one). Checked
    // once it has slid in: mid-animation its centre can lie outside the viewport.
    await op.waitForFunction(() => {
      const front = document.querySelector("[data-sonner-toast][data-front=true]");
      return (
        front?.getAttribute("data-mounted") === "true" &&
        front.getAnimations({ subtree: true }).every((a) => a.playState !== "running")
      );
    });
    expect(
      await op.evaluate(() => {
        const front = document.querySelector("[data-sonner-toast][data-front=true]");
        if (!front) return "no toast";
        const box = front.getBoundingClientRect();
        const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        return front.contains(top) ? "front on top" : "covered";
      }),
    ).toBe("front on top");
    await expect(op.getByRole("button", { name: MSG.viewCancelled })).toBeVisible();
    const cancelledCard = op.getByRole("article", { name: title });
    await expect(cancelledCard.getByText(MSG.cancelledBanner)).toBeVisible();
    await expect(op.getByRole("button", { name: "Canceladas (1)" })).toHaveAttribute(
      "aria-expanded",
      "true",
    );
    // The screenshot shows the screen, not the earlier toasts (a hovered toast never expires).
    await op.mouse.move(200, 600);
    await expect(op.locator("[data-sonner-toast]").first()).not.toBeAttached();
    await saveScreenshot(op, "my-rides");

    // --- The rider sees it under Ya rodadas > Canceladas too.
    await rp.goto("/app/my-rides");
    await rp.getByRole("tab", { name: /Ya rodadas/ }).click();
    await rp.getByRole("button", { name: "Canceladas (1)" }).click();
    await expect(
      rp.getByRole("article", { name: title }).getByText(MSG.cancelledBanner),
    ).toBeVisible();

    // --- Public profiles with their stats.
    await rp.goto(`/app/profile/${organizerName}`);
    await expect(rp.getByRole("heading", { name: "Así te ven en la grupeta" })).toBeVisible();
    // Another rider's profile: her first ride is hers to look forward to, not the viewer's.
    await expect(rp.getByText("Sin rutas completadas (de momento)")).toBeVisible();
    await expect(rp.getByText("Tu primera rodada está por venir")).toHaveCount(0);
    await expect(rp.getByText("Sin conexiones (de momento)")).toBeVisible();
    await expect(rp.getByText(/^Miembro desde \p{L}+ \d{4}$/u)).toBeVisible();
    expect(await rp.getByRole("link", { name: "Editar" }).count()).toBe(0);
    await rp.goto(`/app/profile/${riderName}`);
    await expect(rp.getByRole("heading", { name: "Así te ves en la grupeta" })).toBeVisible();
    await expect(rp.getByRole("link", { name: "Cerrar sesión" })).toBeVisible();
    await rp.getByRole("button", { name: "Eliminar mi cuenta" }).click();
    await expect(
      rp.getByRole("dialog", { name: "¿Seguro que quieres eliminar tu cuenta?" }),
    ).toBeVisible();
    await rp.getByRole("button", { name: "Cancelar" }).click();
    await saveScreenshot(rp, "profile");
  });
});
