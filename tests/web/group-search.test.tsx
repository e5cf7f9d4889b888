// 'Grupos' in the search (docs/product.md#grupos): the tab (in the address, arrow keys between
// the tabs), the filters sent to GET /api/groups, 'Cerca de mí' as her city, each group linking
// to its page, 'Ver más grupos' for the API's next page, and the empty and error states.

import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { GroupSummary } from "../../domain/api/groups.ts";
import { GROUP_SEARCH_TEXT as TEXT } from "../../domain/texts/groups.ts";
import { SEARCH_TABS_TEXT, SEARCH_TEXT } from "../../domain/texts/rides-search.ts";
import { stubFetchEachTest } from "./helpers/fetch.ts";
import { groupDetail } from "./helpers/groups.ts";
import { renderSearchScreen, searchAddress } from "./helpers/search-screen.tsx";

const fetchMock = stubFetchEachTest();
// The tab's code loads on demand; loaded here once, so a test's wait is for the screen, not for
// the module's first transform on a busy machine.
await import("../../web/search/group-search.tsx");

const summary = (name: string, slug: string, overrides: Partial<GroupSummary> = {}) => {
  const { id, city, modalities, levels, avatarKey, joinMode, memberCount, myRole } = groupDetail({
    id: slug,
    ...overrides,
  });
  return { id, slug, name, city, modalities, levels, avatarKey, joinMode, memberCount, myRole };
};

/** The screen at `start`; GET /api/groups answers with `answer(its query)`. */
function renderSearch(start: string, answer: (query: URLSearchParams) => Response) {
  const asked: URLSearchParams[] = [];
  renderSearchScreen(fetchMock, start, (url) => {
    if (url.pathname === "/api/groups") {
      asked.push(url.searchParams);
      return answer(url.searchParams);
    }
    if (url.pathname === "/api/rides") return Response.json({ rides: [], page: 0, hasMore: false });
    if (url.pathname === "/api/rides/cities") return Response.json({ cities: [] });
  });
  return asked;
}

const page = (groups: ReturnType<typeof summary>[], nextPage: number | null = null) =>
  Response.json({ groups, nextPage });

describe("the search's 'Grupos' tab", () => {
  it("opens from 'Salidas' by click or arrow key, kept in the address", async () => {
    const user = userEvent.setup();
    renderSearch("/app/search", () => page([summary("Las Madrugadoras", "las-madrugadoras")]));
    const rides = await screen.findByRole("tab", { name: SEARCH_TABS_TEXT.rides });
    expect(rides.getAttribute("aria-selected")).toBe("true");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe(SEARCH_TEXT.title);
    rides.focus();
    await user.keyboard("{ArrowRight}");
    expect((await screen.findByRole("heading", { level: 1, name: TEXT.title })).textContent).toBe(
      TEXT.title,
    );
    const groupsTab = screen.getByRole("tab", { name: SEARCH_TABS_TEXT.groups });
    expect(groupsTab.getAttribute("aria-selected")).toBe("true");
    expect(document.activeElement).toBe(groupsTab);
    expect(searchAddress()).toBe("/app/search?ver=grupos");
    await user.click(screen.getByRole("tab", { name: SEARCH_TABS_TEXT.rides }));
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe(SEARCH_TEXT.title);
  });

  it("lists groups in the API's order, each linking to its page, and asks for the next page", async () => {
    const user = userEvent.setup();
    renderSearch("/app/search?ver=grupos", (query) =>
      query.get("page") === "1"
        ? page([summary("Gravel Sur", "gravel-sur", { memberCount: 3 })])
        : page(
            [
              summary("Las Madrugadoras", "las-madrugadoras", { memberCount: 40 }),
              summary("Rodadoras", "rodadoras", { memberCount: 12, myRole: "leader" }),
            ],
            1,
          ),
    );
    const results = await screen.findByRole("region", { name: TEXT.results });
    const link = await within(results).findByRole("link", { name: "Las Madrugadoras" });
    expect(link.getAttribute("href")).toBe("/app/grupo/las-madrugadoras");
    expect(within(results).getByText("Madrid · 40 miembros · Con aprobación").textContent).toBe(
      "Madrid · 40 miembros · Con aprobación",
    );
    await user.click(screen.getByRole("button", { name: TEXT.more }));
    await within(results).findByRole("link", { name: "Gravel Sur" });
    expect(
      within(results)
        .getAllByRole("link")
        .map((a) => a.textContent),
    ).toEqual(["Las Madrugadoras", "Rodadoras", "Gravel Sur"]);
    expect(screen.queryByRole("button", { name: TEXT.more })).toBeNull();
  });

  it("sends text, modality, level and 'Cerca de mí' (her city) to the API", async () => {
    const user = userEvent.setup();
    const asked = renderSearch("/app/search?ver=grupos", () => page([]));
    await screen.findByText(TEXT.empty);
    await user.type(screen.getByRole("searchbox", { name: TEXT.search }), "madrugadoras");
    await user.click(screen.getByRole("button", { name: "Gravel" }));
    await user.click(screen.getByRole("button", { name: "Chill" }));
    await user.click(screen.getByRole("button", { name: TEXT.near }));
    await waitFor(() =>
      expect(Object.fromEntries(asked.at(-1) ?? [])).toEqual({
        q: "madrugadoras",
        m: "gravel",
        level: "chill",
        city: "Madrid",
        page: "0",
      }),
    );
    expect(screen.getByText(TEXT.nearCity("Madrid")).textContent).toBe(TEXT.nearCity("Madrid"));
    expect(searchAddress()).toContain("ciudad=Madrid");
    // A second tap lets go of the chip and of her city.
    await user.click(screen.getByRole("button", { name: TEXT.near }));
    await waitFor(() => expect(asked.at(-1)?.has("city")).toBe(false));
  });

  it("keeps one modality and one level, a second tap clears it; a typed city waits for 'Aplicar'", async () => {
    const user = userEvent.setup();
    const asked = renderSearch("/app/search?ver=grupos", () => page([]));
    await screen.findByText(TEXT.empty);
    await user.click(screen.getByRole("button", { name: "Gravel" }));
    await user.click(screen.getByRole("button", { name: "BTT" }));
    await user.click(screen.getByRole("button", { name: "Chill" }));
    await user.click(screen.getByRole("button", { name: "Chill" }));
    const pressed = (name: string) =>
      screen.getByRole("button", { name }).getAttribute("aria-pressed");
    expect([pressed("Gravel"), pressed("BTT"), pressed("Chill")]).toEqual([
      "false",
      "true",
      "false",
    ]);
    const box = screen.getByRole("combobox", { name: TEXT.city });
    const apply = screen.getByRole("button", { name: SEARCH_TEXT.apply });
    await user.type(box, "Ávila");
    expect(apply).toHaveProperty("disabled", false);
    expect(searchAddress()).not.toContain("ciudad=");
    await user.click(apply);
    await waitFor(() =>
      expect(Object.fromEntries(asked.at(-1) ?? [])).toEqual({
        m: "btt",
        city: "Ávila",
        page: "0",
      }),
    );
    expect(apply).toHaveProperty("disabled", true);
    await user.clear(box);
    await waitFor(() => expect(asked.at(-1)?.has("city")).toBe(false));
  });

  it("offers 'Crear un grupo' when nothing is found, and 'Reintentar' when the load fails", async () => {
    const user = userEvent.setup();
    let fail = true;
    renderSearch("/app/search?ver=grupos", () =>
      fail
        ? Response.json({ error: { code: "internal", message: "x" } }, { status: 500 })
        : page([]),
    );
    expect((await screen.findByText(TEXT.loadFailed)).textContent).toBe(TEXT.loadFailed);
    fail = false;
    await user.click(screen.getByRole("button", { name: "Reintentar" }));
    expect((await screen.findByText(TEXT.empty)).textContent).toBe(TEXT.empty);
    expect(screen.getByRole("link", { name: TEXT.create }).getAttribute("href")).toBe(
      "/app/grupos/nuevo",
    );
  });
});
