// The public profile's tiles (docs/product.md#public-profile): at 0, 'Tu primera rodada está por
// venir' speaks to her, so only her own profile says it; another rider's says she has none yet.
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { stubFetchEachTest } from "./helpers/fetch.ts";
import { profileAnswer, renderProfile } from "./helpers/profile.tsx";

const fetchMock = stubFetchEachTest();

/** The tiles' texts, in order. */
async function tiles() {
  const section = (await screen.findByText("Sin conexiones (de momento)")).parentElement!;
  return [...section.parentElement!.children].map((tile) => tile.textContent);
}

describe("'Rutas completadas' at 0", () => {
  it("on her own profile: 'Tu primera rodada está por venir'", async () => {
    fetchMock.mockResolvedValue(Response.json(profileAnswer(true)));
    renderProfile("Ana");
    expect(await tiles()).toEqual([
      "Tu primera rodada está por venir",
      "Sin conexiones (de momento)",
    ]);
  });

  it("on another rider's profile: none yet, not her first ride to come", async () => {
    fetchMock.mockResolvedValue(Response.json(profileAnswer(false)));
    renderProfile("Bea");
    expect(await tiles()).toEqual([
      "Sin rutas completadas (de momento)",
      "Sin conexiones (de momento)",
    ]);
  });
});
