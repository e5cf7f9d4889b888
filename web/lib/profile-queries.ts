// The profiles' queries: another woman's public profile. Every key starts with "users", so
// blocking someone or answering a ride's questions refreshes every profile seen.
import { queryOptions } from "@tanstack/react-query";
import { call, client, pathParams } from "./api.ts";

export const profileKeys = {
  all: ["users"] as const,
  byUsername: (username: string) => ["users", username] as const,
};

/** Her public profile by username: rides, modalities, the organizer's honest levels. */
export function publicProfileQuery(username: string) {
  return queryOptions({
    queryKey: profileKeys.byUsername(username),
    queryFn: () => call(client.users[":username"].$get({ param: pathParams({ username }) })),
  });
}
