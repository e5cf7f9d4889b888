// The feed's 'Conversaciones en curso' (docs/product.md#feed): the dates of a grupeta share its
// title, so each conversation shows its ride's date, on the ride's clock.
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ChatListItem } from "../../domain/api/chat.ts";
import FeedScreen from "../../web/rides/feed.tsx";
import { stubFetchEachTest } from "./helpers/fetch.ts";
import { signedInClient } from "./helpers/signed-in-client.ts";

const fetchMock = stubFetchEachTest();
afterEach(() => vi.unstubAllEnvs());

const WEEK = 7 * 24 * 3_600_000;
// Friday 5 June 2099, 23:30 UTC: Saturday 6 June, 00:30 on the Canaries' clock.
const FIRST = Date.parse("2099-06-05T23:30:00.000Z");

const date = (rideId: string, startTime: number): ChatListItem => ({
  rideId,
  title: "Grupeta del sábado",
  startTime,
  timeZone: "Atlantic/Canary",
  unread: 0,
  lastMessage: { text: "¡Nos vemos!", createdAt: new Date().toISOString(), kind: "user" },
});

describe("'Conversaciones en curso'", () => {
  it("tells a series' dates apart by their date on the ride's clock", async () => {
    // Her phone in New York: still Friday there.
    vi.stubEnv("TZ", "America/New_York");
    const chats = [date("r1", FIRST), date("r2", FIRST + WEEK)];
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url === "/api/chats") return Response.json({ chats });
      if (url === "/api/connections/pending") return Response.json({ pending: [] });
      return Response.json({ error: { code: "not_found", message: "No" } }, { status: 404 });
    });
    render(
      <QueryClientProvider client={signedInClient()}>
        <MemoryRouter>
          <FeedScreen />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const first = await screen.findByRole("link", { name: /^Grupeta del sábado 06\/06/ });
    expect(first.getAttribute("href")).toBe("/app/chat/r1");
    const second = screen.getByRole("link", { name: /^Grupeta del sábado 13\/06/ });
    expect(second.getAttribute("href")).toBe("/app/chat/r2");
  });
});
