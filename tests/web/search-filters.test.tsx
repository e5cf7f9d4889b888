// The rides search's modality and level chips and 'Dónde ruedas' (docs/product.md#search-and-filters):
// any number of chips at once, a second tap lets one go; a city with rides applies as soon as it is
// picked, a typed one with 'Aplicar', an emptied box at once.

import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { SEARCH_TEXT } from "../../domain/texts/rides-search.ts";
import { stubFetchEachTest } from "./helpers/fetch.ts";
import { renderSearchScreen, searchAddress } from "./helpers/search-screen.tsx";

const fetchMock = stubFetchEachTest();

/** The rides tab; 'Dónde ruedas' suggests Segovia, the one city with rides. */
function renderSearch(start: string) {
  renderSearchScreen(fetchMock, start, (url) => {
    if (url.pathname === "/api/rides/cities") {
      const q = url.searchParams.get("q") ?? "";
      return Response.json({ cities: ["Segovia"].filter((c) => q !== "" && c.startsWith(q)) });
    }
    if (url.pathname === "/api/rides") return Response.json({ rides: [], page: 0, hasMore: false });
  });
}

/** The address's filters now. */
const address = () => new URLSearchParams(searchAddress().split("?")[1]);

const pressed = (name: string) => screen.getByRole("button", { name }).getAttribute("aria-pressed");

describe("the rides search's filters", () => {
  it("keeps any number of modality and level chips; a second tap lets one go", async () => {
    const user = userEvent.setup();
    renderSearch("/app/search?dateType=none");
    await user.click(await screen.findByRole("button", { name: "Gravel" }));
    await user.click(screen.getByRole("button", { name: "BTT" }));
    await user.click(screen.getByRole("button", { name: "Chill" }));
    await user.click(screen.getByRole("button", { name: "Cañero" }));
    expect(address().get("m")).toBe("gravel,btt");
    expect(address().get("level")).toBe("chill,cañero");
    expect([pressed("Gravel"), pressed("BTT"), pressed("Road")]).toEqual(["true", "true", "false"]);
    await user.click(screen.getByRole("button", { name: "Gravel" }));
    await user.click(screen.getByRole("button", { name: "Chill" }));
    expect(address().get("m")).toBe("btt");
    expect(address().get("level")).toBe("cañero");
    expect(pressed("Gravel")).toBe("false");
  });

  it("applies a typed city with 'Aplicar', a city with rides at once, an emptied box at once", async () => {
    const user = userEvent.setup();
    renderSearch("/app/search?dateType=none");
    const box = await screen.findByRole("combobox", { name: SEARCH_TEXT.city });
    const apply = screen.getByRole("button", { name: SEARCH_TEXT.apply });
    expect(apply).toHaveProperty("disabled", true);
    await user.type(box, "Ávila");
    expect(address().has("city")).toBe(false);
    expect(apply).toHaveProperty("disabled", false);
    await user.click(apply);
    expect(address().get("city")).toBe("Ávila");
    expect(apply).toHaveProperty("disabled", true);

    await user.clear(box);
    expect(address().has("city")).toBe(false);
    await user.type(box, "Seg");
    await user.click(await screen.findByRole("option", { name: "Segovia" }));
    await waitFor(() => expect(address().get("city")).toBe("Segovia"));
    expect(apply).toHaveProperty("disabled", true);
  });
});
