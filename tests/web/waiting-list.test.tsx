// A full ride's waiting list in the app (docs/product.md#ride-waiting-list): the organizer's list
// on her ride's page, and the toasts the notification channel raises when a place is hers or the
// ride she waited for is cancelled.
import { QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { NotificationsProvider } from "../../web/chat/notifications.tsx";
import { LazyToaster } from "../../web/lib/lazy-toaster.tsx";
import RideDetailScreen from "../../web/rides/ride-detail.tsx";
import { FakeWebSocket } from "./helpers/fake-websocket.ts";
import { rideDetail } from "./helpers/rides.ts";
import { signedInClient } from "./helpers/signed-in-client.ts";

afterEach(() => vi.unstubAllGlobals());

describe("the organizer's waiting list", () => {
  function renderDetail(isOrganizer: boolean) {
    const ride = rideDetail({
      participantCount: 2,
      maxParticipants: 2,
      capacity: 2,
      waitingCount: 2,
      waitingList: isOrganizer
        ? [
            { id: "u1", username: "Bea", avatarKey: "ava02", avatarUrl: null, verified: false },
            { id: "u2", username: "Cris", avatarKey: "ava03", avatarUrl: null, verified: false },
          ]
        : null,
      viewer: {
        joined: true,
        isOrganizer,
        rodeWithCount: 0,
        rodeWith: [],
        waitingPosition: null,
        request: null,
      },
    });
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) =>
        url.endsWith("/connections")
          ? Response.json({
              open: false,
              alreadySaved: false,
              companions: [],
              levelQuestions: { open: false, answered: false },
            })
          : Response.json({ ride }),
      ),
    );
    render(
      <QueryClientProvider client={signedInClient()}>
        <MemoryRouter initialEntries={["/app/ride/r1"]}>
          <Routes>
            <Route path="/app/ride/:id" element={<RideDetailScreen />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
  }

  it("lists who waits, in order, on her ride's page", async () => {
    renderDetail(true);
    const heading = await screen.findByRole("heading", { name: "Lista de espera (2)" });
    const list = heading.closest("section")!.querySelector("ol")!;
    expect([...list.querySelectorAll("li")].map((li) => li.textContent)).toEqual([
      "1.Bea",
      "2.Cris",
    ]);
  });

  it("shows the others only its length", async () => {
    renderDetail(false);
    await screen.findByText(/Lista de espera \(2\)/);
    expect(screen.queryByRole("heading", { name: "Lista de espera (2)" })).toBeNull();
    expect(screen.queryByText("Bea")).toBeNull();
  });
});

describe("the waiting list's news on the notification channel", () => {
  beforeEach(() => {
    FakeWebSocket.last = undefined;
    vi.stubGlobal("WebSocket", FakeWebSocket);
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ chats: [], pending: [] })),
    );
  });

  async function connected() {
    render(
      <QueryClientProvider client={signedInClient()}>
        <MemoryRouter>
          <NotificationsProvider />
          <LazyToaster />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await vi.waitFor(() =>
      expect(FakeWebSocket.last?.url).toMatch(/^ws:\/\/[^/]+\/api\/notifications\/socket$/),
    );
    const socket = FakeWebSocket.last!;
    act(() => socket.open());
    return socket;
  }

  it("'¡Tienes plaza!' when a place is hers; the chat's notice of it raises no second toast", async () => {
    const socket = await connected();
    act(() =>
      socket.receive({
        type: "waiting-list",
        event: "promoted",
        rideId: "r1",
        rideTitle: "Vuelta al pantano",
      }),
    );
    const toast = (await screen.findByText("¡Tienes plaza!")).closest("[data-sonner-toast]");
    expect(toast?.getAttribute("data-type")).toBe("success");
    expect(toast?.querySelector("[data-description]")?.textContent).toBe(
      'Has entrado en "Vuelta al pantano" desde la lista de espera.',
    );
    expect(toast?.querySelector("button[data-action]")?.textContent).toBe("Ver salida");
    act(() =>
      socket.receive({
        type: "unread",
        rideId: "r1",
        rideTitle: "Vuelta al pantano",
        count: 1,
        lastMessage: {
          text: "Bea entra desde la lista de espera",
          createdAt: new Date().toISOString(),
          kind: "system",
        },
      }),
    );
    // Then another ride's message, which does raise the toast: once it shows, the notice's
    // toast (raised first, if at all) would show too.
    act(() =>
      socket.receive({
        type: "unread",
        rideId: "r2",
        rideTitle: "Subida a Navacerrada",
        count: 1,
        lastMessage: {
          text: "¿Quién trae bomba?",
          createdAt: new Date().toISOString(),
          kind: "user",
        },
      }),
    );
    await screen.findByText(/Subida a Navacerrada/);
    expect(screen.getAllByText("Conversación en curso")).toHaveLength(1);
    expect(screen.queryByText("¡Tienes plaza!")).not.toBeNull();
  });

  it("tells those who waited when the ride is cancelled", async () => {
    const socket = await connected();
    act(() =>
      socket.receive({
        type: "waiting-list",
        event: "closed",
        rideId: "r2",
        rideTitle: "Subida al puerto",
      }),
    );
    // Whoever cancelled it (the organizer, or a suspension): it names nobody.
    const text = await screen.findByText(
      '"Subida al puerto" se ha cancelado y su lista de espera se ha cerrado.',
    );
    const toast = text.closest("[data-sonner-toast]");
    expect(toast?.getAttribute("data-type")).toBe("info");
    expect(toast?.querySelector("[data-title]")?.textContent).toBe("Salida cancelada");
  });
});
