// Finding a group and a leader's management (docs/product.md#grupos), in two browsers: a rider
// finds the group in the search's 'Grupos' tab, opens it and joins; its leader removes her from
// 'Gestionar el grupo' after confirming, and she is out of the member list.
import type { GroupResponse } from "../../domain/api/groups.ts";
import {
  GROUP_MSG,
  GROUP_MANAGE_TEXT as MANAGE,
  GROUP_SEARCH_TEXT as SEARCH,
  GROUP_PAGE_TEXT as TEXT,
} from "../../domain/texts/groups.ts";
import { SEARCH_TABS_TEXT } from "../../domain/texts/rides-search.ts";
import { expectAccessible } from "./a11y.ts";
import { animationsSettled, apiFromPage, expect, test } from "./fixtures.ts";

test.describe("finding groups", () => {
  test("a rider finds the group in 'Grupos' and joins → the leader removes her", async ({
    rider,
  }) => {
    const ana = await rider("ana");
    const bea = await rider("bea");
    const word = `Buscadoras ${Date.now().toString(36).replace(/[0-9]/g, "x")}`;
    await ana.page.goto("/app/feed");
    const made = await apiFromPage<GroupResponse>(ana, "POST", "/api/groups", {
      name: word,
      city: "Madrid",
      modalities: ["gravel"],
      levels: ["chill"],
      joinMode: "open",
    });
    expect(made.status).toBe(201);

    // --- Bea searches in the 'Grupos' tab and opens it from the results.
    const page = bea.page;
    await page.goto("/app/search");
    await page.getByRole("tab", { name: SEARCH_TABS_TEXT.groups }).click();
    await expect(page.getByRole("heading", { level: 1, name: SEARCH.title })).toBeVisible();
    await page.getByRole("searchbox", { name: SEARCH.search }).fill(word);
    await page.getByRole("button", { name: "Gravel" }).click();
    const results = page.getByRole("region", { name: SEARCH.results });
    await expect(results.getByRole("link")).toHaveText([word]);
    await expectAccessible(page, "search, the 'Grupos' tab");
    await results.getByRole("link", { name: word }).click();
    await page.waitForURL(`**/app/grupo/${made.body.group.slug}`);
    await page.getByRole("button", { name: GROUP_MSG.join }).click();
    await expect(page.getByRole("button", { name: GROUP_MSG.leave })).toBeVisible();

    // --- Ana removes her from 'Gestionar el grupo', asked first.
    const op = ana.page;
    await op.goto(`/app/grupo/${made.body.group.slug}`);
    const manage = op.getByRole("region", { name: MANAGE.title });
    await manage.getByRole("button", { name: MANAGE.forName(MANAGE.remove, bea.username) }).click();
    const dialog = op.getByRole("dialog", { name: MANAGE.removeConfirmTitle(bea.username) });
    await animationsSettled(op);
    await expectAccessible(op, "group page, removing a member");
    await dialog.getByRole("button", { name: MANAGE.remove }).click();
    await expect(op.getByText(MANAGE.removed(bea.username))).toBeVisible();
    await expect(
      op.getByRole("region", { name: TEXT.membersTitle }).getByRole("listitem"),
    ).toHaveText([`${ana.username}${GROUP_MSG.leader}`]);

    // --- Bea is out: the group offers to join again.
    await page.reload();
    await expect(page.getByRole("button", { name: GROUP_MSG.join })).toBeVisible();
  });
});
