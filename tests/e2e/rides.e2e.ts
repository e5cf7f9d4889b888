import path from "node:path";
import { describe, expect, it } from "vitest";
import { MSG } from "../../domain/messages.ts";
import { shareText } from "../../domain/share.ts";
import {
  closeSession,
  connectBrowser,
  openSession,
  type Session,
  saveScreenshot,
  tomorrowIso,
  uniqueEmail,
} from "./fixtures.ts";

connectBrowser();

const GPX_FIXTURE = path.resolve(import.meta.dirname, "fixtures/casa-de-campo.gpx");

/** A rider signed in through the dev-only test-login route, share recorded (tiles: openSession). */
async function riderSession(username: string): Promise<Session> {
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

describe("rides journey", () => {
  it("create with GPX → search → join → map → cannot delete → cancel → both see it cancelled", async () => {
    const suffix = Date.now().toString(36).slice(-6);
    const organizerName = `orga_${suffix}`;
    const riderName = `rider_${suffix}`;
    const title = `Vuelta Casa de Campo ${suffix}`;
    const organizer = await riderSession(organizerName);
    const rider = await riderSession(riderName);
    const op = organizer.page;
    const rp = rider.page;

    // --- The organizer proposes a ride with a GPX.
    await op.goto("/app/create");
    await op.getByRole("heading", { name: "Propón una ruta" }).waitFor();
    await op.getByLabel("Título").fill(title);
    // City and modalities come from her profile.
    expect(await op.getByLabel("Ciudad").inputValue()).toBe("Madrid");
    expect(await op.getByRole("button", { name: "Road" }).getAttribute("aria-pressed")).toBe(
      "true",
    );
    await op.getByLabel("Fecha").fill(await tomorrowIso(op));
    await op.getByLabel("Hora").fill("09:30");
    await op.getByRole("radio", { name: "Chill" }).click();
    const maps = op.getByRole("button", { name: "Ver en Google Maps" });
    expect(await maps.isDisabled()).toBe(true);
    await op.getByLabel("Punto de encuentro").fill("Puente del Rey");
    await op.getByRole("link", { name: "Ver en Google Maps" }).waitFor();
    await op.getByRole("button", { name: "Coffee Stop" }).click();
    await op.getByRole("button", { name: "Early Birds" }).click();
    expect(await op.getByRole("button", { name: "Sweet Break" }).isDisabled()).toBe(true);
    await op.getByLabel("Archivo GPX (opcional)").setInputFiles(GPX_FIXTURE);
    await op.getByRole("figure", { name: "Vista previa de la ruta" }).waitFor();
    expect(Number(await op.getByLabel("Distancia (km)").inputValue())).toBeGreaterThan(1);
    expect(await op.getByLabel("Desnivel (m)").inputValue()).toBe("65");
    await saveScreenshot(op, "create");
    await op.getByRole("button", { name: "Crear salida" }).click();
    await op.waitForURL(/\/app\/ride\/[a-z0-9]+$/);
    const rideId = op.url().split("/").pop()!;
    await op.getByText(MSG.rideCreated).waitFor();

    await op.goto("/app/feed");
    await op.getByRole("heading", { name: "Quiero rodar" }).waitFor();
    await op.getByRole("article", { name: title }).waitFor();
    await op.getByText("Todo al día. ¡A pedalear!").waitFor();
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
    await card.waitFor();
    expect(await card.getByText("Participantes 1/20").count()).toBe(1);
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
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Ruta completa" }).click();
    await rp.waitForURL(new RegExp(`/app/ride/${rideId}$`));
    await rp.getByRole("heading", { name: "Participantes 2/20" }).waitFor();
    await rp.getByTestId("route-map").waitFor();
    await rp.locator(".leaflet-interactive").first().waitFor();
    expect(await rp.getByRole("link", { name: "Descargar GPX" }).getAttribute("href")).toBe(
      `/api/rides/${rideId}/gpx`,
    );
    await rp.getByRole("heading", { name: "Ruta completa" }).scrollIntoViewIfNeeded();
    await saveScreenshot(rp, "ride-detail");

    // --- The organizer cannot delete with participants, so she cancels with a reason.
    await op.goto(`/app/ride/${rideId}`);
    await op.getByRole("heading", { name: "Gestiona tu salida" }).waitFor();
    await op.getByRole("button", { name: "Eliminar", exact: true }).click();
    await op.getByRole("dialog").getByRole("button", { name: "Eliminar salida" }).click();
    await op.getByText(MSG.deleteHasParticipants).waitFor();
    // 'Cancelar salida' once on her ride's page: in 'Gestiona tu salida', not on the card too.
    expect(await op.getByRole("button", { name: "Cancelar salida" }).count()).toBe(1);
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
    await op.getByText(MSG.rideCancelledTitle, { exact: true }).waitFor();
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
    await op.getByRole("button", { name: MSG.viewCancelled }).waitFor();
    const cancelledCard = op.getByRole("article", { name: title });
    await cancelledCard.getByText(MSG.cancelledBanner).waitFor();
    expect(
      await op.getByRole("button", { name: "Canceladas (1)" }).getAttribute("aria-expanded"),
    ).toBe("true");
    // The screenshot shows the screen, not the earlier toasts (a hovered toast never expires).
    await op.mouse.move(200, 600);
    await op.locator("[data-sonner-toast]").first().waitFor({ state: "detached" });
    await saveScreenshot(op, "my-rides");

    // --- The rider sees it under Ya rodadas > Canceladas too.
    await rp.goto("/app/my-rides");
    await rp.getByRole("tab", { name: /Ya rodadas/ }).click();
    await rp.getByRole("button", { name: "Canceladas (1)" }).click();
    await rp.getByRole("article", { name: title }).getByText(MSG.cancelledBanner).waitFor();

    // --- Public profiles with their stats.
    await rp.goto(`/app/profile/${organizerName}`);
    await rp.getByRole("heading", { name: "Así te ven en la grupeta" }).waitFor();
    await rp.getByText("Tu primera rodada está por venir").waitFor();
    await rp.getByText("Sin conexiones (de momento)").waitFor();
    await rp.getByText(/^Miembro desde \p{L}+ \d{4}$/u).waitFor();
    expect(await rp.getByRole("link", { name: "Editar" }).count()).toBe(0);
    await rp.goto(`/app/profile/${riderName}`);
    await rp.getByRole("heading", { name: "Así te ves en la grupeta" }).waitFor();
    await rp.getByRole("link", { name: "Cerrar sesión" }).waitFor();
    await rp.getByRole("button", { name: "Eliminar mi cuenta" }).click();
    await rp.getByRole("dialog", { name: "¿Seguro que quieres eliminar tu cuenta?" }).waitFor();
    await rp.getByRole("button", { name: "Cancelar" }).click();
    await saveScreenshot(rp, "profile");

    await closeSession(organizer);
    await closeSession(rider);
  });
});
