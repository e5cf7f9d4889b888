// Ride times on the ride's clock (docs/product.md#times-and-time-zones): riders
// whose browsers keep New York, Canary and Madrid time create and read rides in Madrid and Las
// Palmas.
import type { Page } from "@playwright/test";
import type { RideDetailResponse } from "../../domain/api/rides.ts";
import { fromZonedDateTime, type RideTimeZone, toZonedDateTime } from "../../domain/zones.ts";
import { apiFromPage, expect, type OpenSession, signInAs, test } from "./fixtures.ts";

const DAY = 24 * 3_600_000;

/** A rider whose browser keeps `timezoneId`'s clock. */
async function riderIn(openSession: OpenSession, timezoneId: string, name: string) {
  const session = await openSession({ timezoneId });
  await signInAs(session, `${name}_${Date.now().toString(36).slice(-6)}`);
  return session;
}

/**
 * Proposes a ride at `time` (19:55 unless said) on the city's clock, three days ahead, checking
 * the time field's zone hint (none when her clock is the city's); returns its id and date.
 */
async function proposeRide(
  page: Page,
  city: string,
  zone: RideTimeZone,
  title: string,
  { hint, time = "19:55" }: { hint?: string; time?: string } = {},
) {
  const date = toZonedDateTime(Date.now() + 3 * DAY, zone)!.date;
  await page.goto("/app/create");
  await expect(page.getByRole("heading", { name: "Propón una ruta" })).toBeVisible();
  await page.getByLabel("Título").fill(title);
  await page.getByLabel("Ciudad").fill(city);
  await page.getByLabel("Fecha").fill(date);
  await page.getByLabel("Hora").fill(time);
  if (hint) await expect(page.getByText(hint, { exact: true })).toBeVisible();
  else expect(await page.getByText(/^En hora /).count()).toBe(0);
  await page.getByRole("radio", { name: "Chill" }).click();
  await page.getByLabel("Punto de encuentro").fill("Plaza Mayor");
  await page.getByLabel("Distancia (km)").fill("40");
  await page.getByLabel("Desnivel (m)").fill("300");
  await page.getByRole("button", { name: "Crear salida" }).click();
  await page.waitForURL(/\/app\/ride\/[a-z0-9]+$/);
  return { rideId: page.url().split("/").pop()!, date };
}

/** The time chip of the ride's card on its page reads `time`. */
async function expectTimeOnCard(page: Page, rideId: string, title: string, time: string) {
  await page.goto(`/app/ride/${rideId}`);
  await expect(page.getByRole("article", { name: title }).getByText(/^\d\d:\d\d/)).toHaveText(time);
}

test.describe("ride times", () => {
  test("follow the ride's city, labelled when the rider's clock differs", async ({
    openSession,
  }) => {
    const suffix = Date.now().toString(36).slice(-6);
    const madridTitle = `Sierra al atardecer ${suffix}`;
    const canaryTitle = `Vuelta a Gran Canaria ${suffix}`;
    const newYork = await riderIn(openSession, "America/New_York", "ny");
    const canary = await riderIn(openSession, "Atlantic/Canary", "canaria");
    const madrid = await riderIn(openSession, "Europe/Madrid", "madrid");

    // In New York she proposes a Madrid ride at 19:55: stored as 19:55 Madrid time.
    const inMadrid = await proposeRide(newYork.page, "Madrid", "Europe/Madrid", madridTitle, {
      hint: "En hora de Madrid",
    });
    const stored = await apiFromPage<RideDetailResponse>(
      newYork,
      "GET",
      `/api/rides/${inMadrid.rideId}`,
    );
    expect(stored.body.ride.startTime).toBe(
      fromZonedDateTime(inMadrid.date, "19:55", "Europe/Madrid"),
    );
    await expectTimeOnCard(newYork.page, inMadrid.rideId, madridTitle, "19:55 (hora de Madrid)");

    // In Canarias, an hour behind Madrid, she reads it at 19:55 too, named as Madrid's.
    await expectTimeOnCard(canary.page, inMadrid.rideId, madridTitle, "19:55 (hora de Madrid)");
    // Her own Las Palmas ride at 19:55 needs no label for her...
    const inLasPalmas = await proposeRide(
      canary.page,
      "Las Palmas de Gran Canaria",
      "Atlantic/Canary",
      canaryTitle,
    );
    await expectTimeOnCard(canary.page, inLasPalmas.rideId, canaryTitle, "19:55");

    // ...and on the mainland it still reads 19:55, Canary time; the Madrid ride has no label.
    await expectTimeOnCard(madrid.page, inLasPalmas.rideId, canaryTitle, "19:55 (hora canaria)");
    await expectTimeOnCard(madrid.page, inMadrid.rideId, madridTitle, "19:55");
  });

  test("a search naming a city takes that city's days (ADR 0029)", async ({ openSession }) => {
    const suffix = Date.now().toString(36).slice(-6);
    const title = `Madrugada canaria ${suffix}`;
    const newYork = await riderIn(openSession, "America/New_York", "nybusca");
    const { page } = newYork;
    // 00:30 Canary time is the evening before in New York: her own calendar puts the ride on
    // the day before the Canary one.
    const { date: day } = await proposeRide(
      page,
      "Las Palmas de Gran Canaria",
      "Atlantic/Canary",
      title,
      { hint: "En hora canaria", time: "00:30" },
    );

    const searchOn = (date: string) =>
      `/app/search?${new URLSearchParams({
        q: suffix,
        city: "Las Palmas de Gran Canaria",
        dateType: "custom",
        from: date,
        to: date,
      })}`;
    // That Canary day finds it...
    await page.goto(searchOn(day));
    await expect(page.getByRole("article", { name: title })).toBeVisible();
    // ...the day before, her own calendar's day for that instant, does not.
    const dayBefore = toZonedDateTime(
      fromZonedDateTime(day, "12:00", "Atlantic/Canary")! - DAY,
      "Atlantic/Canary",
    )!.date;
    await page.goto(searchOn(dayBefore));
    await expect(page.getByText("Aquí no hay salidas aún… ¿y si creas la primera?")).toBeVisible();
    expect(await page.getByRole("article", { name: title }).count()).toBe(0);
  });
});
