import { useQuery } from "@tanstack/react-query";
import { useMe } from "../session/use-me.ts";
import { pendingConnectionsQuery } from "./queries.ts";

/** Rows in the feed's 'He rodado con ella' (docs/product.md#connections). */
export const PENDING_CONNECTIONS_MAX = 3;

/**
 * Rides where she should still record whom she rode with (docs/product.md#connections). Reads only
 * the data and `isPending`, so a refetch with the same answer re-renders nothing (see useChats).
 */
export function usePendingConnections() {
  const me = useMe();
  const { data, isPending } = useQuery({
    ...pendingConnectionsQuery,
    enabled: Boolean(me.data?.user?.profileComplete),
  });
  const pending = data?.pending ?? [];
  return { pending, shown: pending.slice(0, PENDING_CONNECTIONS_MAX), isPending };
}
