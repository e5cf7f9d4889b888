// My Rides (docs/product.md#my-rides): ?showCancelled=true opens Ya rodadas with Canceladas when
// there is something cancelled, En marcha otherwise, and a refetch never takes her off a tab she
// chose; 'A la espera de plaza' lists the rides she is waiting on above En marcha.
import { QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { MyRidesCounts, RideSummary } from "../../domain/api/rides.ts";
import { MSG } from "../../domain/messages.ts";
import MyRidesScreen from "../../web/my-rides/my-rides.tsx";
import { RIDES_KEY } from "../../web/ride-core/queries.ts";
import { rideSummary } from "./helpers/rides.ts";
import { signedInClient } from "./helpers/signed-in-client.ts";

/** Every My Rides page is empty but for `awaiting`; the counts are the ones given. */
function stubMyRides(counts: MyRidesCounts, awaiting: RideSummary[] = []) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      const tab = new URL(url, "http://x").searchParams.get("tab");
      return Response.json({
        tab,
        rides: [],
        page: 0,
        hasMore: false,
        counts,
        awaiting: tab === "upcoming" ? awaiting : [],
      });
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

describe("My Rides: A la espera de plaza", () => {
  it("lists the rides she asked to join or waits on, each saying which", async () => {
    const asked = rideSummary({
      id: "r-asked",
      title: "Gravel con aprobación",
      joinMode: "approval",
      viewer: { ...rideSummary().viewer, request: "pending" },
    });
    const waiting = rideSummary({
      id: "r-full",
      title: "Ruta completa",
      maxParticipants: 2,
      capacity: 2,
      participantCount: 2,
      participantIds: ["org", "x"],
      waitingCount: 3,
      viewer: { ...rideSummary().viewer, waitingPosition: 2 },
    });
    stubMyRides({ upcoming: 0, past: 0, cancelled: 0 }, [waiting, asked]);
    renderAt("/app/my-rides");
    const section = await screen.findByRole("region", { name: "A la espera de plaza (2)" });
    const cards = within(section).getAllByRole("article");
    expect(cards.map((card) => card.getAttribute("aria-label"))).toEqual([
      "Ruta completa",
      "Gravel con aprobación",
    ]);
    expect(within(cards[1]!).getByRole("status").textContent).toBe(MSG.requestPending);
    expect(
      (within(cards[1]!).getByRole("button", { name: MSG.requestWithdraw }) as HTMLButtonElement)
        .disabled,
    ).toBe(false);
    expect(within(cards[0]!).getByRole("status").textContent).toBe(MSG.waitingListPosition(2));
    expect(
      (within(cards[0]!).getByRole("button", { name: MSG.waitingListLeave }) as HTMLButtonElement)
        .disabled,
    ).toBe(false);
    // Her own upcoming rides are still her empty state, outside the section of rides she awaits.
    const empty = screen.getByText("Aquí aparecerán tus próximas rutas.");
    expect(section.contains(empty)).toBe(false);
  });

  it("is not there when she waits on nothing", async () => {
    stubMyRides({ upcoming: 0, past: 0, cancelled: 0 });
    renderAt("/app/my-rides");
    await screen.findByText("Aquí aparecerán tus próximas rutas.");
    expect(screen.queryByRole("region", { name: /A la espera de plaza/ })).toBeNull();
  });
});
