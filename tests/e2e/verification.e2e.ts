// "Verificada" end to end (docs/product.md#verificada): a moderator verifies three riders she met;
// they ride twice with Dana, who checks in at the meeting point each time; they vouch for her
// after the rides; she becomes "Verificada" and joins a 'Solo verificadas' ride that Eva, not
// verified, cannot join. Setup goes through the API; the browser shows what the journey proves.
import { MODERATION_TEXT } from "../../domain/texts/safety-moderation.ts";
import { VERIFY_MODERATION_TEXT } from "../../domain/texts/verification-moderation.ts";
import { VERIFICATION_MSG } from "../../domain/verification.ts";
import { expectAccessible } from "./a11y.ts";
import { baseURL, expect, fixtureRide, type Rider, test } from "./fixtures.ts";

const MODERATOR_EMAIL = "moderadora@rodamos.test";
const ORIGIN = { Origin: new URL(baseURL()).origin };

/** An API call in her own session, which must answer `status`. */
async function api(rider: Rider, path: string, data: unknown, status: number) {
  const res = await rider.context.request.post(path, { headers: ORIGIN, data });
  expect(res.status(), await res.text()).toBe(status);
}

test.describe("Verificada", () => {
  test("vouched for after two rides, she joins a 'Solo verificadas' ride others cannot", async ({
    rider,
  }) => {
    const mod = await rider("mod", { email: MODERATOR_EMAIL });
    const [ana, bea, cris, dana] = [
      await rider("ana"),
      await rider("bea"),
      await rider("cris"),
      await rider("dana"),
    ];
    const eva = await rider("eva");

    // The moderator verifies Ana from her screen, with the reason the audit keeps…
    await mod.page.goto("/app/moderacion");
    await mod.page.getByLabel(VERIFY_MODERATION_TEXT.username).fill(ana.username);
    await mod.page.getByRole("button", { name: VERIFY_MODERATION_TEXT.find }).click();
    const found = mod.page.getByRole("region", { name: ana.username });
    await expect(found.getByText(VERIFY_MODERATION_TEXT.status.none)).toBeVisible();
    await found.getByRole("button", { name: VERIFICATION_MSG.moderatorVerify }).click();
    const dialog = mod.page.getByRole("dialog", {
      name: VERIFY_MODERATION_TEXT.verifyTitle(ana.username),
    });
    await dialog.getByLabel(MODERATION_TEXT.reason).fill("Rodamos juntas en la Casa de Campo");
    await dialog.getByRole("button", { name: VERIFICATION_MSG.moderatorVerify }).click();
    await expect(
      mod.page
        .getByRole("region", { name: new RegExp(`^${ana.username}`) })
        .getByText(VERIFY_MODERATION_TEXT.status.seed),
    ).toBeVisible();
    // …and Bea and Cris the same way through the API.
    for (const r of [bea, cris]) {
      await api(mod, `/api/moderation/users/${r.userId}/verify`, { reason: "La conozco" }, 200);
    }

    // Two rides that started an hour ago, Ana organizing; everyone else checks in each time.
    const rides: string[] = [];
    for (const title of ["Primera rodada", "Segunda rodada"]) {
      const rideId = await fixtureRide(ana.context, {
        organizerId: ana.userId,
        participantIds: [bea.userId, cris.userId, dana.userId],
        title,
        startsInMinutes: -60,
      });
      for (const r of [bea, cris, dana]) {
        await api(r, `/api/rides/${rideId}/ride-day/check-in`, undefined, 200);
      }
      rides.push(rideId);
    }
    // Ana and Bea vouch for Dana after the first ride: 2 vouchers, 1 ride, not yet.
    for (const r of [ana, bea]) {
      await api(r, `/api/rides/${rides[0]}/vouches`, { userId: dana.userId }, 201);
    }
    await dana.page.goto(`/app/profile/${dana.username}`);
    await expect(dana.page.getByText(VERIFICATION_MSG.progress(2))).toBeVisible();

    // Cris vouches from the second ride's page, the post-ride step.
    await cris.page.goto(`/app/ride/${rides[1]}`);
    const step = cris.page.getByRole("region", { name: VERIFICATION_MSG.stepTitle });
    const danaRow = step.getByRole("listitem").filter({ hasText: dana.username });
    await expect(danaRow).toBeVisible();
    await expectAccessible(cris.page, "post-ride vouches");
    await danaRow.getByRole("button", { name: VERIFICATION_MSG.vouch }).click();
    await expect(danaRow.getByRole("button", { name: VERIFICATION_MSG.withdraw })).toBeVisible();

    // Dana is verified: the badge on her profile, with what it means.
    await dana.page.reload();
    await expect(dana.page.getByText(VERIFICATION_MSG.ownVerified)).toBeVisible();
    const badge = dana.page.getByRole("img", { name: VERIFICATION_MSG.badge });
    await expect(badge).toHaveAccessibleDescription(VERIFICATION_MSG.badgeExplained);

    // A 'Solo verificadas' ride: Eva, not verified, is told how to become so and cannot join…
    const onlyVerified = await fixtureRide(bea.context, {
      organizerId: bea.userId,
      participantIds: [],
      title: "Solo verificadas al Pardo",
      verifiedOnly: true,
    });
    await eva.page.goto(`/app/ride/${onlyVerified}`);
    await expect(eva.page.getByRole("note")).toHaveText(VERIFICATION_MSG.verifiedOnly);
    await eva.page.getByRole("button", { name: "UNIRME" }).click();
    // The refusal's toast says it again.
    await expect(eva.page.getByText(VERIFICATION_MSG.verifiedOnly, { exact: true })).toHaveCount(2);
    // …Dana joins, and her badge shows in the list.
    await dana.page.goto(`/app/ride/${onlyVerified}`);
    await expect(dana.page.getByRole("heading", { name: "Participantes 1/20" })).toBeVisible();
    expect(await dana.page.getByRole("note").count()).toBe(0);
    await dana.page.getByRole("button", { name: "UNIRME" }).click();
    await expect(dana.page.getByRole("dialog", { name: "¡Apuntada!" })).toBeVisible();
    await dana.page.keyboard.press("Escape");
    const list = dana.page.getByRole("region", { name: "Participantes 2/20" });
    await expect(
      list.getByRole("listitem").filter({ hasText: dana.username }).getByRole("img", {
        name: VERIFICATION_MSG.badge,
      }),
    ).toBeVisible();
  });
});
