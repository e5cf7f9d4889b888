// Join by approval (docs/product.md#join-by-approval): her request and the organizer's answers.
// Every key is under the rides key, so one invalidation refreshes the card, the detail and My Rides.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call, client, pathParams } from "../lib/api.ts";
import { RIDES_KEY } from "../ride-core/queries.ts";

function useRequestsMutation<T, V>(fn: (vars: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: RIDES_KEY }),
  });
}

const requests = client.rides[":id"].requests;

/** 'Solicitar plaza' with her optional note. */
export const useRequestPlace = () =>
  useRequestsMutation((vars: { rideId: string; note: string }) =>
    call(
      requests.$post({
        param: pathParams({ id: vars.rideId }),
        json: { note: vars.note.trim() || null },
      }),
    ),
  );

export const useWithdrawRequest = () =>
  useRequestsMutation((rideId: string) =>
    call(requests.$delete({ param: pathParams({ id: rideId }) })),
  );

/** 'Aceptar' / 'Rechazar' (the organizer). */
export const useAnswerRequest = () =>
  useRequestsMutation((vars: { rideId: string; requestId: string; accept: boolean }) => {
    const param = pathParams({ id: vars.rideId, requestId: vars.requestId });
    return call(
      vars.accept
        ? requests[":requestId"].accept.$post({ param })
        : requests[":requestId"].decline.$post({ param }),
    );
  });
