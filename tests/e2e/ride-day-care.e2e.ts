// Ride day (docs/product.md#check-in-and-arrivals) in three browsers: Bea checks in at the meeting point; Ana,
// the organizer, sees her there and Carla missing; the safety timer (run now through the dev-only
// route, as the room's alarm would hours later) asks Bea '¿Has llegado bien?' and then tells Ana;
// Bea's tap on 'He llegado a casa' can be taken back ('Deshacer'); tapped again, it shows to the
// group.
import { RIDE_DAY_MSG } from "../../domain/ride-day.ts";
import { expectAccessible } from "./a11y.ts";
import { expect, fixtureRide, saveScreenshot, test } from "./fixtures.ts";

/** The fixture ride's 40 km at 'chill' take 2 h 40 min; the timer asks an hour after that. */
const ASK_TIME_PASSED_MINUTES = -(160 + 60 + 1);

test.describe("ride day", () => {
  test("check-in, the organizer's view, the safety timer and 'He llegado a casa'", async ({
    rider,
  }) => {
    const ana = await rider("ana");
    const bea = await rider("bea");
    const carla = await rider("carla");
    const rideId = await fixtureRide(ana.context, {
      organizerId: ana.userId,
      participantIds: [bea.userId, carla.userId],
      title: "Vuelta a la Casa de Campo",
      startsInMinutes: ASK_TIME_PASSED_MINUTES,
    });
    const runJob = async (job: string) => {
      const res = await ana.context.request.post(`/dev/ride-day/${rideId}/run/${job}`);
      expect(res.status(), job).toBe(200);
    };

    // Bea checks in from the chat.
    await bea.page.goto(`/app/chat/${rideId}`);
    await bea.page.getByRole("button", { name: "Estoy en el punto de encuentro" }).click();
    await expect(bea.page.getByText("✓ Estás en el punto de encuentro")).toBeVisible();

    // Ana sees who is there and who is missing.
    await ana.page.goto(`/app/chat/${rideId}`);
    const present = ana.page.getByRole("list", { name: "En el punto de encuentro" });
    await expect(present.getByText(bea.username)).toBeVisible();
    await expect(
      ana.page.getByRole("list", { name: "Faltan" }).getByText(carla.username),
    ).toBeVisible();
    await expect(ana.page.getByRole("button", { name: "Avisar a las que faltan" })).toBeVisible();
    await expectAccessible(ana.page, "chat, the organizer's check-ins");
    await saveScreenshot(ana.page, "ride-day-check-ins");

    // Carla, in the group, sees no check-ins.
    await carla.page.goto(`/app/chat/${rideId}`);
    await expect(
      carla.page.getByRole("button", { name: "Estoy en el punto de encuentro" }),
    ).toBeVisible();
    expect(await carla.page.getByText(bea.username).count(), "another's check-in").toBe(0);

    // The timer asks Bea, live in her open chat.
    await runJob("safety-ask");
    const ask = bea.page.getByRole("alert").filter({ hasText: RIDE_DAY_MSG.askTitle });
    await expect(ask).toBeVisible();

    // An hour later, unanswered: Ana is told.
    await runJob("safety-tell");
    await expect(ana.page.getByText(RIDE_DAY_MSG.overdue(bea.username))).toBeVisible();

    // One tap answers it; tapped by mistake, 'Deshacer' in its toast takes it back at once.
    await ask.getByRole("button", { name: "He llegado a casa" }).click();
    const arrivedToast = bea.page.locator("[data-sonner-toast]", { hasText: RIDE_DAY_MSG.arrived });
    await arrivedToast.getByRole("button", { name: RIDE_DAY_MSG.arrivalUndo }).click();
    await expect(bea.page.getByText(RIDE_DAY_MSG.arrivalUndone)).toBeVisible();
    // Asked again, she answers for real, and the group sees her home.
    await ask.getByRole("button", { name: "He llegado a casa" }).click();
    await expect(bea.page.getByText("✓ Has llegado a casa")).toBeVisible();
    for (const page of [carla.page, ana.page]) {
      await expect(
        page.getByTestId("ride-day-arrivals").getByText(bea.username, { exact: false }),
      ).toBeVisible();
    }
  });
});
