// 'Charla del grupo' (docs/product.md#grupos): the group page's entry with her unread count, and
// the chat screen on the group's room: its loading, failure, members-only and empty states, the
// first page, a live message, and a send over the group's socket.
import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { GroupChatInfoResponse } from "../../domain/api/groups-chat.ts";
import type { ChatMessage } from "../../domain/chat-protocol.ts";
import { CHAT_TEXT } from "../../domain/texts/chat.ts";
import { GROUP_CHAT_TEXT as TEXT } from "../../domain/texts/groups-chat.ts";
import GroupChatScreen from "../../web/groups/group-chat.tsx";
import GroupScreen from "../../web/groups/group-page.tsx";
import { FakeWebSocket } from "./helpers/fake-websocket.ts";
import { groupDetail } from "./helpers/groups.ts";
import { signedInClient } from "./helpers/signed-in-client.ts";

const SLUG = "las-madrugadoras";
const info: GroupChatInfoResponse = { groupId: "g1", name: "Las Madrugadoras", unread: 3 };

const hello: ChatMessage = {
  id: "m1",
  rideId: "g1",
  userId: "u2",
  kind: "user",
  text: "¿Rodamos el sábado?",
  createdAt: new Date().toISOString(),
  author: { username: "Bea", avatarKey: "ava04" },
};

/** What the API answers: the chat's info (or a status), the first page, the group. */
const api: {
  info: GroupChatInfoResponse | number;
  messages: ChatMessage[];
  myRole: "member" | null;
} = { info, messages: [], myRole: "member" };
const requested: string[] = [];

beforeEach(() => {
  api.info = info;
  api.messages = [];
  api.myRole = "member";
  requested.length = 0;
  FakeWebSocket.last = undefined;
  vi.stubGlobal("WebSocket", FakeWebSocket);
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string | Request) => {
      const url = typeof input === "string" ? input : input.url;
      const path = new URL(url, "http://x").pathname;
      requested.push(path);
      if (path === `/api/groups/${SLUG}/chat`) {
        return typeof api.info === "number"
          ? Response.json({ error: { code: "x", message: "x" } }, { status: api.info })
          : Response.json(api.info);
      }
      if (path === `/api/groups/${SLUG}/chat/messages`) {
        return Response.json({ messages: api.messages, hasMore: false });
      }
      if (path === `/api/groups/${SLUG}`) {
        return Response.json({ group: groupDetail({ myRole: api.myRole }) });
      }
      if (path === `/api/groups/${SLUG}/rides`) return Response.json({ rides: [] });
      return Response.json({ lastSeenAt: new Date().toISOString() });
    }),
  );
});

afterEach(() => {
  cleanup(); // before the stubs go: leaving the chat posts its read state
  vi.unstubAllGlobals();
});

function renderAt(path: string) {
  render(
    <QueryClientProvider client={signedInClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/app/grupo/:slug" element={<GroupScreen />} />
          <Route path="/app/grupo/:slug/charla" element={<GroupChatScreen />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("the group page's entry", () => {
  it("shows members 'Charla del grupo' with her unread count, and opens the chat", async () => {
    renderAt(`/app/grupo/${SLUG}`);
    const entry = await screen.findByRole("link", { name: /Charla del grupo/ });
    await waitFor(() => expect(entry.textContent).toBe(`${TEXT.title}${TEXT.unread(3)}`));
    await userEvent.click(entry);
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe(TEXT.title);
  });

  it("is not there for someone outside the group", async () => {
    api.myRole = null;
    renderAt(`/app/grupo/${SLUG}`);
    await screen.findByRole("heading", { level: 1, name: "Las Madrugadoras" });
    expect(screen.queryByRole("link", { name: /Charla del grupo/ })).toBeNull();
    expect(requested).not.toContain(`/api/groups/${SLUG}/chat`);
  });
});

describe("the group's chat screen", () => {
  it("shows the first page, a live message, and sends over the group's socket", async () => {
    api.messages = [hello];
    renderAt(`/app/grupo/${SLUG}/charla`);
    expect((await screen.findByText(hello.text)).textContent).toBe(hello.text);
    expect(screen.getByText("Las Madrugadoras").textContent).toBe("Las Madrugadoras");
    const socket = FakeWebSocket.last!;
    expect(new URL(socket.url).pathname).toBe(`/api/groups/${SLUG}/chat/socket`);
    act(() => {
      socket.open();
      socket.receive({
        type: "message",
        message: { ...hello, id: "m2", text: "Llevad luces" },
      });
    });
    expect((await screen.findByText("Llevad luces")).textContent).toBe("Llevad luces");
    await userEvent.type(screen.getByLabelText(CHAT_TEXT.inputLabel), "¡Allí estaré!");
    await userEvent.click(screen.getByRole("button", { name: CHAT_TEXT.send }));
    await waitFor(() =>
      expect(socket.sent).toContainEqual(
        expect.objectContaining({ type: "send", text: "¡Allí estaré!" }),
      ),
    );
  });

  it("says when the chat is empty", async () => {
    renderAt(`/app/grupo/${SLUG}/charla`);
    expect((await screen.findByText(TEXT.empty)).textContent).toBe(TEXT.empty);
  });

  it("tells a non-member the chat is for members, with no socket opened", async () => {
    api.info = 403;
    renderAt(`/app/grupo/${SLUG}/charla`);
    expect((await screen.findByText(TEXT.membersOnly)).textContent).toBe(TEXT.membersOnly);
    expect(FakeWebSocket.last).toBeUndefined();
  });

  it("offers 'Reintentar' when the chat cannot load", async () => {
    api.info = 500;
    renderAt(`/app/grupo/${SLUG}/charla`);
    expect((await screen.findByText(TEXT.loadFailed)).textContent).toBe(TEXT.loadFailed);
    api.info = info;
    await userEvent.click(screen.getByRole("button", { name: /Reintentar/ }));
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe(TEXT.title);
  });
});
