// The ride room's own SQLite tables (its Durable Object storage, not D1). Each part of the room
// declares its tables beside its code; this file gathers them, so drizzle-kit reads one schema
// and writes one migration history per kind of object. Changes to a part's tables become a
// migration under migrations/ beside this file (`npm run db:generate:ride-room`), which every
// room applies when it starts (docs/decisions/0049-durable-object-storage-migrations.md,
// docs/decisions/0052-the-ride-room-made-of-parts.md).

/** The chat: its pace. */
export { chatPace } from "../../chat/room/storage.ts";
/** The ride day: the live map, 'Me he quedado atrás', check-ins, arrivals and the safety timer. */
export {
  liveNotices,
  livePace,
  livePositions,
  rideDay,
  rideDayPace,
} from "../../ride-day/room/storage.ts";
