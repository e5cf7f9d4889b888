// Statements written once per isolate and shape. drizzle writes a statement's SQL anew on every
// call, walking each of its pieces: for the feed's statement that is 1.3–2 ms of CPU a request,
// as much as SQLite takes to run it (docs/decisions/0045-statements-written-once.md). A statement
// whose text depends only on which values it binds, not on what they are, is written once with
// drizzle's placeholders, and each request binds its own values to it.
import { fillPlaceholders, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import type { Database } from "../env.ts";
import { d1Of } from "./client.ts";
import { type RowReader, rowReader } from "./row-reader.ts";

/**
 * `params` with every value (a string, number, boolean or null, at any depth) replaced by a
 * placeholder named by its path ('near.small.latMin'); the values by that name; and the shape,
 * the list of names. A field left undefined has no name. A statement built from the placeholders
 * must use them only as values: never compute with them or branch on them (its text would then
 * depend on the first request's values). It may branch on which fields are there and on how long
 * an array is: both are in the shape.
 *
 * A value at one of the `writtenIn` paths stays a value, and the shape names it with it
 * ('near.needed=31'): its statement is written with it, one statement per value. Only for values
 * of a few kinds that SQLite plans better when it sees them (a LIMIT that grows with the page,
 * withConstantLimits), never for a request's free value.
 */
export function bindable<P extends object>(params: P, writtenIn: readonly string[] = []) {
  const values: Record<string, unknown> = {};
  const shape: string[] = [];
  const walk = (value: unknown, path: string): unknown => {
    if (Array.isArray(value)) return value.map((item, i) => walk(item, `${path}.${i}`));
    if (value !== null && typeof value === "object") {
      return Object.fromEntries(
        Object.entries(value)
          .filter(([, field]) => field !== undefined)
          .map(([key, field]) => [key, walk(field, path ? `${path}.${key}` : key)]),
      );
    }
    if (writtenIn.includes(path)) {
      shape.push(`${path}=${String(value)}`);
      return value;
    }
    shape.push(path);
    values[path] = value;
    return sql.placeholder(path);
  };
  // Typed as the values they stand for: drizzle binds a placeholder wherever a value may go.
  const slots = walk(params, "") as P;
  return { slots, values, shape: shape.join(",") };
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

export interface Preparable<Result> {
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
 * Whom a read is for: her id, already known, or a lookup that finds her (her session, ADR 0046)
 * in the same D1 batch as the read, so the read does not wait a round trip for it.
 */
export type Viewer = string | ViewerLookup;

export interface ViewerLookup {
  /** Names the lookup in the statements' shape. */
  readonly name: string;
  /** What the lookup binds, in the read's params where her id would be. */
  readonly key: string;
  /** The batch's first statement: finds her by `key`. */
  statement(template: Database, key: string): Preparable<unknown>;
  /**
   * A select of her id alone, by `key`: each of the read's statements names it once, as a CTE,
   * and reads her id from the CTE wherever it needs it (withViewerCte).
   */
  idQuery(template: Database, key: string): { toSQL(): { sql: string; params: unknown[] } };
  /** Her id from the first statement's rows; throws when they do not find her. */
  accept(rows: unknown): Promise<string>;
  /**
   * Her id as an earlier lookup of the same key found it, if this isolate has seen one (ADR 0046,
   * amended 2026-11-30): the read then binds it where it would read the CTE, and the lookup still
   * runs first in the same batch. Only a guess until `accept` finds the same id in its rows.
   */
  readonly likelyId?: string | undefined;
}

/** What a read binds where her id goes: her id, or her lookup's key. */
export function viewerValue(viewer: Viewer): string {
  return typeof viewer === "string" ? viewer : viewer.key;
}

/** Where a read with her likely id binds her lookup's key (batchForLikely). */
const LOOKUP_KEY = "viewerLookupKey";

/** The CTE a statement read for her declares (withViewerCte), and her id read from it. */
const VIEWER_CTE = "viewer";
const VIEWER_ID = sql`(select "id" from ${sql.identifier(VIEWER_CTE)})`;

/**
 * `statement` with her id's select declared once, as the CTE VIEWER_ID reads: each place that
 * needs her id (a listing's card reads it in about twenty) then names the CTE instead of
 * repeating the select and binding her key again. The text and values D1 receives, parses and
 * plans on every request are the fewer for it (ADR 0046, amended).
 */
function withViewerCte<Result>(
  statement: Preparable<Result>,
  cte: { sql: string; params: unknown[] },
): Preparable<Result> {
  return {
    prepare() {
      const prepared = statement.prepare();
      const { sql: text, params } = prepared.getQuery();
      const head = /^\s*with(\s+recursive)?\s+/i.exec(text);
      const definition = `"${VIEWER_CTE}"("id") as (${cte.sql})`;
      const query = head
        ? { sql: `${head[0]}${definition}, ${text.slice(head[0].length)}`, params }
        : { sql: `with ${definition} ${text}`, params };
      // The prepared select's own fields and row mapping stay: only its text and values change.
      return Object.assign(Object.create(prepared) as typeof prepared, {
        getQuery: () => ({ sql: query.sql, params: [...cte.params, ...query.params] }),
      });
    },
  };
}

/**
 * `text` with each LIMIT that binds a whole number written into it instead: `LIMIT 11`, not
 * `LIMIT ?` with 11 bound. SQLite plans a statement before it sees its values, and a bound LIMIT
 * costs each ORDER BY … LIMIT a sorter set up for any number of rows: on the bench's data My Rides'
 * statements ran in 0.75 ms instead of 1.9, 'A la espera de plaza' with no rides in 0.03 ms
 * instead of 0.55, 'Cerca de mí' in 1.6 ms instead of 2.8 (docs/benchmarks.md). drizzle binds
 * every limit, so the page sizes (constants of our own, never a request's value) are written in
 * here. A placeholder or anything but a whole number stays bound; so does everything when the
 * text's `?` do not match its parameters one to one.
 */
export function withConstantLimits(text: string, params: unknown[]) {
  const pieces = text.split("?");
  if (pieces.length - 1 !== params.length) return { text, params };
  let out = pieces[0]!;
  const kept: unknown[] = [];
  params.forEach((param, i) => {
    const constant = typeof param === "number" && Number.isSafeInteger(param) && param >= 0;
    if (constant && /\blimit\s+$/i.test(pieces[i]!)) {
      out += String(param);
    } else {
      out += "?";
      kept.push(param);
    }
    out += pieces[i + 1]!;
  });
  return { text: out, params: kept };
}

/**
 * A statement written once: drizzle's prepared form and its own text (what drizzle's reader runs),
 * the text and parameters we bind (withConstantLimits), its row reader.
 */
interface Written {
  prepared: Prepared<unknown>;
  drizzleText: string;
  text: string;
  params: unknown[];
  reader: RowReader | null;
}

function written(prepared: Prepared<unknown>): Written {
  const query = prepared.getQuery();
  const { text, params } = withConstantLimits(query.sql, query.params);
  return { prepared, drizzleText: query.sql, text, params, reader: rowReader(prepared) };
}

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
  private readonly byShape = new Map<string, Written | Written[]>();
  private readonly maxShapes: number;

  constructor(maxShapes: number) {
    this.maxShapes = maxShapes;
  }

  /**
   * The rows of the statement `build` writes (on the database it is given) from the placeholders
   * of `params`, run on `db`.
   */
  async all<Result>(
    db: Database,
    params: Params,
    build: (template: Database, slots: Params) => Preparable<Result>,
  ): Promise<Result> {
    const { slots, values, shape } = bindable(params);
    let statement = this.byShape.get(shape) as Written | undefined;
    if (!statement) {
      statement = written(build(TEMPLATE_DB, slots).prepare());
      this.keep(shape, statement);
    }
    const { prepared, drizzleText, text, params: bound, reader } = statement;
    if (reader) {
      const rows = await d1Of(db)
        .prepare(text)
        .bind(...fillPlaceholders(bound, values))
        .raw();
      return reader.fromArrays(rows) as Result;
    }
    // drizzle's prepared query runs its `stmt`, here the template's: this run gets one of its own
    // on the request's database, as runSql does for batches. drizzle binds its own parameters, so
    // it runs its own text.
    const run: Prepared<Result> = Object.create(prepared);
    Object.assign(run, { stmt: d1Of(db).prepare(drizzleText) });
    return run.all(values);
  }

  /**
   * The rows of each statement `build` writes, in one D1 batch (one round trip). `key` names what
   * else decides their text (a tab, an optional statement): it is part of the shape. Values at
   * the `writtenIn` paths are written into the text (bindable).
   */
  async batch<const Q extends readonly Preparable<unknown>[]>(
    db: Database,
    key: string,
    params: Params,
    build: (template: Database, slots: Params) => Q,
    writtenIn: readonly string[] = [],
  ): Promise<BatchResults<Q>> {
    const { slots, values, shape } = bindable(params, writtenIn);
    const name = `${key}|${shape}`;
    let statements = this.byShape.get(name) as Written[] | undefined;
    if (!statements) {
      statements = build(TEMPLATE_DB, slots).map((statement) => written(statement.prepare()));
      this.keep(name, statements);
    }
    const d1 = d1Of(db);
    const results = await d1.batch(
      statements.map(({ text, params: bound }) =>
        d1.prepare(text).bind(...fillPlaceholders(bound, values)),
      ),
    );
    return results.map((result, i) => {
      const { prepared, reader } = statements[i]!;
      return reader
        ? reader.fromObjects(result.results as Record<string, unknown>[])
        : prepared.mapResult(result, true);
    }) as BatchResults<Q>;
  }

  /**
   * `batch` for her (`params.viewer` is `viewerValue(viewer)`): with a lookup, its statement runs
   * first in the same batch and each of her statements reads her id from it; the answer waits for
   * `accept`, which refuses when the lookup did not find her.
   */
  async batchFor<const Q extends readonly Preparable<unknown>[]>(
    db: Database,
    viewer: Viewer,
    key: string,
    params: Params & { viewer: string },
    build: (template: Database, slots: Params) => Q,
    writtenIn: readonly string[] = [],
  ): Promise<{ viewerId: string; results: BatchResults<Q> }> {
    if (typeof viewer === "string") {
      return { viewerId: viewer, results: await this.batch(db, key, params, build, writtenIn) };
    }
    if (viewer.likelyId !== undefined) {
      return this.batchForLikely(db, viewer, viewer.likelyId, key, params, build, writtenIn);
    }
    const [found, ...results] = await this.batch(
      db,
      `${key}|${viewer.name}`,
      params,
      (template, slots) => {
        const her = (slots as Params & { viewer: string }).viewer;
        // Her id's SQL, typed as her id as every slot is typed as the value it stands for.
        const slotsForHer = { ...slots, viewer: VIEWER_ID } as unknown as Params;
        const cte = viewer.idQuery(template, her).toSQL();
        return [
          viewer.statement(template, her),
          ...build(template, slotsForHer).map((statement) => withViewerCte(statement, cte)),
        ] as const;
      },
      writtenIn,
    );
    return { viewerId: await viewer.accept(found), results: results as BatchResults<Q> };
  }

  /**
   * `batchFor` with her likely id bound where each statement would read the lookup's CTE: about
   * twenty subqueries fewer for SQLite to compile in a listing's statement (0.1–0.3 ms of D1's
   * time per request, docs/benchmarks.md). The lookup runs first in the same batch, as always;
   * the rows are hers only if it finds the same id, and are otherwise read again for whom it
   * finds. Read-only: rows read for a guess that does not hold are simply dropped.
   */
  private async batchForLikely<const Q extends readonly Preparable<unknown>[]>(
    db: Database,
    viewer: ViewerLookup,
    likely: string,
    key: string,
    params: Params & { viewer: string },
    build: (template: Database, slots: Params) => Q,
    writtenIn: readonly string[],
  ): Promise<{ viewerId: string; results: BatchResults<Q> }> {
    const [found, ...results] = await this.batch(
      db,
      `${key}|${viewer.name}|likely`,
      { ...params, viewer: likely, [LOOKUP_KEY]: viewer.key },
      (template, slots) =>
        [
          viewer.statement(template, (slots as Record<typeof LOOKUP_KEY, string>)[LOOKUP_KEY]),
          ...build(template, slots),
        ] as const,
      writtenIn,
    );
    const viewerId = await viewer.accept(found);
    if (viewerId === likely) return { viewerId, results: results as BatchResults<Q> };
    return this.batchFor(db, viewerId, key, { ...params, viewer: viewerId }, build, writtenIn);
  }

  private keep(shape: string, statements: Written | Written[]) {
    if (this.byShape.size >= this.maxShapes) {
      this.byShape.delete(this.byShape.keys().next().value as string);
    }
    this.byShape.set(shape, statements);
  }

  /** How many shapes are written (for tests). */
  get size(): number {
    return this.byShape.size;
  }
}
