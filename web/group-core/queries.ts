// The group lists other screens show (docs/product.md#grupos): 'Grupos' in the search and 'Tus
// grupos' in the feed. Their keys start with "groups", as the group's page's do, so a join or a
// leave there refreshes them too.
import { queryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { call, client } from "../lib/api.ts";

export const GROUP_LISTS_KEY = ["groups", "lists"] as const;

/** Her unread count in a group's chat (the group page's entry), which her live channel refreshes. */
export const groupChatKey = (slug: string) => ["groups", "chat", slug] as const;

/** The search's filters, as GET /api/groups takes them (an empty one is left out). */
export interface GroupSearchQuery {
  q: string;
  city: string;
  m: string;
  level: string;
}

export function useGroupSearch(query: GroupSearchQuery) {
  const filled = Object.fromEntries(Object.entries(query).filter(([, value]) => value !== ""));
  return useInfiniteQuery({
    queryKey: [...GROUP_LISTS_KEY, "search", filled],
    queryFn: ({ pageParam }) =>
      call(client.groups.$get({ query: { ...filled, page: String(pageParam) } })),
    initialPageParam: 0,
    getNextPageParam: (last) => last.nextPage ?? undefined,
  });
}

/** 'Tus grupos': hers, each with its next ride. */
export const myGroupsQuery = () =>
  queryOptions({
    queryKey: [...GROUP_LISTS_KEY, "mine"],
    queryFn: () => call(client.groups.mine.$get()),
  });
