import { defineConfig } from "drizzle-kit";

// The user hub's own storage (not D1): `npm run db:generate:user-hub` writes its migrations and
// the migrations.js bundle the hub imports (docs/decisions/0049-durable-object-storage-migrations.md).
export default defineConfig({
  dialect: "sqlite",
  driver: "durable-sqlite",
  schema: "./worker/user-hub/storage/schema.ts",
  out: "./worker/user-hub/storage/migrations",
});
