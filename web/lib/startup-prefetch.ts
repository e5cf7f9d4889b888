// The first screen's data starts loading with /api/me, while the screen's code is still on its
// way, instead of one round trip after it (the guards, the layout and the screen would each
// ask only once they have rendered).
import type { QueryClient } from "@tanstack/react-query";
import { myInviteQuery } from "../auth/referral.ts";
import { meQuery } from "../auth/use-me.ts";
import { chatsQuery } from "../chat/unread.ts";
import { pendingConnectionsQuery } from "../connections/pending.ts";
import { myRidesQuery } from "../rides/queries.ts";

/** What a screen shows first, for the screens people open the app on (the manifest's start_url is the feed). */
const SCREEN_DATA: Record<string, (queryClient: QueryClient) => void> = {
  "/app/feed": (queryClient) => {
    void queryClient.prefetchInfiniteQuery(myRidesQuery("upcoming"));
    void queryClient.prefetchQuery(myInviteQuery);
  },
  "/app/my-rides": (queryClient) => {
    void queryClient.prefetchInfiniteQuery(myRidesQuery("upcoming"));
  },
};

export function prefetchStartupData(queryClient: QueryClient, pathname: string) {
  queryClient.fetchQuery(meQuery).then(
    (me) => {
      // Signed out or without a profile, the guards send her elsewhere: nothing else to load.
      if (!me.user?.profileComplete) return;
      // Every screen's layout shows the chat badges and 'He rodado con ella' prompts.
      void queryClient.prefetchQuery(chatsQuery);
      void queryClient.prefetchQuery(pendingConnectionsQuery);
      SCREEN_DATA[pathname.replace(/\/+$/, "")]?.(queryClient);
    },
    // The screen's own query shows the error (and retries); nothing to do here.
    () => {},
  );
}
