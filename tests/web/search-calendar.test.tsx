import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ME_KEY } from "../../web/auth/use-me.ts";
import SearchScreen from "../../web/rides/search.tsx";
import { signedInClient } from "./helpers/signed-in-client.ts";

afterEach(() => vi.unstubAllGlobals());

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
    expect(await screen.findByRole("button", { name: "Ir al mes siguiente" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Ir al mes anterior" })).toBeTruthy();
    expect(screen.getByRole("button", { name: /^Hoy, / })).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Go to the/ })).toBeNull();
  });
});
