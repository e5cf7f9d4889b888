// "Verificada"'s queries (docs/product.md#verificada): her own progress, a ride's post-ride
// vouches, and the moderators' view of a rider's vouches. Keys start with "verification".
import { queryOptions } from "@tanstack/react-query";
import { call, client, pathParams } from "../lib/api.ts";

export const verificationKeys = {
  all: ["verification"] as const,
  mine: ["verification", "mine"] as const,
  ride: (rideId: string) => ["verification", "ride", rideId] as const,
  graph: (userId: string) => ["verification", "graph", userId] as const,
};

/** Her badge, or how many riders vouch for her ('Te respaldan 2 compañeras de 3'). */
export const myVerificationQuery = queryOptions({
  queryKey: verificationKeys.mine,
  queryFn: () => call(client.verification.$get()),
});

/** Whom she may vouch for on this ride, and whether she already does. */
export function rideVouchesQuery(rideId: string) {
  return queryOptions({
    queryKey: verificationKeys.ride(rideId),
    queryFn: () => call(client.rides[":id"].vouches.$get({ param: pathParams({ id: rideId }) })),
  });
}

export function giveVouch(rideId: string, userId: string) {
  return call(
    client.rides[":id"].vouches.$post({ param: pathParams({ id: rideId }), json: { userId } }),
  );
}

export function withdrawVouch(userId: string) {
  return call(client.vouches[":userId"].$delete({ param: pathParams({ userId }) }));
}
