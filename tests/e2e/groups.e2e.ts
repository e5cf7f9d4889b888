// Grupos (docs/product.md#grupos), in three browsers: a leader creates a 'Con aprobación' group
// in the form; one rider asks and is accepted, another is declined ('Esta vez no ha podido
// ser'); the leader publishes a 'Solo el grupo' ride, which the member finds on the group's page
// and joins while the declined rider never sees it; the leader leaves and the member, the
// longest-standing, becomes its 'líder'.
import { LEVEL_LABELS, MODALITY_FORM_LABELS } from "../../domain/constants.ts";
import { MSG } from "../../domain/messages.ts";
import {
  GROUP_CREATE_TEXT,
  GROUP_MSG,
  GROUP_PAGE_TEXT as TEXT,
} from "../../domain/texts/groups.ts";
import {
  GROUP_RIDES_TEXT,
  GROUP_PUBLISH_TEXT as PUBLISH,
  RIDE_GROUP_TEXT,
} from "../../domain/texts/groups-publish.ts";
import { CREATE_TEXT, RIDE_FORM_TEXT } from "../../domain/texts/rides-create.ts";
import { SEARCH_TEXT } from "../../domain/texts/rides-search.ts";
import { expectAccessible } from "./a11y.ts";
import { animationsSettled, expect, saveScreenshot, test, tomorrowIso } from "./fixtures.ts";

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

    // --- Ana publishes a 'Solo el grupo' ride from the form.
    const title = `Solo del grupo ${Date.now().toString(36).slice(-5)}`;
    await op.goto("/app/create");
    await op.getByLabel(RIDE_FORM_TEXT.title).fill(title);
    await op.getByLabel(RIDE_FORM_TEXT.date).fill(await tomorrowIso(op));
    await op.getByLabel(RIDE_FORM_TEXT.time).fill("09:30");
    await op.getByRole("radio", { name: LEVEL_LABELS.chill }).click();
    await op.getByLabel(RIDE_FORM_TEXT.meetingPoint, { exact: true }).fill("Puente del Rey");
    await op.getByLabel(RIDE_FORM_TEXT.distance).fill("35");
    await op.getByLabel(RIDE_FORM_TEXT.elevation).fill("250");
    const publishIn = op.getByLabel(PUBLISH.label);
    await publishIn.focus();
    await expect(publishIn.getByRole("option", { name })).toHaveCount(1);
    await publishIn.selectOption({ label: name });
    const audience = op.getByRole("group", { name: PUBLISH.audience });
    await expect(audience.getByRole("radio", { name: PUBLISH.groupOnly })).toBeChecked();
    await op.getByRole("button", { name: CREATE_TEXT.create }).click();
    await op.waitForURL(/\/app\/ride\/[A-Za-z0-9_-]+$/);
    const ridePath = new URL(op.url()).pathname;
    await expect(op.getByRole("link", { name })).toHaveAttribute("href", address);

    // --- Bea, a member, finds it on the group's page and joins it.
    await bea.page.goto(address);
    const beaRides = bea.page.getByRole("region", { name: GROUP_RIDES_TEXT.title });
    const beaCard = beaRides.getByRole("article", { name: title });
    await expect(beaCard.getByText(RIDE_GROUP_TEXT.onlyMembers)).toBeVisible();
    await beaCard.getByRole("button", { name: "UNIRME" }).click();
    await bea.page
      .getByRole("dialog", { name: "¡Apuntada!" })
      .getByRole("button", { name: "Ruta completa" })
      .click();
    await bea.page.waitForURL(`**${ridePath}`);
    await expect(bea.page.getByRole("heading", { name: "Participantes 2/20" })).toBeVisible();

    // --- Carla, declined, never sees it: not on the group's page, not in search, not at its URL.
    const cp = carla.page;
    await expect(
      cp.getByRole("region", { name: GROUP_RIDES_TEXT.title }).getByText(GROUP_RIDES_TEXT.empty),
    ).toBeVisible();
    await cp.goto(`/app/search?q=${encodeURIComponent(title)}&dateType=none`);
    await expect(cp.getByText(SEARCH_TEXT.empty)).toBeVisible();
    expect(await cp.getByText(title).count()).toBe(0);
    await cp.goto(ridePath);
    await expect(cp.getByText(MSG.rideNotFound)).toBeVisible();
    expect(await cp.getByText(title).count()).toBe(0);

    // --- Ana leaves; Bea, now the only member, becomes its leader.
    await op.goto(address);
    await op.getByRole("button", { name: GROUP_MSG.leave }).click();
    await op
      .getByRole("dialog", { name: TEXT.leaveConfirmTitle })
      .getByRole("button", { name: GROUP_MSG.leave })
      .click();
    await expect(op.getByRole("button", { name: GROUP_MSG.request })).toBeVisible();

    await bea.page.goto(address);
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
