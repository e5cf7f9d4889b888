import { withConstantLimits } from "../../../worker/db/statements.ts";

/**
 * The text and values a statement of a StatementCache runs with: drizzle's, with its LIMITs
 * written in (worker/db/statements.ts). Plans and rows read are measured on what D1 is sent.
 */
export function runnable(query: { toSQL(): { sql: string; params: unknown[] } }) {
  const { sql, params } = query.toSQL();
  return withConstantLimits(sql, params);
}
