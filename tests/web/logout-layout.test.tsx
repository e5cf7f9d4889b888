// Perfil → Cerrar sesión: the login screen that follows has no bottom navigation, and the
// app-wide live channel closes. The layout stays mounted across the navigation, so it must hear
// the signed-out state through the same `me` query it has been watching all along.
import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen } from "@testing-library/react";
import { Link, MemoryRouter, Route, Routes } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import Login from "../../web/auth/login.tsx";
import Logout from "../../web/auth/logout.tsx";
import { AppLayout } from "../../web/layout/app-layout.tsx";
import { stubFetchEachTest } from "./helpers/fetch.ts";
import { queriesSettled } from "./helpers/queries.ts";
import { signedInClient } from "./helpers/signed-in-client.ts";

/** The notification socket: records whether it is still open. */
class FakeWebSocket extends EventTarget {
  static readonly OPEN = 1;
  static open = new Set<FakeWebSocket>();
  readyState = 0;
  constructor(readonly url: string) {
    super();
    FakeWebSocket.open.add(this);
  }
  send() {}
  close() {
    this.readyState = 3;
    FakeWebSocket.open.delete(this);
  }
}

const fetchMock = stubFetchEachTest();

beforeEach(() => {
  FakeWebSocket.open.clear();
  vi.stubGlobal("WebSocket", FakeWebSocket);
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url === "/api/chats") return Response.json({ chats: [] });
    if (url === "/api/connections/pending") {
      return Response.json({ pending: [{ rideId: "r1", title: "Pantanos", startTime: 0 }] });
    }
    if (url === "/api/auth/logout") return Response.json({ ok: true });
    return Response.json({ error: { code: "not_found", message: "No" } }, { status: 404 });
  });
});
afterEach(() => vi.unstubAllGlobals());

describe("logging out from her profile", () => {
  it("leaves her on the login screen without the bottom navigation or the live channel", async () => {
    const client = signedInClient();
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={["/app/profile/Ana"]}>
          <Routes>
            <Route path="/app" element={<AppLayout />}>
              <Route
                path="profile/:username"
                element={<Link to="/app/logout">Cerrar sesión</Link>}
              />
              <Route path="logout" element={<Logout />} />
              <Route path="login" element={<Login />} />
            </Route>
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const nav = await screen.findByRole("navigation", { name: "Navegación principal" });
    // Her unread count is on it.
    await vi.waitFor(() => expect(nav.textContent).toContain("1"));
    await vi.waitFor(() => expect(FakeWebSocket.open.size).toBe(1));

    const callsBefore = fetchMock.mock.calls.length;
    fireEvent.click(screen.getByRole("link", { name: "Cerrar sesión" }));

    await screen.findByRole("button", { name: "Iniciar sesión" });
    expect(screen.queryByRole("navigation", { name: "Navegación principal" })).toBeNull();
    expect(FakeWebSocket.open.size).toBe(0);
    // Nothing of hers is asked for again once she is out.
    await queriesSettled(client);
    expect(fetchMock.mock.calls.slice(callsBefore).map(([url]) => String(url))).toEqual([
      "/api/auth/logout",
    ]);
  });
});
