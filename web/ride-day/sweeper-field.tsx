// "Escoba" in the organizer's management of her ride: she names one participant (or none), who
// rides last; the API checks she organizes it and the escoba is in it (worker/ride-day/sweeper.ts).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId } from "react";
import type { RideDetail } from "../../domain/api/rides.ts";
import { errorText } from "../../domain/errors.ts";
import { SWEEPER_TEXT } from "../../domain/sweeper-text.ts";
import { call, client, pathParams } from "../lib/api.ts";
import { toast } from "../lib/toast.ts";

const sweeperKey = (rideId: string) => ["rides", "sweeper", rideId] as const;

export function SweeperField({ ride }: { ride: RideDetail }) {
  const id = useId();
  const queryClient = useQueryClient();
  const param = pathParams({ id: ride.id });
  const current = useQuery({
    queryKey: sweeperKey(ride.id),
    queryFn: () => call(client.rides[":id"].sweeper.$get({ param })),
  });
  const save = useMutation({
    mutationFn: (userId: string | null) =>
      call(client.rides[":id"].sweeper.$put({ param, json: { userId } })),
    onSuccess: (data) => {
      queryClient.setQueryData(sweeperKey(ride.id), data);
      toast.success(SWEEPER_TEXT.saved, { id: "sweeper" });
    },
    onError: (error) => toast.error(errorText(error), { id: "sweeper" }),
  });
  const riders = ride.participants.filter(
    (p): p is typeof p & { id: string } => p.id !== null && p.id !== ride.organizer.id,
  );
  if (riders.length === 0) return null;
  return (
    <div className="mt-4 flex flex-col gap-1">
      <label htmlFor={id} className="font-bold">
        {SWEEPER_TEXT.label}
      </label>
      <p id={`${id}-hint`} className="text-sm text-ink-soft">
        {SWEEPER_TEXT.hint}
      </p>
      <select
        id={id}
        aria-describedby={`${id}-hint`}
        className="min-h-11 rounded-xl border border-line bg-surface px-3"
        value={current.data?.sweeperId ?? ""}
        disabled={current.isPending || save.isPending}
        onChange={(event) => save.mutate(event.target.value || null)}
      >
        <option value="">{SWEEPER_TEXT.none}</option>
        {riders.map((p) => (
          <option key={p.id} value={p.id}>
            {p.username}
          </option>
        ))}
      </select>
    </div>
  );
}
