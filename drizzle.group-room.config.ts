import { defineConfig } from "drizzle-kit";

// The group room's own storage (not D1): `npm run db:generate:group-room` writes its migrations and
// the migrations.js bundle the room imports (docs/decisions/0049-durable-object-storage-migrations.md).
export default defineConfig({
  dialect: "sqlite",
  driver: "durable-sqlite",
  schema: "./worker/group-room/storage/schema.ts",
  out: "./worker/group-room/storage/migrations",
});
