// The first screen's data starts loading with /api/me, while the screen's code is still on its
// way, instead of one round trip after it (the guards, the layout and the screen would each
// ask only once they have rendered).
import type { QueryClient } from "@tanstack/react-query";
import { myInviteQuery } from "./auth/referral.ts";
import { chatsQuery } from "./chat/queries.ts";
import { pendingConnectionsQuery } from "./connections/queries.ts";
import { myGroupsQuery } from "./group-core/queries.ts";
import { myRidesQuery } from "./ride-core/queries.ts";
import { meQuery } from "./session/use-me.ts";

/** What a screen shows first, for the screens people open the app on (the manifest's start_url is the feed). */
const SCREEN_DATA: Record<string, (queryClient: QueryClient) => Promise<void>[]> = {
  "/app/feed": (queryClient) => [
    queryClient.prefetchInfiniteQuery(myRidesQuery("upcoming")),
    queryClient.prefetchQuery(myInviteQuery),
    // 'Tus grupos'.
    queryClient.prefetchQuery(myGroupsQuery()),
  ],
  "/app/my-rides": (queryClient) => [queryClient.prefetchInfiniteQuery(myRidesQuery("upcoming"))],
};

/**
 * Starts the first screen's requests and resolves once every one has answered or failed (it
 * never rejects: the screen's own query shows an error, and retries).
 */
export function prefetchStartupData(queryClient: QueryClient, pathname: string): Promise<void> {
  return queryClient.fetchQuery(meQuery).then(
    async (me) => {
      // Signed out or without a profile, the guards send her elsewhere: nothing else to load.
      if (!me.user?.profileComplete) return;
      await Promise.all([
        // Every screen's layout shows the chat badges and 'He rodado con ella' prompts.
        queryClient.prefetchQuery(chatsQuery),
        queryClient.prefetchQuery(pendingConnectionsQuery),
        ...(SCREEN_DATA[pathname.replace(/\/+$/, "")]?.(queryClient) ?? []),
      ]);
    },
    () => {},
  );
}
