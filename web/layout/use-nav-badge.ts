/**
 * Inicio's badge: unread chat messages plus rides with a pending connection (spec 02 §2).
 * The chat issue wires the real counts; 0 hides the badge.
 */
export function useNavBadge(): number {
  return 0;
}
