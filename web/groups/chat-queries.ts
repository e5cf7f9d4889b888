// 'Charla del grupo' in the app (docs/product.md#grupos): her unread count for the group page's
// entry, and where the group's chat lives for the live chat (web/chat/use-ride-chat.ts).
import { queryOptions } from "@tanstack/react-query";
import type { ChatAddress } from "../chat/chat-address.ts";
import { chatKeys } from "../chat/queries.ts";
import { groupChatKey } from "../group-core/queries.ts";
import { call, client, pathParams, urlClient } from "../lib/api.ts";

export const groupChatQuery = (slug: string) =>
  queryOptions({
    queryKey: groupChatKey(slug),
    queryFn: () => call(client.groups[":slug"].chat.$get({ param: pathParams({ slug }) })),
  });

export function groupChatAddress(slug: string, groupId: string): ChatAddress {
  const param = pathParams({ slug });
  return {
    roomId: groupId,
    firstPage: (limit) =>
      queryOptions({
        // A ride's key beside the group's id could never be a ride's: rides' ids are not prefixed.
        queryKey: chatKeys.firstPage(`group:${groupId}`),
        queryFn: () =>
          call(
            client.groups[":slug"].chat.messages.$get({ param, query: { limit: String(limit) } }),
          ),
        staleTime: Number.POSITIVE_INFINITY,
        refetchOnWindowFocus: false,
      }),
    socketUrl: () => urlClient().groups[":slug"].chat.socket.$url({ param }),
    readPath: `/api/groups/${slug}/chat/read`,
    markRead: () => call(client.groups[":slug"].chat.read.$post({ param })),
  };
}
