// Her calendar feed (Settings → Calendario): whether she has one, and making or revoking it.
import { queryOptions } from "@tanstack/react-query";
import { call, client } from "../lib/api.ts";

export const calendarKeys = {
  feed: ["calendar-feed"] as const,
};

export const calendarFeedQuery = queryOptions({
  queryKey: calendarKeys.feed,
  queryFn: () => call(client.calendar.feed.$get()),
});

/** A new feed URL, replacing any earlier one (shown once: the server keeps only its hash). */
export const createCalendarFeed = () => call(client.calendar.feed.$post());

export const revokeCalendarFeed = () => call(client.calendar.feed.$delete());
