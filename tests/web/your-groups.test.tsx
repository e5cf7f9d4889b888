// 'Tus grupos' in the feed (docs/product.md#grupos): shown only when she has groups, each linking
// to its page with its next ride (on the ride's clock, 'Solo el grupo' said) or none.
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import type { MyGroup } from "../../domain/api/groups.ts";
import { YOUR_GROUPS_TEXT as TEXT } from "../../domain/texts/groups.ts";
import { FEED_TEXT } from "../../domain/texts/rides-feed.ts";
import FeedScreen from "../../web/rides/feed.tsx";
import { stubFetchEachTest } from "./helpers/fetch.ts";
import { groupDetail } from "./helpers/groups.ts";
import { signedInClient } from "./helpers/signed-in-client.ts";

const fetchMock = stubFetchEachTest();

const mine = (name: string, slug: string, nextRide: MyGroup["nextRide"]): MyGroup => {
  const { id, city, modalities, levels, avatarKey, joinMode, memberCount, membersMayPublish } =
    groupDetail({ id: slug });
  return {
    id,
    slug,
    name,
    city,
    modalities,
    levels,
    avatarKey,
    joinMode,
    memberCount,
    membersMayPublish,
    myRole: "member",
    nextRide,
  };
};

function renderFeed(groups: MyGroup[]) {
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url === "/api/groups/mine") return Response.json({ groups, nextPage: null });
    if (url === "/api/chats") return Response.json({ chats: [] });
    if (url === "/api/connections/pending") return Response.json({ pending: [] });
    return Response.json({ error: { code: "not_found", message: "No" } }, { status: 404 });
  });
  render(
    <QueryClientProvider client={signedInClient()}>
      <MemoryRouter>
        <FeedScreen />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("'Tus grupos' in the feed", () => {
  it("shows each of her groups with its next ride, or says it has none", async () => {
    // Saturday 6 June 2099, 08:30 in Madrid.
    const startTime = Date.parse("2099-06-06T06:30:00.000Z");
    renderFeed([
      mine("Las Madrugadoras", "las-madrugadoras", {
        id: "r1",
        title: "Vuelta a la Casa de Campo",
        startTime,
        timeZone: "Europe/Madrid",
        groupOnly: true,
      }),
      mine("Gravel Sur", "gravel-sur", null),
    ]);
    const section = await screen.findByRole("region", { name: TEXT.title });
    const [first, second] = within(section)
      .getAllByRole("listitem", { name: "" })
      .filter((li) => li.querySelector("article"));
    expect(
      within(first!).getByRole("link", { name: "Las Madrugadoras" }).getAttribute("href"),
    ).toBe("/app/grupo/las-madrugadoras");
    const ride = within(first!).getByRole("link", { name: "Vuelta a la Casa de Campo" });
    expect(ride.getAttribute("href")).toBe("/app/ride/r1");
    expect(ride.closest("p")?.textContent).toBe(
      `${TEXT.nextRide} Vuelta a la Casa de Campo · sábado, 6 de junio, 08:30 ${TEXT.groupOnly}`,
    );
    expect(within(second!).getByRole("link", { name: "Gravel Sur" }).getAttribute("href")).toBe(
      "/app/grupo/gravel-sur",
    );
    expect(within(second!).getByText(TEXT.noRide).textContent).toBe(TEXT.noRide);
  });

  it("is not there when she has no group", async () => {
    renderFeed([]);
    await screen.findByRole("heading", { name: FEED_TEXT.upcoming });
    expect(screen.queryByRole("region", { name: TEXT.title })).toBeNull();
  });
});
