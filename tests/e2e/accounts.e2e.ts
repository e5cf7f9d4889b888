import type { Page } from "@playwright/test";
import {
  baseURL,
  expect,
  fixtureRide,
  freshUsername,
  mailedLink,
  saveScreenshot,
  test,
  uniqueEmail,
} from "./fixtures.ts";

const PASSWORD = "rodar-juntas-1";
const uniqueUsername = () => freshUsername("e2e");

/** Creates an account through the API (and a profile when a username is given). */
async function createAccount(email: string, username?: string): Promise<string> {
  const headers = { Origin: baseURL(), "Content-Type": "application/json" };
  const res = await fetch(`${baseURL()}/api/auth/signup`, {
    method: "POST",
    headers,
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  expect(res.status).toBe(201);
  const cookie = res.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  if (username) {
    const profile = await fetch(`${baseURL()}/api/profile`, {
      method: "PUT",
      headers: { ...headers, Cookie: cookie },
      body: JSON.stringify({ username, city: "Madrid", modalities: ["road"] }),
    });
    expect(profile.status).toBe(200);
  }
  return cookie;
}

async function logIn(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel("Correo electrónico").fill(email);
  await page.getByLabel("Contraseña", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
}

async function signUp(page: Page, email: string, next = "**/app/profile-setup") {
  await expect(page.getByRole("heading", { name: "Crear cuenta" })).toBeVisible();
  await page.getByLabel("Correo electrónico").fill(email);
  await page.getByLabel("Contraseña", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Crear cuenta" }).click();
  await page.waitForURL(next);
}

async function completeProfile(page: Page, username: string, next = "**/app/feed") {
  await page.getByLabel("Nombre de usuario").fill(username);
  await expect(page.getByText("¡Nombre disponible!")).toBeVisible();
  await page.getByRole("combobox", { name: "Ciudad" }).fill("vale");
  await page.getByRole("option", { name: "Valencia" }).click();
  await page.getByRole("button", { name: "Guardar perfil" }).click();
  await page.waitForURL(next);
}

test.describe("accounts", () => {
  test("signs up, completes the profile and lands on the feed", async ({ page }) => {
    await page.goto("/app/signup");
    await expect(page.getByRole("heading", { name: "Crear cuenta" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Mostrar contraseña" })).toBeVisible();
    await saveScreenshot(page, "app-signup");
    await signUp(page, uniqueEmail("nueva"));
    await expect(page.getByText("¡Cuenta creada! Completa tu perfil")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Completa tu perfil" })).toBeVisible();
    // Road is selected by default; six avatars, then all twelve.
    await expect(page.getByRole("checkbox", { name: "Road - Carretera" })).toBeChecked();
    await expect(page.getByRole("radio")).toHaveCount(6);
    await page.getByRole("button", { name: "Ver más opciones" }).click();
    await expect(page.getByRole("radio")).toHaveCount(12);
    await expect(page.getByRole("button", { name: "Ver menos" })).toBeVisible();
    // The live check flags a reserved name.
    await page.getByLabel("Nombre de usuario").fill("rodamos");
    await expect(page.getByText("Este nombre está reservado")).toBeVisible();
    // The sign-up toast covers the title; let it go before the README screenshot. A pointer
    // resting on a toast pauses it (sonner), and the last click may have left it there.
    await page.mouse.move(1, 1);
    await expect(page.getByText("¡Cuenta creada! Completa tu perfil")).toBeHidden();
    await page.evaluate(() => window.scrollTo(0, 0));
    await saveScreenshot(page, "app-profile-setup");
    await completeProfile(page, uniqueUsername());
    await expect(page.getByText("¡Perfil guardado!")).toBeVisible();
    await expect(
      page
        .getByRole("navigation", { name: "Navegación principal" })
        .getByRole("link", { name: "Inicio" }),
    ).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === "/app/feed");
  });

  test("says 'Credenciales incorrectas' for a wrong password", async ({ page }) => {
    const email = uniqueEmail("fallo");
    await createAccount(email, uniqueUsername());
    await page.goto("/app/login");
    await expect(page.getByRole("heading", { name: "Iniciar sesión" })).toBeVisible();
    await saveScreenshot(page, "app-login");
    await logIn(page, email, "no-es-esta");
    await expect(page.getByText("Credenciales incorrectas")).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === "/app/login");
    // The form keeps what she typed.
    await expect(page.getByLabel("Correo electrónico")).toHaveValue(email);
  });

  test("resets a forgotten password from the mailed link and signs in", async ({
    page,
    openSession,
  }) => {
    const email = uniqueEmail("olvido");
    await createAccount(email, uniqueUsername());
    await page.goto("/app/login");
    await page.getByRole("button", { name: "¿Olvidaste tu contraseña?" }).click();
    await expect(page.getByText("Por favor ingresa tu correo electrónico primero")).toBeVisible();
    await page.getByLabel("Correo electrónico").fill(email);
    await page.getByRole("button", { name: "¿Olvidaste tu contraseña?" }).click();
    await expect(page.getByText("Correo de recuperación enviado")).toBeVisible();
    await expect(
      page.getByText("Revisa tu bandeja de entrada para restablecer tu contraseña"),
    ).toBeVisible();

    const link = await mailedLink(email);
    // The token rides in the fragment, which the browser never sends (ADR 0034).
    expect(link).toMatch(/\/app\/login#reset=/);
    await page.goto(link!);
    await expect(page.getByRole("heading", { name: "Nueva contraseña" })).toBeVisible();
    await page.getByLabel("Nueva contraseña", { exact: true }).fill("nueva-clave-9");
    await page.getByLabel("Confirmar contraseña", { exact: true }).fill("otra-cosa-9");
    await page.getByRole("button", { name: "Guardar contraseña" }).click();
    await expect(page.getByText("Las contraseñas no coinciden").first()).toBeVisible();
    await page.getByLabel("Confirmar contraseña", { exact: true }).fill("nueva-clave-9");
    await page.getByRole("button", { name: "Guardar contraseña" }).click();
    await page.waitForURL("**/app/feed");
    await expect(page.getByText("Contraseña actualizada correctamente")).toBeVisible();
    await expect(
      page
        .getByRole("navigation", { name: "Navegación principal" })
        .getByRole("link", { name: "Inicio" }),
    ).toBeVisible();

    // The new password works from another browser.
    const again = await openSession();
    await again.page.goto("/app/login");
    await logIn(again.page, email, "nueva-clave-9");
    await again.page.waitForURL("**/app/feed");
  });

  test("sends a visitor from a guarded page to login and back after signing in", async ({
    page,
  }) => {
    const email = uniqueEmail("guardia");
    await createAccount(email, uniqueUsername());
    await page.goto("/app/my-rides");
    await page.waitForURL("**/app/login?from=%2Fapp%2Fmy-rides");
    await logIn(page, email);
    await expect(page.getByText("¡Bienvenida de vuelta!")).toBeVisible();
    await page.waitForURL("**/app/my-rides");
  });

  test("a newcomer sent a ride signs up from its shared link and lands on that ride", async ({
    page,
    rider,
  }) => {
    const organizer = await rider("organiza");
    const rideId = await fixtureRide(organizer.context, {
      organizerId: organizer.userId,
      participantIds: [],
      title: "Vuelta al Retiro",
      startsInMinutes: 24 * 60,
    });
    const ride = `/app/ride/${rideId}`;
    const from = `from=${encodeURIComponent(ride)}`;

    await page.goto(`/salida/${rideId}`);
    await page.getByRole("link", { name: "Ver la salida en Rodamos" }).click();
    await page.waitForURL(`**/app/login?${from}`);
    await page.getByRole("link", { name: "Crear cuenta" }).click();
    await signUp(page, uniqueEmail("enviada"), `**/app/profile-setup?${from}`);
    await completeProfile(page, uniqueUsername(), `**${ride}`);
    await expect(page.getByRole("heading", { name: "Vuelta al Retiro", level: 1 })).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === ride);
  });

  test("signs up from a referral link and claims it", async ({ page }) => {
    const referrerCookie = await createAccount(uniqueEmail("madrina"), uniqueUsername());
    const mine = await fetch(`${baseURL()}/api/referrals/mine`, {
      headers: { Cookie: referrerCookie },
    });
    const { token } = (await mine.json()) as { token: string };
    await page.goto(
      `/app/signup?ref=${token}&utm_source=app&utm_medium=referral&utm_campaign=beta`,
    );
    await signUp(page, uniqueEmail("ahijada"));
    await expect(page.getByText("Invitación registrada. ¡Bienvenida a Rodamos!")).toBeVisible();
    // Claimed: the referrer's next token is a new one.
    const next = await fetch(`${baseURL()}/api/referrals/mine`, {
      headers: { Cookie: referrerCookie },
    });
    expect(((await next.json()) as { token: string }).token).not.toBe(token);
  });

  test("deletes the account from her profile, confirms it on the landing, and the email can sign up again", async ({
    page,
  }) => {
    const email = uniqueEmail("baja");
    await page.goto("/app/signup");
    await signUp(page, email);
    await completeProfile(page, uniqueUsername());
    await page
      .getByRole("navigation", { name: "Navegación principal" })
      .getByRole("link", { name: "Perfil" })
      .click();
    await page.getByRole("button", { name: "Eliminar mi cuenta" }).click();
    await page.getByRole("button", { name: "Eliminar cuenta" }).click();
    // The app leaves with a full page load to the landing, which still says it went well.
    await page.waitForURL(`${baseURL()}/`);
    // Said once: one toast with its exact words, and the app's note is taken.
    const toasts = page.locator("#toasts > *");
    await expect(toasts).toHaveCount(1);
    await expect(toasts.locator("p")).toHaveText([
      "Cuenta eliminada correctamente",
      "Se han borrado todos tus datos.",
    ]);
    expect(await page.evaluate(() => sessionStorage.getItem("rodamos.accountDeleted"))).toBeNull();
    // Not again on the next visit: reload() resolves on 'load', after the landing's module
    // script (a deferred module: web/site/entry-client.ts) ran and would have shown it.
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await toasts.count()).toBe(0);
    await page.goto("/app/feed");
    await page.waitForURL("**/app/login?from=%2Fapp%2Ffeed");
    await page.goto("/app/signup");
    await signUp(page, email);
  });

  test("logs out from /app/logout", async ({ page }) => {
    const email = uniqueEmail("salida");
    await createAccount(email, uniqueUsername());
    await page.goto("/app/login");
    await logIn(page, email);
    await page.waitForURL("**/app/feed");
    await page.goto("/app/logout");
    await page.waitForURL("**/app/login");
    await expect(page.getByText("Sesión cerrada correctamente")).toBeVisible();
    await page.goto("/app/feed");
    await page.waitForURL("**/app/login?from=%2Fapp%2Ffeed");
  });
});
