// Failed loads: an error with 'Reintentar' when there is nothing to show, and what she is
// reading stays on screen when only a refetch or a next page fails.
import type { InfiniteData, UseInfiniteQueryResult } from "@tanstack/react-query";
import { QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { RideSummary } from "../../domain/api/rides.ts";
import { MSG } from "../../domain/messages.ts";
import PublicProfileScreen from "../../web/profiles/public-profile.tsx";
import { RIDES_KEY } from "../../web/ride-core/queries.ts";
import RideDetailScreen from "../../web/rides/ride-detail.tsx";
import { RideList } from "../../web/rides/ride-list.tsx";
import { rideDetail, rideSummary } from "./helpers/rides.ts";
import { signedInClient } from "./helpers/signed-in-client.ts";

afterEach(() => vi.unstubAllGlobals());

const failure = (status: number) =>
  Response.json(
    { error: { code: status === 404 ? "not_found" : "internal", message: "x" } },
    { status },
  );

/** Answers each API path with the next of its answers (the last one repeats). */
function stubApi(answers: Record<string, Response[]>) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      const path = new URL(url, "http://x").pathname.replace(/^\/api/, "");
      const queue = answers[path];
      if (!queue) return failure(404);
      return (queue.length > 1 ? queue.shift() : queue[0])!.clone();
    }),
  );
}

function renderAt(path: string, routePath: string, element: React.ReactNode) {
  const client = signedInClient();
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={routePath} element={element} />
          <Route path="/app/feed" element={<p>Inicio</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return client;
}

describe("ride detail", () => {
  it("a failed load offers 'Reintentar', which brings the ride", async () => {
    stubApi({ "/rides/r1": [failure(500), Response.json({ ride: rideDetail() })] });
    renderAt("/app/ride/r1", "/app/ride/:id", <RideDetailScreen />);
    await screen.findByText(MSG.rideDetailLoadFailed);
    fireEvent.click(screen.getByRole("button", { name: MSG.retry }));
    await screen.findByRole("heading", { name: "Café y Casa de Campo", level: 1 });
  });

  it("a missing ride says 'Salida no encontrada'", async () => {
    stubApi({ "/rides/r1": [failure(404)] });
    renderAt("/app/ride/r1", "/app/ride/:id", <RideDetailScreen />);
    await screen.findByText(MSG.rideNotFound);
  });

  it("an id no ride can have (the API's 400) says 'Salida no encontrada' too", async () => {
    const malformed = Response.json(
      { error: { code: "validation_error", message: MSG.invalidRideId } },
      { status: 400 },
    );
    stubApi({ "/rides/x!": [malformed] });
    renderAt("/app/ride/x!", "/app/ride/:id", <RideDetailScreen />);
    await screen.findByText(MSG.rideNotFound);
  });

  it("a failed refetch keeps the ride she is reading", async () => {
    stubApi({ "/rides/r1": [Response.json({ ride: rideDetail() }), failure(500)] });
    const client = renderAt("/app/ride/r1", "/app/ride/:id", <RideDetailScreen />);
    const title = await screen.findByRole("heading", { name: "Café y Casa de Campo", level: 1 });
    await act(() => client.refetchQueries({ queryKey: RIDES_KEY }));
    // The very page she was reading: not swapped for an error and back.
    expect(title.isConnected).toBe(true);
    expect(screen.queryByText(MSG.rideDetailLoadFailed)).toBeNull();
  });

  it("a route that fails to load says so, with 'Reintentar' (not 'No hay ruta disponible')", async () => {
    const joined = rideDetail({
      hasRoute: true,
      participantIds: ["org", "u1"],
      participantCount: 2,
      viewer: {
        joined: true,
        isOrganizer: false,
        rodeWithCount: 0,
        rodeWith: [],
        waitingPosition: null,
        request: null,
      },
    });
    stubApi({ "/rides/r1": [Response.json({ ride: joined })], "/rides/r1/route": [failure(500)] });
    renderAt("/app/ride/r1", "/app/ride/:id", <RideDetailScreen />);
    await screen.findByText(MSG.routeLoadFailed);
    expect(screen.queryByText(MSG.routeNotAvailable)).toBeNull();
    expect(screen.getAllByRole("button", { name: MSG.retry }).length).toBe(1);
  });
});

describe("public profile", () => {
  it("a failed load offers 'Reintentar'", async () => {
    stubApi({ "/users/Lucia": [failure(500)] });
    renderAt("/app/profile/Lucia", "/app/profile/:username", <PublicProfileScreen />);
    await screen.findByText(MSG.profileLoadFailed);
    const asked = () =>
      vi.mocked(fetch).mock.calls.filter(([url]) => String(url).endsWith("/users/Lucia")).length;
    expect(asked()).toBe(1);
    fireEvent.click(screen.getByRole("button", { name: MSG.retry }));
    await vi.waitFor(() => expect(asked()).toBe(2));
  });
});

describe("RideList", () => {
  type Query = UseInfiniteQueryResult<InfiniteData<{ rides: RideSummary[] }>>;
  const loaded = (overrides: Partial<Query>) =>
    ({
      isPending: false,
      data: { pages: [{ rides: [rideSummary()] }], pageParams: [0] },
      hasNextPage: true,
      isFetchingNextPage: false,
      isFetchNextPageError: false,
      fetchNextPage: vi.fn(),
      refetch: vi.fn(),
      ...overrides,
    }) as unknown as Query;

  function renderList(query: Query) {
    stubApi({ "/chats": [Response.json({ chats: [] })] });
    return render(
      <QueryClientProvider client={signedInClient()}>
        <MemoryRouter>
          <RideList query={query} error={<p>Falló</p>} empty={<p>Vacía</p>} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
  }

  it("keeps the loaded rides when the next page fails, and says so", () => {
    const query = loaded({ isError: true, isFetchNextPageError: true });
    renderList(query);
    expect(screen.getAllByRole("article").map((ride) => ride.textContent)).toEqual([
      expect.stringContaining("Café y Casa de Campo"),
    ]);
    expect(screen.getByRole("alert").textContent).toBe(MSG.feedLoadFailed);
    fireEvent.click(screen.getByRole("button", { name: "Cargar más" }));
    expect(query.fetchNextPage).toHaveBeenCalledTimes(1);
    expect(screen.queryByText("Falló")).toBeNull();
  });

  it("shows the error and 'Reintentar' when the first page failed", () => {
    const refetch = vi.fn();
    const { container } = renderList(loaded({ isError: true, data: undefined, refetch }));
    // The screen's own error and the retry, nothing else (no rides, no 'Vacía').
    expect(container.textContent).toBe(`Falló${MSG.retry}`);
    fireEvent.click(screen.getByRole("button", { name: MSG.retry }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });
});
