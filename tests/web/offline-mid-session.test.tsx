// Signed in, the connection drops and she opens a screen: the app's own query client (not a
// test one) says 'Sin conexión' where the data would be, instead of skeletons that never end,
// and loads the data by itself when the connection comes back.
import { onlineManager, QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MSG } from "../../domain/messages.ts";
import { createQueryClient } from "../../web/lib/query-client.ts";
import MyRidesScreen from "../../web/my-rides/my-rides.tsx";
import SearchScreen from "../../web/rides/search.tsx";
import { ME_KEY } from "../../web/session/use-me.ts";
import { stubFetchEachTest } from "./helpers/fetch.ts";
import { rideSummary } from "./helpers/rides.ts";

const fetchMock = stubFetchEachTest();
const counts = { upcoming: 1, past: 0, cancelled: 0 };

/** The API while the connection is up: one ride everywhere. */
function answer(input: RequestInfo | URL): Response {
  const url = new URL(String(input), "http://x");
  if (url.pathname === "/api/rides/cities") return Response.json({ cities: [] });
  const rides = [rideSummary({ title: "Pantanos al amanecer" })];
  return Response.json({
    tab: url.searchParams.get("tab"),
    rides,
    page: 0,
    hasMore: false,
    counts,
  });
}

function goOffline() {
  fetchMock.mockRejectedValue(new TypeError("Failed to fetch"));
  // What the browser's 'offline' event tells TanStack Query.
  onlineManager.setOnline(false);
}

async function comeBackOnline() {
  fetchMock.mockImplementation(async (input) => answer(input));
  await act(async () => onlineManager.setOnline(true));
}

function renderSignedIn(path: string, screenElement: React.ReactNode) {
  const client = createQueryClient();
  client.setQueryData(ME_KEY, {
    user: { id: "u1", username: "Ana", profileComplete: true, city: "Madrid", modalities: [] },
    signupMode: "open",
    googleEnabled: false,
  });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>{screenElement}</MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => onlineManager.setOnline(true));
afterEach(() => onlineManager.setOnline(true));

describe("offline in the middle of a session", () => {
  it("Buscar says 'Sin conexión' instead of endless skeletons, and loads once back online", async () => {
    goOffline();
    renderSignedIn("/app/search?city=Madrid", <SearchScreen />);
    const results = screen.getByRole("region", { name: "Resultados" });
    await within(results).findByText(MSG.offlineTitle);
    // Said in a live region, where a screen reader hears it.
    expect(within(results).getByRole("status").textContent).toBe(
      MSG.offlineTitle + MSG.networkError,
    );
    expect(results.getAttribute("aria-busy")).toBe("false");

    await comeBackOnline();
    await within(results).findByText("Pantanos al amanecer");
    expect(within(results).queryByText(MSG.offlineTitle)).toBeNull();
  });

  it("Mis salidas does not claim 'En marcha (0)' while it cannot know", async () => {
    goOffline();
    renderSignedIn("/app/my-rides", <MyRidesScreen />);
    await screen.findAllByText(MSG.offlineTitle);
    expect(screen.getByRole("tab", { selected: true }).textContent).toBe("En marcha");

    await comeBackOnline();
    await screen.findByText("Pantanos al amanecer");
    expect(screen.getByRole("tab", { selected: true }).textContent).toBe("En marcha (1)");
  });
});
