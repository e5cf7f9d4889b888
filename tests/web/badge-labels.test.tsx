// What a screen reader hears on the unread badges: '1 novedad', '1 mensaje sin leer' for one,
// the plural for more.
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ChatListItem } from "../../domain/api/chat.ts";
import { AppLayout } from "../../web/layout/app-layout.tsx";
import FeedScreen from "../../web/rides/feed.tsx";
import { RideCardChatButton } from "../../web/rides/ride-card-parts.tsx";
import { stubFetchEachTest } from "./helpers/fetch.ts";
import { signedInClient } from "./helpers/signed-in-client.ts";

/** The notification socket the layout opens; it never connects here. */
class IdleWebSocket extends EventTarget {
  static readonly OPEN = 1;
  readyState = 0;
  send() {}
  close() {}
}

const fetchMock = stubFetchEachTest();
let pending: { rideId: string; title: string; startTime: number }[] = [];
let chats: ChatListItem[] = [];

const chat = (rideId: string, unread: number): ChatListItem => ({
  rideId,
  title: `Salida ${rideId}`,
  startTime: Date.now(),
  timeZone: "Europe/Madrid",
  unread,
  lastMessage: { text: "¿Quedamos a las 9?", createdAt: new Date().toISOString(), kind: "user" },
});

beforeEach(() => {
  vi.stubGlobal("WebSocket", IdleWebSocket);
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url === "/api/chats") return Response.json({ chats });
    if (url === "/api/connections/pending") return Response.json({ pending });
    if (url.startsWith("/api/rides/mine")) return Response.json({ rides: [], nextCursor: null });
    return Response.json({ error: { code: "not_found", message: "No" } }, { status: 404 });
  });
});
afterEach(() => {
  pending = [];
  chats = [];
});

function renderAt(path: string, element: React.ReactNode) {
  render(
    <QueryClientProvider client={signedInClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/app" element={<AppLayout />}>
            <Route path="x" element={element} />
          </Route>
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("badges say one in the singular", () => {
  it("Inicio's badge: '1 novedad'", async () => {
    pending = [{ rideId: "r1", title: "Pantanos", startTime: 0 }];
    renderAt("/app/x", <p>Pantalla</p>);
    const inicio = await screen.findByRole("link", { name: "1 novedad Inicio" });
    expect(inicio.getAttribute("href")).toBe("/app/feed");
  });

  it("Inicio's badge in the plural for more", async () => {
    pending = [
      { rideId: "r1", title: "Pantanos", startTime: 0 },
      { rideId: "r2", title: "Dehesa", startTime: 0 },
    ];
    renderAt("/app/x", <p>Pantalla</p>);
    const inicio = await screen.findByRole("link", { name: "2 novedades Inicio" });
    expect(inicio.getAttribute("href")).toBe("/app/feed");
  });

  it("the card's 'Chat': '1 mensaje sin leer', '3 mensajes sin leer'", () => {
    render(
      <MemoryRouter>
        <RideCardChatButton rideId="r1" actions={{ chatDisabled: false }} unread={1} />
        <RideCardChatButton rideId="r2" actions={{ chatDisabled: false }} unread={3} />
      </MemoryRouter>,
    );
    const one = screen.getByRole("link", { name: "Chat 1 mensaje sin leer" });
    expect(one.getAttribute("href")).toBe("/app/chat/r1");
    const three = screen.getByRole("link", { name: "Chat 3 mensajes sin leer" });
    expect(three.getAttribute("href")).toBe("/app/chat/r2");
  });

  it("the feed's 'Conversaciones en curso' says what its count is", async () => {
    chats = [chat("a", 1), chat("b", 4)];
    renderAt("/app/x", <FeedScreen />);
    const one = await screen.findByRole("link", {
      name: /^Salida a \d\d\/\d\d 1 mensaje sin leer/,
    });
    expect(one.getAttribute("href")).toBe("/app/chat/a");
    const four = screen.getByRole("link", { name: /^Salida b \d\d\/\d\d 4 mensajes sin leer/ });
    expect(four.getAttribute("href")).toBe("/app/chat/b");
  });
});
