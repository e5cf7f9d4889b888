// Grupos (docs/product.md#grupos), in three browsers: a leader creates a 'Con aprobación' group
// in the form; one rider asks and is accepted, another is declined ('Esta vez no ha podido
// ser'); the leader leaves and the member, the longest-standing, becomes its 'líder'.
import { LEVEL_LABELS, MODALITY_FORM_LABELS } from "../../domain/constants.ts";
import {
  GROUP_CREATE_TEXT,
  GROUP_MSG,
  GROUP_PAGE_TEXT as TEXT,
} from "../../domain/texts/groups.ts";
import { expectAccessible } from "./a11y.ts";
import { animationsSettled, expect, saveScreenshot, test } from "./fixtures.ts";

test.describe("grupos", () => {
  test("create an approval group → one accepted, one declined → the leader leaves, the member leads", async ({
    rider,
  }) => {
    const ana = await rider("ana");
    const bea = await rider("bea");
    const carla = await rider("carla");
    const name = `Madrugadoras ${Date.now().toString().slice(-6)}`;

    // --- Ana creates the group from her profile's link.
    const op = ana.page;
    await op.goto(`/app/profile/${encodeURIComponent(ana.username)}`);
    await op.getByRole("link", { name: GROUP_MSG.createTitle }).click();
    await expect(op.getByRole("heading", { level: 1, name: GROUP_MSG.createTitle })).toBeVisible();
    await op.getByLabel(GROUP_MSG.nameLabel).fill(name);
    await op.getByLabel(GROUP_CREATE_TEXT.city).fill("Madrid");
    await op.getByLabel(GROUP_CREATE_TEXT.description).fill("Los sábados a las 8, café al final.");
    await op.getByLabel(MODALITY_FORM_LABELS.road).check();
    await op.getByLabel(LEVEL_LABELS.chill).check();
    await op.getByRole("radio", { name: new RegExp(`^${GROUP_CREATE_TEXT.approval}`) }).check();
    await op.getByRole("button", { name: GROUP_CREATE_TEXT.submit }).click();
    await op.waitForURL(/\/app\/grupo\/[a-z0-9-]+$/);
    const address = new URL(op.url()).pathname;
    await expect(op.getByRole("heading", { level: 1, name })).toBeVisible();
    const anaMembers = op.getByRole("region", { name: TEXT.membersTitle });
    await expect(anaMembers.getByRole("listitem")).toHaveText([
      `${ana.username}${GROUP_MSG.leader}`,
    ]);

    // --- Bea and Carla each ask, Bea with a note.
    for (const [who, note] of [
      [bea, "Ruedo a 22 de media."],
      [carla, ""],
    ] as const) {
      await who.page.goto(address);
      await who.page.getByRole("button", { name: GROUP_MSG.request }).click();
      const dialog = who.page.getByRole("dialog", { name: GROUP_MSG.request });
      if (note) {
        await dialog.getByLabel(TEXT.noteLabel).fill(note);
        await animationsSettled(who.page);
        await expectAccessible(who.page, "group page, the request dialog");
      }
      await dialog.getByRole("button", { name: TEXT.send }).click();
      await expect(who.page.getByText(TEXT.pending)).toBeVisible();
      expect(await who.page.getByRole("region", { name: TEXT.membersTitle }).count()).toBe(0);
    }

    // --- Ana sees the requests first: she accepts Bea and declines Carla.
    await op.reload();
    const requests = op.getByRole("region", { name: TEXT.requestsTitle });
    await expect(requests.getByRole("listitem")).toHaveCount(2);
    await expect(requests.getByText("Ruedo a 22 de media.")).toBeVisible();
    await saveScreenshot(op, "group-page-leader");
    await requests.getByRole("button", { name: TEXT.answerTo(TEXT.accept, bea.username) }).click();
    await expect(requests.getByRole("listitem")).toHaveCount(1);
    await requests
      .getByRole("button", { name: TEXT.answerTo(TEXT.decline, carla.username) })
      .click();
    await op
      .getByRole("dialog", { name: TEXT.declineConfirmTitle(carla.username) })
      .getByRole("button", { name: TEXT.decline })
      .click();
    await expect(requests.getByText(TEXT.requestsEmpty)).toBeVisible();
    await expect(anaMembers.getByRole("listitem")).toHaveText([
      `${ana.username}${GROUP_MSG.leader}`,
      bea.username,
    ]);

    // --- Carla is told kindly, and cannot ask again.
    await carla.page.reload();
    await expect(carla.page.getByText(GROUP_MSG.requestDeclined)).toBeVisible();
    expect(await carla.page.getByRole("button", { name: GROUP_MSG.request }).count()).toBe(0);

    // --- Ana leaves; Bea, now the only member, becomes its leader.
    await op.getByRole("button", { name: GROUP_MSG.leave }).click();
    await op
      .getByRole("dialog", { name: TEXT.leaveConfirmTitle })
      .getByRole("button", { name: GROUP_MSG.leave })
      .click();
    await expect(op.getByRole("button", { name: GROUP_MSG.request })).toBeVisible();

    await bea.page.reload();
    const beaMembers = bea.page.getByRole("region", { name: TEXT.membersTitle });
    await expect(beaMembers.getByRole("listitem")).toHaveText([
      `${bea.username}${GROUP_MSG.leader}`,
    ]);
    await expect(
      bea.page.getByRole("region", { name: TEXT.leaders }).getByText(bea.username),
    ).toBeVisible();
    await expect(bea.page.getByRole("region", { name: TEXT.requestsTitle })).toBeVisible();
  });
});
