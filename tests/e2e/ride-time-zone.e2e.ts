// A ride keeps its own clock (docs/product.md#times-and-time-zones,
// docs/decisions/0042-a-rides-zone-is-stored.md): a ride pinned in Lisboa, created with 10:00 as
// her form sends it, is stored on Lisbon's clock by the server, and a rider on Madrid's clock
// reads 10:00 with its label on the ride page, the feed's search and the share page.
import { toZonedDateTime, zoneOffsetMinutes } from "../../domain/zones.ts";
import { apiFromPage, expect, test } from "./fixtures.ts";

const DAY = 24 * 60 * 60 * 1000;

/** A day at least a week ahead on which Lisbon keeps winter time (UTC), as 'YYYY-MM-DD'. */
function winterDayAhead(): string {
  let at = Date.now() + 7 * DAY;
  while (zoneOffsetMinutes(at, "Europe/Lisbon") !== 0) at += DAY;
  return toZonedDateTime(at, "Europe/Lisbon")!.date;
}

test.describe("a ride's clock", () => {
  test("a ride pinned in Lisboa shows its 10:00 as 'hora de Lisboa' to a rider in Madrid", async ({
    rider,
  }) => {
    const ines = await rider("ines");
    const { page } = ines;
    await page.goto("/app/feed");
    const date = winterDayAhead();
    const title = `Miradouros ${Date.now().toString(36)}`;
    // What the form sends: the day and time as she typed them, and the instant her app read on
    // Madrid's clock (an hour off); the server reads the typed time on the pin's zone.
    const created = await apiFromPage<{ ride: { id: string; timeZone: string } }>(
      ines,
      "POST",
      "/api/rides",
      {
        title,
        city: "Lisboa",
        startTime: `${date}T09:00:00.000Z`,
        startLocal: { date, time: "10:00" },
        level: "chill",
        modalities: ["road"],
        meetingPoint: "Praça do Comércio",
        meetingPin: { lat: 38.7076, lon: -9.1365 },
        distanceKm: 30,
        elevationM: 200,
        maxParticipants: null,
        socialTags: [],
      },
    );
    expect(created.status).toBe(201);
    expect(created.body.ride.timeZone).toBe("Europe/Lisbon");
    const rideId = created.body.ride.id;

    await page.goto(`/app/ride/${rideId}`);
    await expect(page.getByRole("heading", { name: title, level: 2 })).toBeVisible();
    await expect(page.getByText("10:00 (hora de Lisboa)").first()).toBeVisible();

    await page.goto(`/app/search?q=${encodeURIComponent(title)}&dateType=none`);
    const card = page.getByRole("article", { name: title });
    await expect(card.getByText("10:00 (hora de Lisboa)")).toBeVisible();

    const share = await page.request.get(`/salida/${rideId}`);
    expect(share.status()).toBe(200);
    expect(await share.text()).toContain("10:00 (hora de Lisboa)");
  });
});
