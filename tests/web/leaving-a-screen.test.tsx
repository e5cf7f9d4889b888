// A screen that writes its own address from effects (search: her city and modalities once her
// profile is known; the chat of a ride that is gone, or a ride she cannot edit, to the feed) must
// not pull her back once she has tapped her way elsewhere. Navigations run as transitions
// (BrowserRouter, as in the app), so 'Buscar' stays mounted while the next screen's code loads;
// its effects then used to replace the next screen's history entry with '/app/search?city=…', and
// the tap on 'Crear' went nowhere (seen under `npm run dev`, where the code loads slowly).
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { lazy, Suspense } from "react";
import { BrowserRouter, Link, Route, Routes } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { MSG } from "../../domain/messages.ts";
import ChatScreen from "../../web/chat/chat-screen.tsx";
import { LazyToaster } from "../../web/lib/lazy-toaster.tsx";
import CreateRideScreen from "../../web/rides/create.tsx";
import SearchScreen from "../../web/rides/search.tsx";
import { ME_KEY } from "../../web/session/use-me.ts";
import { stubFetchEachTest } from "./helpers/fetch.ts";
import { rideDetail } from "./helpers/rides.ts";
import { ANA_OF_MADRID, signedInClient } from "./helpers/signed-in-client.ts";
import { toastShowing } from "./helpers/toasts.ts";

const fetchMock = stubFetchEachTest();

/** A module load she waits on, finished by the test. */
function pendingScreen() {
  let finish!: () => void;
  const loaded = new Promise<{ default: () => React.ReactNode }>((resolve) => {
    finish = () => resolve({ default: () => <h1>Crear una salida</h1> });
  });
  return { Screen: lazy(() => loaded), finish };
}

/** The app at `path` (search, a chat, the feed), with 'Crear' whose code loads when told. */
function renderAt(
  path: string,
  CreateScreen: React.ComponentType,
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } }),
) {
  window.history.replaceState(null, "", path);
  render(
    <QueryClientProvider client={client}>
      <BrowserRouter>
        <Suspense fallback={<p>Cargando…</p>}>
          <Routes>
            <Route path="/app/search" element={<SearchScreen />} />
            <Route path="/app/chat/:id" element={<ChatScreen />} />
            <Route path="/app/feed" element={<h1>Quiero rodar</h1>} />
            <Route path="/app/create" element={<CreateScreen />} />
          </Routes>
        </Suspense>
        <nav>
          <Link to="/app/create">Crear</Link>
        </nav>
      </BrowserRouter>
    </QueryClientProvider>,
  );
  return client;
}

const asked = (path: string) =>
  fetchMock.mock.calls.some(([input]) => new URL(String(input), "http://x").pathname === path);

describe("leaving 'Buscar' while it is still settling", () => {
  it("a tap on 'Crear' before her profile arrives still takes her to 'Crear'", async () => {
    fetchMock.mockImplementation(async (input) => {
      const { pathname } = new URL(String(input), "http://x");
      // Who she is arrives when the test says so (below).
      if (pathname === "/api/me") return new Promise<Response>(() => {});
      if (pathname === "/api/rides/cities") return Response.json({ cities: [] });
      return Response.json({ rides: [], page: 0, hasMore: false });
    });
    const create = pendingScreen();
    const client = renderAt("/app/search", create.Screen);
    await screen.findByRole("heading", { name: "Buscar salidas" });

    fireEvent.click(screen.getByRole("link", { name: "Crear" }));
    expect(window.location.pathname).toBe("/app/create");
    // 'Buscar' is still on screen, waiting for the next screen's code, when her profile comes:
    // its first-visit defaults (her city) are due now.
    expect(screen.getAllByRole("heading", { level: 1 }).map((h) => h.textContent)).toEqual([
      "Buscar salidas",
    ]);
    client.setQueryData(ME_KEY, ANA_OF_MADRID);
    // The list is asked for in the same render, after the defaults' effect has run.
    await waitFor(() => expect(asked("/api/rides")).toBe(true));
    expect(`${window.location.pathname}${window.location.search}`).toBe("/app/create");

    create.finish();
    await screen.findByRole("heading", { name: "Crear una salida" });
    expect(`${window.location.pathname}${window.location.search}`).toBe("/app/create");
  });

  it("while she stays, the defaults still go into the address", async () => {
    fetchMock.mockImplementation(async (input) => {
      const { pathname } = new URL(String(input), "http://x");
      if (pathname === "/api/me") {
        return Response.json(ANA_OF_MADRID);
      }
      if (pathname === "/api/rides/cities") return Response.json({ cities: [] });
      return Response.json({ rides: [], page: 0, hasMore: false });
    });
    renderAt("/app/search", pendingScreen().Screen);
    await waitFor(() => expect(window.location.search).toContain("city=Madrid"));
    expect(window.location.pathname).toBe("/app/search");
  });

  it("a chat whose ride is gone sends her to the feed only if she is still on it", async () => {
    let answer!: (res: Response) => void;
    fetchMock.mockImplementation(async () => new Promise<Response>((done) => (answer = done)));
    const create = pendingScreen();
    renderAt("/app/chat/ride-gone-1", create.Screen, signedInClient());
    await waitFor(() => expect(answer).toBeDefined());

    fireEvent.click(screen.getByRole("link", { name: "Crear" }));
    answer(Response.json({ error: { code: "not_found", message: MSG.rideGone } }, { status: 404 }));
    // The chat, still mounted while 'Crear' loads, has its answer: the screen for a failed
    // load is drawn in the same render as the redirect's effect.
    await screen.findByText(MSG.rideInfoLoadFailed);
    expect(window.location.pathname).toBe("/app/create");
    create.finish();
    await screen.findByRole("heading", { name: "Crear una salida" });
    expect(window.location.pathname).toBe("/app/create");
  });

  it("on the chat, the same answer still takes her to the feed", async () => {
    fetchMock.mockResolvedValue(
      Response.json({ error: { code: "not_found", message: MSG.rideGone } }, { status: 404 }),
    );
    renderAt("/app/chat/ride-gone-1", pendingScreen().Screen, signedInClient());
    await screen.findByRole("heading", { name: "Quiero rodar" });
    expect(window.location.pathname).toBe("/app/feed");
  });

  it("editing a ride she does not organize says so and sends her to the feed", async () => {
    // Lucía's ride: Ana may see it, not edit it.
    fetchMock.mockImplementation(async () => Response.json({ ride: rideDetail({ id: "r1" }) }));
    window.history.replaceState(null, "", "/app/create?edit=r1");
    render(
      <QueryClientProvider client={signedInClient()}>
        <BrowserRouter>
          <Routes>
            <Route path="/app/create" element={<CreateRideScreen />} />
            <Route path="/app/feed" element={<h1>Quiero rodar</h1>} />
          </Routes>
          <LazyToaster />
        </BrowserRouter>
      </QueryClientProvider>,
    );
    await screen.findByRole("heading", { name: "Quiero rodar" });
    expect(`${window.location.pathname}${window.location.search}`).toBe("/app/feed");
    expect((await toastShowing(MSG.rideLoadForEditFailed)).type).toBe("error");
  });
});
