// The safety screens' queries: whom she blocked (Ajustes) and the moderators' queue, suspended
// accounts, audit and a report's context. Every moderation key starts with "moderation", so one
// invalidation after an action refreshes all of it.
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { call, client, pathParams } from "../lib/api.ts";

export const safetyKeys = {
  blocks: ["blocks"] as const,
  moderation: ["moderation"] as const,
  reports: ["moderation", "reports"] as const,
  suspended: ["moderation", "suspended"] as const,
  actions: ["moderation", "actions"] as const,
  reportContext: (reportId: string) => ["moderation", "context", reportId] as const,
  vouches: (userId: string) => ["moderation", "vouches", userId] as const,
};

export const blockedUsersQuery = queryOptions({
  queryKey: safetyKeys.blocks,
  queryFn: () => call(client.blocks.$get()),
});

/**
 * Pages of 50, oldest first, each after the last one shown: a burst of new reports never hides
 * the older ones, and 'Ver más' reaches every report.
 */
export const reportsQuery = infiniteQueryOptions({
  queryKey: safetyKeys.reports,
  queryFn: ({ pageParam }) =>
    call(client.moderation.reports.$get({ query: pageParam === null ? {} : { after: pageParam } })),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.nextCursor ?? undefined,
});

export const suspendedAccountsQuery = queryOptions({
  queryKey: safetyKeys.suspended,
  queryFn: () => call(client.moderation.suspended.$get()),
});

export const moderationActionsQuery = queryOptions({
  queryKey: safetyKeys.actions,
  queryFn: () => call(client.moderation.actions.$get()),
});

/** The messages around a reported one. */
export function reportContextQuery(reportId: string) {
  return queryOptions({
    queryKey: safetyKeys.reportContext(reportId),
    queryFn: () =>
      call(client.moderation.reports[":id"].context.$get({ param: pathParams({ id: reportId }) })),
  });
}

/** A rider's badge and her vouches one step out, both ways (docs/product.md#verificada). */
export function vouchGraphQuery(userId: string) {
  return queryOptions({
    queryKey: safetyKeys.vouches(userId),
    queryFn: () =>
      call(client.moderation.users[":userId"].vouches.$get({ param: pathParams({ userId }) })),
  });
}
