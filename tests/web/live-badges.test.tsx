// The badges and the feed's 'En marcha' are refetched on every focus and socket reconnect:
// an answer that changes nothing must not re-render the screen (a full re-render of the feed
// was a 60 ms task on first load, when the notification socket says 'ready').
import type { QueryClient } from "@tanstack/react-query";
import { QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ChatListItem } from "../../domain/api/chat.ts";
import { CHATS_KEY } from "../../web/chat/queries.ts";
import { useUnreadForRide, useUnreadTotal } from "../../web/chat/unread.ts";
import { connectionKeys } from "../../web/connections/queries.ts";
import { useNavBadge } from "../../web/layout/use-nav-badge.ts";
import { useEnMarcha } from "../../web/rides/use-en-marcha.ts";
import { queriesSettled } from "./helpers/queries.ts";
import { signedInClient } from "./helpers/signed-in-client.ts";

function chat(rideId: string, unread: number): ChatListItem {
  return {
    rideId,
    title: `Salida ${rideId}`,
    startTime: Date.now() + 3_600_000,
    unread,
    lastMessage: { text: "¿Quedamos a las 9?", createdAt: new Date().toISOString() },
  } as ChatListItem;
}

/** The API as the hooks see it; `answers.chats` can change between calls. */
function stubApi(answers: { chats: ChatListItem[] }) {
  const calls: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      calls.push(url);
      if (url === "/api/chats") return Response.json({ chats: answers.chats });
      return Response.json({ pending: [] });
    }),
  );
  return calls;
}

const renders = { card: 0, badge: 0, feed: 0 };

function Card({ rideId }: { rideId: string }) {
  renders.card++;
  return <p data-testid={`unread-${rideId}`}>{useUnreadForRide(rideId)}</p>;
}

function Badge() {
  renders.badge++;
  return (
    <p data-testid="badge">
      {useNavBadge()}/{useUnreadTotal()}
    </p>
  );
}

function EnMarcha() {
  renders.feed++;
  const { activeChats, isPending } = useEnMarcha();
  return <p data-testid="en-marcha">{isPending ? "…" : activeChats.length}</p>;
}

/** Two ride cards, the nav badge and 'En marcha', once the chats (2 unread in r1) are in. */
async function renderScreen(): Promise<QueryClient> {
  const client = signedInClient();
  render(
    <QueryClientProvider client={client}>
      <Card rideId="r1" />
      <Card rideId="r2" />
      <Badge />
      <EnMarcha />
    </QueryClientProvider>,
  );
  await screen.findByText("2/2");
  return client;
}

async function refetch(client: QueryClient) {
  await act(async () => {
    await client.invalidateQueries({ queryKey: CHATS_KEY });
    await client.invalidateQueries({ queryKey: connectionKeys.pending });
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  renders.card = renders.badge = renders.feed = 0;
});

describe("live chat badges and 'En marcha'", () => {
  it("do not re-render when a refetch brings the same answer", async () => {
    const answers = { chats: [chat("r1", 2), chat("r2", 0)] };
    const calls = stubApi(answers);
    const client = await renderScreen();
    expect(screen.getByTestId("unread-r1").textContent).toBe("2");
    expect(screen.getByTestId("en-marcha").textContent).toBe("2");
    const before = { ...renders };

    await refetch(client);
    await queriesSettled(client);

    expect(calls.filter((c) => c === "/api/chats").length).toBeGreaterThanOrEqual(2);
    expect(renders).toEqual(before);
  });

  it("re-render only what a changed answer touches", async () => {
    const answers = { chats: [chat("r1", 2), chat("r2", 0)] };
    stubApi(answers);
    const client = await renderScreen();
    const cardsBefore = renders.card;

    // A new message in r2's chat: its card and the badge change; r1's card stays as it was.
    answers.chats = [chat("r1", 2), chat("r2", 1)];
    await refetch(client);

    // (TanStack Query notifies React in a later task: wait for the change to show.)
    await screen.findByText("3/3");
    expect(screen.getByTestId("unread-r2").textContent).toBe("1");
    expect(screen.getByTestId("unread-r1").textContent).toBe("2");
    expect(renders.card).toBe(cardsBefore + 1);
  });
});
