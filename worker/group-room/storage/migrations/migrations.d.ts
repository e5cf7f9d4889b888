// The type of migrations.js beside it, which drizzle-kit writes.
import type { MigrationBundle } from "../../../db/durable-storage.ts";

declare const bundle: MigrationBundle;
export default bundle;
