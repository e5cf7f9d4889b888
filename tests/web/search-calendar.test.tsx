import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import SearchScreen from "../../web/rides/search.tsx";
import { ME_KEY } from "../../web/session/use-me.ts";
import { signedInClient } from "./helpers/signed-in-client.ts";

afterEach(() => vi.unstubAllGlobals());

/** 'noviembre 2026': the month `offset` months from this one, as the calendar names it. */
function monthName(offset: number) {
  const day = new Date();
  day.setDate(1);
  day.setMonth(day.getMonth() + offset);
  return `${new Intl.DateTimeFormat("es-ES", { month: "long" }).format(day)} ${day.getFullYear()}`;
}

describe("search: 'Personalizado' calendar", () => {
  it("speaks Spanish to screen readers (DayPicker's labels, not only date-fns's month names)", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ rides: [], page: 0, hasMore: false, chats: [] })),
    );
    const client = signedInClient();
    // Her first visit fills the filters from her profile.
    client.setQueryData(ME_KEY, {
      user: {
        id: "u1",
        username: "Ana",
        profileComplete: true,
        city: "Madrid",
        modalities: ["road"],
      },
      signupMode: "open",
      googleEnabled: false,
    });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={["/app/search"]}>
          <SearchScreen />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    fireEvent.click(await screen.findByRole("button", { name: "Personalizado" }));
    // Each label names what the button does: the month shown (the grid's name) moves.
    const month = () => screen.getByRole("grid").getAttribute("aria-label");
    fireEvent.click(await screen.findByRole("button", { name: "Ir al mes siguiente" }));
    expect(month()).toBe(monthName(1));
    fireEvent.click(screen.getByRole("button", { name: "Ir al mes anterior" }));
    expect(month()).toBe(monthName(0));
    expect(screen.getByRole("button", { name: /^Hoy, / }).closest("td")?.dataset.today).toBe(
      "true",
    );
    expect(screen.queryByRole("button", { name: /Go to the/ })).toBeNull();
  });
});
