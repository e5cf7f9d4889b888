// 'Cerrar sesión en todos los dispositivos': from settings, on one device, she ends
// every session of hers. Her other device's next API call is refused, its live channel closes,
// and her calendar feed's URL answers as a revoked one.
import type { Page } from "@playwright/test";
import { baseURL, expect, notificationSocketOpened, test, uniqueEmail } from "./fixtures.ts";

// A tab whose session ended may try its live channel again before it learns she signed out:
// the browser reports that refused handshake as an error.
const REFUSED_SOCKET = /WebSocket connection to '[^']*\/api\/[^']*socket' failed/;

/** Resolves when the page's notification channel, open now or later, closes. */
function channelClosed(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on("websocket", (socket) => {
      if (socket.url().includes("/api/notifications/socket")) socket.on("close", () => resolve());
    });
  });
}

test.describe("sessions", () => {
  test("signs out on every device from settings, and her calendar feed stops", async ({
    openSession,
    rider,
  }) => {
    const email = uniqueEmail("todas");
    const laptop = await rider("todas", { email, expectErrors: [REFUSED_SOCKET] });
    // Her phone: the same rider signed in in another browser.
    const phone = await openSession({ expectErrors: [REFUSED_SOCKET] });
    const login = await phone.context.request.post("/dev/test-login", {
      data: { email, username: laptop.username },
    });
    expect(login.status()).toBe(200);
    const phoneClosed = channelClosed(phone.page);
    const phoneConnected = notificationSocketOpened(phone.page);
    await phone.page.goto("/app/feed");
    await phoneConnected;
    expect((await phone.context.request.get("/api/my-rides")).status()).toBe(200);

    // On her laptop she makes a calendar feed, which a calendar app can read.
    await laptop.page.goto("/app/settings");
    await laptop.page.getByRole("button", { name: "Crear enlace de calendario" }).click();
    const feedUrl = laptop.page.getByLabel("Tu enlace de calendario");
    await expect(feedUrl).toHaveValue(/\/api\/calendar\/feed\/\S+\.ics$/);
    const feedPath = new URL(await feedUrl.inputValue()).pathname;
    expect((await fetch(`${baseURL()}${feedPath}`)).status).toBe(200);

    // She asks to sign out everywhere, confirms, and lands on the login screen.
    await laptop.page
      .getByRole("button", { name: "Cerrar sesión en todos los dispositivos" })
      .click();
    const dialog = laptop.page.getByRole("dialog", {
      name: "¿Cerrar sesión en todos los dispositivos?",
    });
    await dialog.getByRole("button", { name: "Cerrar sesión en todos" }).click();
    await laptop.page.waitForURL("**/app/login");
    await expect(
      laptop.page.getByText("Has cerrado la sesión en todos tus dispositivos."),
    ).toBeVisible();

    // Her phone's live channel was closed, and its next API call is refused; so is the laptop's.
    await phoneClosed;
    expect((await phone.context.request.get("/api/my-rides")).status()).toBe(401);
    expect((await laptop.context.request.get("/api/my-rides")).status()).toBe(401);
    // The feed's old URL answers as a revoked feed does.
    expect((await fetch(`${baseURL()}${feedPath}`)).status).toBe(404);
  });
});
