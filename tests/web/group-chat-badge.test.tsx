// A group's chat on Inicio's badge (docs/product.md#unread-messages): a new message in one of her
// groups' chats, announced on her live channel, raises the badge and the group page's count, with
// no 'Conversación en curso' toast; reading the chat lowers the badge.
import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { GroupChatListItem } from "../../domain/api/chat.ts";
import { NAV_TEXT } from "../../domain/texts/app.ts";
import { GROUP_CHAT_TEXT as TEXT } from "../../domain/texts/groups-chat.ts";
import { NotificationsProvider } from "../../web/chat/notifications.tsx";
import GroupChatScreen from "../../web/groups/group-chat.tsx";
import { GroupChatEntry } from "../../web/groups/group-chat-entry.tsx";
import { BottomNav } from "../../web/layout/bottom-nav.tsx";
import { LazyToaster } from "../../web/lib/lazy-toaster.tsx";
import { FakeWebSocket } from "./helpers/fake-websocket.ts";
import { signedInClient } from "./helpers/signed-in-client.ts";

const SLUG = "las-madrugadoras";
const waiting = (unread: number): GroupChatListItem => ({
  groupId: "g1",
  slug: SLUG,
  name: "Las Madrugadoras",
  unread,
});

/** What the API answers now: her groups' chats with unread messages. */
const api: { groupChats: GroupChatListItem[] } = { groupChats: [] };
const sockets: FakeWebSocket[] = [];

class TrackedWebSocket extends FakeWebSocket {
  constructor(url: string) {
    super(url);
    sockets.push(this);
  }
}

beforeEach(() => {
  api.groupChats = [];
  sockets.length = 0;
  vi.stubGlobal("WebSocket", TrackedWebSocket);
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string | Request, init?: RequestInit) => {
      const request =
        input instanceof Request ? input : new Request(new URL(input, "http://x"), init);
      const path = new URL(request.url).pathname;
      if (path === "/api/chats") return Response.json({ chats: [], groupChats: api.groupChats });
      if (path === `/api/groups/${SLUG}/chat`) {
        const unread = api.groupChats.find((g) => g.slug === SLUG)?.unread ?? 0;
        return Response.json({ groupId: "g1", name: "Las Madrugadoras", unread });
      }
      if (path === `/api/groups/${SLUG}/chat/messages`) {
        return Response.json({ messages: [], hasMore: false });
      }
      if (path === `/api/groups/${SLUG}/chat/read`) {
        api.groupChats = [];
        return Response.json({ lastSeenAt: new Date().toISOString() });
      }
      return Response.json({ pending: [] });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const badge = () => screen.queryByTestId("nav-badge")?.textContent ?? null;

function renderApp(path: string) {
  render(
    <QueryClientProvider client={signedInClient()}>
      <MemoryRouter initialEntries={[path]}>
        <NotificationsProvider>
          <Routes>
            <Route path="/app/feed" element={<GroupChatEntry slug={SLUG} />} />
            <Route path="/app/grupo/:slug/charla" element={<GroupChatScreen />} />
          </Routes>
          <BottomNav username="ana" avatarKey="ava01" avatarUrl={null} />
        </NotificationsProvider>
        <LazyToaster />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** Her live channel (the notification socket), once open. */
async function liveChannel() {
  await waitFor(() =>
    expect(sockets.map((s) => new URL(s.url).pathname)).toContain("/api/notifications/socket"),
  );
  const socket = sockets.find((s) => s.url.endsWith("/api/notifications/socket"))!;
  act(() => socket.open());
  return socket;
}

describe("a group's chat on Inicio's badge", () => {
  it("a new message raises the badge and the group page's count; no toast", async () => {
    renderApp("/app/feed");
    const entry = await screen.findByRole("link", { name: /Charla del grupo/ });
    const channel = await liveChannel();
    await waitFor(() => expect(entry.textContent).toBe(TEXT.title));
    expect(badge()).toBeNull();

    api.groupChats = [waiting(2)];
    act(() => channel.receive({ type: "group-unread", groupId: "g1", slug: SLUG, count: 2 }));
    await waitFor(() => expect(badge()).toBe(`2 ${NAV_TEXT.news(2)}`));
    await waitFor(() => expect(entry.textContent).toBe(`${TEXT.title}${TEXT.unread(2)}`));
    // Then a ride's message, which does raise the toast: once it shows, a toast of the group's
    // frame (raised first, if at all) would show too.
    act(() =>
      channel.receive({
        type: "unread",
        rideId: "r2",
        rideTitle: "Subida a Navacerrada",
        count: 1,
        lastMessage: { text: "¿Quién trae bomba?", createdAt: new Date().toISOString() },
      }),
    );
    await screen.findByText(/Subida a Navacerrada/, undefined, { timeout: 3000 });
    expect(screen.getAllByText("Conversación en curso")).toHaveLength(1);
  });

  it("reading the group's chat lowers the badge", async () => {
    api.groupChats = [waiting(3)];
    renderApp(`/app/grupo/${SLUG}/charla`);
    await waitFor(() => expect(badge()).toBe(`3 ${NAV_TEXT.news(3)}`));
    await liveChannel();
    const chat = await waitFor(() => {
      const found = sockets.find((s) => s.url.endsWith(`/api/groups/${SLUG}/chat/socket`));
      if (!found) throw new Error("the chat's socket is not open yet");
      return found;
    });
    act(() => chat.open());
    // The screen marks it read as she looks at it; the room answers with her read state.
    await waitFor(() => expect(chat.sent).toContainEqual({ type: "read" }));
    api.groupChats = [];
    act(() => chat.receive({ type: "read-state", lastSeenAt: new Date().toISOString() }));
    await waitFor(() => expect(badge()).toBeNull());
  });
});
