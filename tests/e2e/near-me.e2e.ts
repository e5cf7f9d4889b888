// 'Cerca de mí' in real Chromium (docs/product.md#meeting-pin-and-near-me): with her position
// shared, the search orders the rides by distance and says how far each is; her coordinates never
// reach the address bar or a request URL (the X-Near header carries them: ADR 0034), and the API
// only ever sees them rounded to about 1 km.
import { formatDistance } from "../../domain/format.ts";
import { distanceKm, NEAR_HEADER } from "../../domain/near.ts";
import { NEAR_ORDER_TEXT } from "../../domain/texts/rides-search.ts";
import { expectAccessible } from "./a11y.ts";
import { expect, saveScreenshot, test, uniqueEmail } from "./fixtures.ts";

test.describe("Cerca de mí", () => {
  test("orders the search by distance from her rounded position", async ({ page, context }) => {
    // Near Puerta del Sol, more precisely than the app may send.
    await context.grantPermissions(["geolocation"]);
    await context.setGeolocation({ latitude: 40.416812, longitude: -3.703765 });
    const username = `lucia_${Date.now().toString(36).slice(-5)}`;
    const login = await context.request.post("/dev/test-login", {
      data: { email: uniqueEmail("lucia"), username },
    });
    expect(login.status()).toBe(200);
    const { userId } = (await login.json()) as { userId: string };
    const tag = `Cercania${Date.now().toString(36)}`;
    const retiro = { lat: 40.4153, lon: -3.6845 };
    const alcala = { lat: 40.4818, lon: -3.3643 };
    for (const [title, pin, startsInMinutes] of [
      [`${tag} Alcalá`, alcala, 60 * 24],
      [`${tag} Retiro`, retiro, 60 * 72],
      [`${tag} Casa de Campo`, { lat: 40.4193, lon: -3.7476 }, 60 * 48],
    ] as const) {
      const res = await context.request.post("/dev/fixtures/ride", {
        data: { organizerId: userId, title, pin, startsInMinutes },
      });
      expect(res.status()).toBe(200);
    }

    const asked: { url: string; near: string | undefined }[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/rides?")) {
        asked.push({ url: request.url(), near: request.headers()[NEAR_HEADER] });
      }
    });
    await page.goto(`/app/search?q=${tag}&dateType=none`);
    const titles = page.getByRole("article");
    const order = () =>
      titles.evaluateAll((cards) => cards.map((c) => c.getAttribute("aria-label")));
    await expect(page.getByRole("heading", { name: `${tag} Alcalá` })).toBeVisible();
    await expect.poll(order).toEqual([`${tag} Alcalá`, `${tag} Casa de Campo`, `${tag} Retiro`]);

    await page.getByRole("radio", { name: NEAR_ORDER_TEXT.near }).click();
    await expect(page.getByText(NEAR_ORDER_TEXT.fromPosition)).toBeVisible();
    // Measured from where the API placed her: 40.42,-3.7.
    const from = { lat: 40.42, lon: -3.7 };
    await expect(page.getByText(formatDistance(distanceKm(from, retiro))).first()).toBeVisible();
    await expect.poll(order).toEqual([`${tag} Retiro`, `${tag} Casa de Campo`, `${tag} Alcalá`]);
    await expect(page.getByText(formatDistance(distanceKm(from, alcala)))).toBeVisible();

    // The address says which order, never where she is; the API heard 40.42,-3.7 only, in the
    // X-Near header, and no request URL carried it.
    expect(page.url()).toContain("orden=cerca");
    expect(page.url()).not.toMatch(/40\.4|3\.70/);
    const near = asked.filter((request) => request.near !== undefined);
    expect(near.length).toBeGreaterThan(0);
    for (const request of near) expect(request.near).toBe("40.42,-3.7");
    for (const { url } of asked) expect(url).not.toMatch(/near|40\.4|3\.70/);

    await expectAccessible(page, "search, Cerca de mí");
    await saveScreenshot(page, "search-near");
  });
});
