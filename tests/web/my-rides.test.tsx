// My Rides' ?showCancelled=true (docs/product.md#my-rides): Ya rodadas with Canceladas open when
// there is something cancelled; En marcha otherwise; and a refetch never takes her off a tab she
// chose.
import { QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { MyRidesCounts } from "../../domain/api/rides.ts";
import MyRidesScreen from "../../web/my-rides/my-rides.tsx";
import { RIDES_KEY } from "../../web/rides/queries.ts";
import { signedInClient } from "./helpers/signed-in-client.ts";

/** Every My Rides page is empty; the counts are the ones given. */
function stubMyRides(counts: MyRidesCounts) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      const tab = new URL(url, "http://x").searchParams.get("tab");
      return Response.json({ tab, rides: [], page: 0, hasMore: false, counts });
    }),
  );
}

function renderAt(path: string) {
  const client = signedInClient();
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <MyRidesScreen />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return client;
}

const selectedTab = () => screen.getByRole("tab", { selected: true }).textContent;

afterEach(() => vi.unstubAllGlobals());

describe("My Rides ?showCancelled=true", () => {
  it("opens Ya rodadas > Canceladas when something is cancelled", async () => {
    stubMyRides({ upcoming: 1, past: 2, cancelled: 1 });
    renderAt("/app/my-rides?showCancelled=true");
    const section = await screen.findByRole("button", { name: "Canceladas (1)" });
    expect(section.getAttribute("aria-expanded")).toBe("true");
    expect(selectedTab()).toBe("Ya rodadas (2)");
  });

  it("stays on En marcha when nothing is cancelled", async () => {
    stubMyRides({ upcoming: 1, past: 2, cancelled: 0 });
    renderAt("/app/my-rides?showCancelled=true");
    await screen.findByText("En marcha (1)");
    expect(selectedTab()).toBe("En marcha (1)");
    expect(screen.queryByRole("button", { name: /Canceladas/ })).toBeNull();
  });

  it("does not take her back to Ya rodadas on a refetch", async () => {
    stubMyRides({ upcoming: 1, past: 2, cancelled: 1 });
    const client = renderAt("/app/my-rides?showCancelled=true");
    await screen.findByRole("button", { name: "Canceladas (1)" });
    const upcomingTab = screen.getByRole("tab", { name: "En marcha (1)" });
    // Radix tabs switch on mouse down.
    fireEvent.mouseDown(upcomingTab);
    await waitFor(() => expect(selectedTab()).toBe("En marcha (1)"));

    stubMyRides({ upcoming: 2, past: 2, cancelled: 2 });
    await act(() => client.invalidateQueries({ queryKey: RIDES_KEY }));
    await screen.findByText("En marcha (2)");
    expect(selectedTab()).toBe("En marcha (2)");
  });
});
