// 'Volver' on the ride detail goes back to where she came from in the app (her search with its
// filters, My Rides on the tab she had chosen), and to the feed when the ride was the first page
// she opened. Real browser history (happy-dom) under React Router's BrowserRouter, as in the app.
import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { BrowserRouter, Link, Route, Routes, useLocation } from "react-router-dom";
import { beforeEach, describe, expect, it } from "vitest";
import MyRidesScreen from "../../web/my-rides/my-rides.tsx";
import RideDetailScreen from "../../web/rides/ride-detail.tsx";
import { stubFetchEachTest } from "./helpers/fetch.ts";
import { rideDetail, rideSummary } from "./helpers/rides.ts";
import { signedInClient } from "./helpers/signed-in-client.ts";

const fetchMock = stubFetchEachTest();
const HOUR = 3_600_000;
const pastRide = rideSummary({
  id: "r9",
  title: "Pantanos",
  startTime: Date.now() - 24 * HOUR,
  viewer: {
    joined: true,
    isOrganizer: false,
    rodeWithCount: 0,
    rodeWith: [],
    waitingPosition: null,
    request: null,
  },
});

beforeEach(() => {
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), "http://x");
    if (url.pathname === "/api/my-rides") {
      const tab = url.searchParams.get("tab");
      return Response.json({
        tab,
        rides: tab === "past" ? [pastRide] : [],
        page: 0,
        hasMore: false,
        counts: { upcoming: 0, past: 1, cancelled: 0 },
      });
    }
    if (url.pathname.startsWith("/api/rides/")) {
      return Response.json({ ride: rideDetail({ id: "r9", title: "Pantanos" }) });
    }
    return Response.json({ error: { code: "not_found", message: "No" } }, { status: 404 });
  });
});

/** Where the app is: path and query. */
function Address() {
  const { pathname, search } = useLocation();
  return <output data-testid="address">{`${pathname}${search}`}</output>;
}

function renderAppAt(path: string) {
  // A fresh tab: the app loads on `path`.
  window.history.replaceState(null, "", path);
  render(
    <QueryClientProvider client={signedInClient()}>
      <BrowserRouter>
        <Routes>
          <Route path="/app/feed" element={<h1>Quiero rodar</h1>} />
          <Route
            path="/app/search"
            element={<Link to="/app/ride/r9">Pantanos en la búsqueda</Link>}
          />
          <Route path="/app/my-rides" element={<MyRidesScreen />} />
          <Route path="/app/ride/:id" element={<RideDetailScreen />} />
        </Routes>
        <Address />
      </BrowserRouter>
    </QueryClientProvider>,
  );
}

const address = () => screen.getByTestId("address").textContent;
// By its text: before, 'Volver' was a link to the feed.
const volver = () => screen.findByText("Volver");

describe("Volver on the ride detail", () => {
  it("goes back to her search with its filters", async () => {
    renderAppAt("/app/search?q=pantanos&city=Madrid&levels=chill");
    fireEvent.click(screen.getByRole("link", { name: "Pantanos en la búsqueda" }));
    fireEvent.click(await volver());
    await waitFor(() => expect(address()).toBe("/app/search?q=pantanos&city=Madrid&levels=chill"));
  });

  it("goes back to My Rides on the tab she had chosen", async () => {
    renderAppAt("/app/my-rides");
    // Radix tabs switch on mouse down.
    fireEvent.mouseDown(await screen.findByRole("tab", { name: "Ya rodadas (1)" }));
    fireEvent.click(await screen.findByRole("link", { name: "Pantanos" }));
    await screen.findByRole("heading", { name: "Participantes 1/20" });
    fireEvent.click(await volver());
    await waitFor(() =>
      expect(screen.getByRole("tab", { selected: true }).textContent).toBe("Ya rodadas (1)"),
    );
    expect(address()).toBe("/app/my-rides?tab=past");
  });

  it("goes to the feed when the ride is the first page she opened", async () => {
    renderAppAt("/app/ride/r9");
    fireEvent.click(await volver());
    await screen.findByRole("heading", { name: "Quiero rodar" });
    expect(address()).toBe("/app/feed");
  });
});
