import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
// An unexpected console.error (e.g. an unhandled 500 in the worker) fails the test.
import "../setup/fail-on-console-error.ts";
import { setHashCostForTests } from "../../worker/auth/password.ts";
import { TEST_HASH_COST } from "./helpers/hash-cost.ts";

// Storage is isolated per test file by the Workers integration; migrations apply to each.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);

// Cheap password hashing for the suite (tests/worker/password.test.ts keeps production's cost).
setHashCostForTests(TEST_HASH_COST);
