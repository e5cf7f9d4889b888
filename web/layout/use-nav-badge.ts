import { useUnreadTotal } from "../chat/unread.ts";
import { usePendingConnections } from "../connections/pending.ts";

/**
 * Inicio's badge: unread chat messages plus rides with a pending connection
 * (docs/product.md#bottom-navigation). Kept live by the NotificationsProvider (one socket per tab)
 * and refetched on focus.
 */
export function useNavBadge(): number {
  const unread = useUnreadTotal();
  const { pending } = usePendingConnections();
  return unread + pending.length;
}
