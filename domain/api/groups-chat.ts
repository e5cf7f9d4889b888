// Response shapes of 'Charla del grupo' (worker/groups/chat-routes.ts, docs/product.md#grupos).
// Its messages and read state answer as a ride chat's (ChatMessagesResponse, ReadStateResponse).

/** GET /api/groups/:slug/chat, for members: the group's chat as her entry shows it. */
export interface GroupChatInfoResponse {
  /** The group's id: the chat's messages carry it as their room (`rideId`). */
  groupId: string;
  name: string;
  /** Messages since she last read it (or joined), not hers nor by a rider blocked either way. */
  unread: number;
}
