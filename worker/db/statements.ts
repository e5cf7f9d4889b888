// Statements written once per isolate and shape. drizzle writes a statement's SQL anew on every
// call, walking each of its pieces: for the feed's statement that is 1.3–2 ms of CPU a request,
// as much as SQLite takes to run it (docs/decisions/0045-statements-written-once.md). A statement
// whose text depends only on which values it binds, not on what they are, is written once with
// drizzle's placeholders, and each request binds its own values to it.
import { fillPlaceholders, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import type { Database } from "../env.ts";
import { d1Of } from "./client.ts";

/**
 * `params` with every value (a string, number, boolean or null, at any depth) replaced by a
 * placeholder named by its path ('near.small.latMin'); the values by that name; and the shape,
 * the list of names. A field left undefined has no name. A statement built from the placeholders
 * must use them only as values: never compute with them or branch on them (its text would then
 * depend on the first request's values). It may branch on which fields are there and on how long
 * an array is: both are in the shape.
 */
export function bindable<P extends object>(params: P) {
  const values: Record<string, unknown> = {};
  const walk = (value: unknown, path: string): unknown => {
    if (Array.isArray(value)) return value.map((item, i) => walk(item, `${path}.${i}`));
    if (value !== null && typeof value === "object") {
      return Object.fromEntries(
        Object.entries(value)
          .filter(([, field]) => field !== undefined)
          .map(([key, field]) => [key, walk(field, path ? `${path}.${key}` : key)]),
      );
    }
    values[path] = value;
    return sql.placeholder(path);
  };
  // Typed as the values they stand for: drizzle binds a placeholder wherever a value may go.
  const slots = walk(params, "") as P;
  return { slots, values, shape: Object.keys(values).join(",") };
}

/**
 * Rows before page `page` of `size`, or none on the first: drizzle leaves out `OFFSET 0` but
 * writes a placeholder's, so a first page without one reads the same from values as from
 * placeholders.
 */
export function offsetOf(page: number, size: number): number | undefined {
  return page > 0 ? page * size : undefined;
}

/** `query` with its OFFSET when it has one (offsetOf). */
export function withOffset<Q extends { offset(offset: number): Q }>(
  query: Q,
  offset: number | undefined,
): Q {
  return offset === undefined ? query : query.offset(offset);
}

interface Preparable<Result> {
  prepare(): {
    all(values: Record<string, unknown>): Promise<Result>;
    getQuery(): { sql: string; params: unknown[] };
    /** A D1 batch's result for this statement, as `all` would answer it. */
    mapResult(response: unknown, isFromBatch?: boolean): unknown;
  };
}

type Prepared<Result> = ReturnType<Preparable<Result>["prepare"]>;

/** Each statement's rows, in order. */
type BatchResults<Q extends readonly Preparable<unknown>[]> = {
  -readonly [K in keyof Q]: Q[K] extends Preparable<infer Result> ? Result : never;
};

/**
 * What statements are written and prepared on: no database. drizzle's prepare only asks its
 * client for a statement object, and every run gets a real one on the request's database.
 */
const TEMPLATE_DB: Database = drizzle({ prepare: () => ({}) } as unknown as D1Database);

/**
 * One statement's prepared forms, one per shape (at most `maxShapes`, the oldest written first
 * out). Each run binds its values on the request's own database (its D1 session: a replica and
 * her bookmark, ADR 0041), never on the one the statement was first prepared on.
 */
export class StatementCache<Params extends object> {
  private readonly byShape = new Map<string, Prepared<unknown> | Prepared<unknown>[]>();
  private readonly maxShapes: number;

  constructor(maxShapes: number) {
    this.maxShapes = maxShapes;
  }

  /**
   * The rows of the statement `build` writes (on the database it is given) from the placeholders
   * of `params`, run on `db`.
   */
  all<Result>(
    db: Database,
    params: Params,
    build: (template: Database, slots: Params) => Preparable<Result>,
  ): Promise<Result> {
    const { slots, values, shape } = bindable(params);
    let prepared = this.byShape.get(shape) as Prepared<Result> | undefined;
    if (!prepared) {
      prepared = build(TEMPLATE_DB, slots).prepare();
      this.keep(shape, prepared);
    }
    // drizzle's prepared query runs its `stmt`, here the template's: this run gets one of its own
    // on the request's database, as runSql does for batches.
    const run: Prepared<Result> = Object.create(prepared);
    Object.assign(run, { stmt: d1Of(db).prepare(prepared.getQuery().sql) });
    return run.all(values);
  }

  /**
   * The rows of each statement `build` writes, in one D1 batch (one round trip). `key` names what
   * else decides their text (a tab, an optional statement): it is part of the shape.
   */
  async batch<const Q extends readonly Preparable<unknown>[]>(
    db: Database,
    key: string,
    params: Params,
    build: (template: Database, slots: Params) => Q,
  ): Promise<BatchResults<Q>> {
    const { slots, values, shape } = bindable(params);
    const name = `${key}|${shape}`;
    let prepared = this.byShape.get(name) as Prepared<unknown>[] | undefined;
    if (!prepared) {
      prepared = build(TEMPLATE_DB, slots).map((statement) => statement.prepare());
      this.keep(name, prepared);
    }
    const d1 = d1Of(db);
    const results = await d1.batch(
      prepared.map((statement) => {
        const { sql: text, params: bound } = statement.getQuery();
        return d1.prepare(text).bind(...fillPlaceholders(bound, values));
      }),
    );
    return results.map((result, i) => prepared[i]!.mapResult(result, true)) as BatchResults<Q>;
  }

  private keep(shape: string, prepared: Prepared<unknown> | Prepared<unknown>[]) {
    if (this.byShape.size >= this.maxShapes) {
      this.byShape.delete(this.byShape.keys().next().value as string);
    }
    this.byShape.set(shape, prepared);
  }

  /** How many shapes are written (for tests). */
  get size(): number {
    return this.byShape.size;
  }
}
