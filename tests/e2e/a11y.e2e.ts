// axe-core on every public page and every app screen in its main state: zero serious or
// critical violations.
import { describe, it } from "vitest";
import { expectAccessible } from "./a11y.ts";
import {
  apiFromPage,
  closeSession,
  connectBrowser,
  openSession,
  type Session,
  signInAs,
} from "./fixtures.ts";

connectBrowser();

const PUBLIC_PAGES = [
  "/",
  "/ciclismo-mujeres",
  "/about",
  "/blog",
  "/blog/seguridad-rodando-en-grupo",
  "/privacy",
  "/terms",
  "/waiver",
  "/ai-policy",
  "/no-existe",
];

const VISITOR_SCREENS = [
  "/app",
  "/app/signup",
  "/app/login",
  "/app/offline",
  "/app/blog",
  "/app/faqs",
  "/app/contacto",
];

async function check(session: Session, path: string, ready?: string) {
  const { page } = session;
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  if (ready) await page.getByText(ready).first().waitFor();
  await expectAccessible(page, path);
}

describe("accessibility (axe-core)", () => {
  it("public pages", async () => {
    const session = await openSession();
    for (const path of PUBLIC_PAGES) await check(session, path);
    await closeSession(session);
  });

  it("app screens for visitors", async () => {
    const session = await openSession();
    for (const path of VISITOR_SCREENS) await check(session, path);
    await closeSession(session);
  });

  it("app screens for a signed-in rider", async () => {
    const session = await openSession();
    const username = `axe_${Date.now().toString(36).slice(-6)}`;
    await signInAs(session, username);
    const start = new Date(Date.now() + 3 * 24 * 3600_000).toISOString();
    const created = await apiFromPage<{ ride: { id: string } }>(session, "POST", "/api/rides", {
      title: "Rodada accesible",
      city: "Madrid",
      startTime: start,
      level: "chill",
      modalities: ["road"],
      meetingPoint: "Puerta del Sol",
      meetingPin: { lat: 40.4169, lon: -3.7035 },
      distanceKm: 30,
      elevationM: 200,
      maxParticipants: null,
      socialTags: ["coffee"],
    });
    const rideId = created.body.ride.id;
    await check(session, "/app/feed", "Mis próximas salidas");
    await check(session, "/app/search", "Resultados");
    await check(session, "/app/create", "Propón una ruta");
    await check(session, `/app/ride/${rideId}`, "Rodada accesible");
    await check(session, "/app/my-rides", "Mis salidas");
    await check(session, `/app/profile/${username}`, username);
    await check(session, "/app/profile/edit", "Guardar cambios");
    await check(session, "/app/settings", "Actualizar app");
    await closeSession(session);
  });
});
