// The group room's own SQLite tables (its Durable Object storage, not D1): the chat's pace, the
// only part it has. `npm run db:generate:group-room` writes their migrations beside this file,
// which every group's room applies when it starts
// (docs/decisions/0049-durable-object-storage-migrations.md, docs/decisions/0058-the-group-chat.md).

/** The chat: its pace. */
export { chatPace } from "../../chat/room/storage.ts";
