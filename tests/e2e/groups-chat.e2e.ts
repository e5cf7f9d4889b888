// 'Charla del grupo' (docs/product.md#grupos), in three browsers: two members of a group talk in
// its chat, each seeing the other's message arrive live; with the chat closed, a new message
// shows on Inicio's badge until read; and a rider outside it cannot open it.
import { NAV_TEXT } from "../../domain/texts/app.ts";
import { GROUP_MSG } from "../../domain/texts/groups.ts";
import { GROUP_CHAT_TEXT as TEXT } from "../../domain/texts/groups-chat.ts";
import {
  createGroupFromPage,
  expect,
  notificationSocketOpened,
  saveScreenshot,
  sendMessage,
  test,
} from "./fixtures.ts";

test.describe("charla del grupo", () => {
  test("two members talk in the group's chat; a rider outside it cannot open it", async ({
    rider,
  }) => {
    const ana = await rider("ana");
    const bea = await rider("bea");
    const carla = await rider("carla");
    const { slug, name } = await createGroupFromPage(ana, "Charla");

    // --- Bea joins from the group's page; the chat's entry appears for her.
    await bea.page.goto(`/app/grupo/${slug}`);
    await bea.page.getByRole("button", { name: GROUP_MSG.join }).click();
    await bea.page.getByRole("link", { name: TEXT.title }).click();
    await expect(bea.page.getByRole("heading", { level: 1, name: TEXT.title })).toBeVisible();
    await expect(bea.page.getByText(TEXT.empty)).toBeVisible();

    // --- Ana opens it from her group's page and writes; Bea sees it arrive.
    await ana.page.goto(`/app/grupo/${slug}`);
    await ana.page.getByRole("link", { name: TEXT.title }).click();
    await expect(ana.page.getByText(name)).toBeVisible();
    await sendMessage(ana.page, "¿Rodamos el sábado?");
    await expect(bea.page.getByRole("log").getByText("¿Rodamos el sábado?")).toBeVisible();
    await sendMessage(bea.page, "¡Allí estaré!");
    await expect(ana.page.getByRole("log").getByText("¡Allí estaré!")).toBeVisible();
    await saveScreenshot(ana.page, "group-chat");

    // --- With the chat closed, Bea's Inicio badge counts Ana's next message; reading it clears it.
    const beaConnected = notificationSocketOpened(bea.page);
    await bea.page.goto("/app/feed");
    await beaConnected;
    const badge = bea.page.getByTestId("nav-badge");
    expect(await badge.count()).toBe(0);
    await sendMessage(ana.page, "Salimos a las 8 de la fuente");
    await expect(badge).toHaveText(`1 ${NAV_TEXT.news(1)}`);
    // From 'Tus grupos' to the chat, in the app: the badge goes once she has read it.
    await bea.page.getByRole("link", { name, exact: true }).click();
    await bea.page.getByRole("link", { name: TEXT.title }).click();
    await expect(bea.page.getByRole("log").getByText("Salimos a las 8 de la fuente")).toBeVisible();
    await expect(badge).toHaveCount(0);

    // --- Carla, outside the group, is told the chat is for its members.
    await carla.page.goto(`/app/grupo/${slug}/charla`);
    await expect(carla.page.getByText(TEXT.membersOnly)).toBeVisible();
    expect(await carla.page.getByRole("log").count()).toBe(0);
  });
});
