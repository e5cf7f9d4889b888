// Helpers for drizzle's `sql` template, the one way to write SQL in worker/ besides the query
// builder (docs/decisions/0027-one-way-to-write-sql.md): tables and columns come from
// ./schema.ts as ${table} and ${table.column}, so a renamed column fails the typecheck.
import { type SQL, sql } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";

/**
 * Bare column names, for the places SQLite refuses a table-qualified one: an INSERT's column
 * list and an ON CONFLICT target. `${table.column}` renders "table"."column" everywhere else.
 */
export function columnNames(...columns: AnySQLiteColumn[]): SQL {
  return sql.join(
    columns.map((column) => sql.identifier(column.name)),
    sql`, `,
  );
}

/**
 * `(select …)`: a subquery for a select's fields or a condition. Its columns stay table-qualified
 * wherever it goes: drizzle writes the columns at the top of a single-table select's fields bare
 * ("id"), which inside a subquery would name the subquery's own table; nested, they keep it.
 */
export function subquery<T = unknown>(strings: TemplateStringsArray, ...values: unknown[]): SQL<T> {
  return sql<T>`(${sql(strings, ...values)})`;
}

/** `excluded.column` in an upsert's SET: the value the INSERT tried to write. */
export function excluded(column: AnySQLiteColumn): SQL {
  return sql`excluded.${sql.identifier(column.name)}`;
}
