// A statement's rows read as drizzle reads them, with each column's decoder found once per
// statement instead of once per value (worker/db/statements.ts keeps one reader per statement it
// writes).
import { Column, is, SQL, Subquery } from "drizzle-orm";

/** What drizzle keeps on a prepared select (its own, marked internal) about the rows it reads. */
interface PreparedSelect {
  fields?: { path: string[]; field: unknown }[];
  customResultMapper?: unknown;
}

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

/** Reads a statement's rows: from D1's arrays (a single statement) or objects (a batch). */
export interface RowReader {
  fromArrays(rows: unknown[][]): unknown[];
  fromObjects(rows: Record<string, unknown>[]): unknown[];
}

/** A selected field's decoder, found as drizzle's mapResultRow finds it. */
function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field;
  const query = is(field, SQL)
    ? field
    : is(field, Subquery)
      ? field._.sql
      : (field as SQL.Aliased).sql;
  // drizzle keeps an SQL's decoder (`mapWith`) in a field its types mark internal.
  return (query as unknown as { decoder: Decoder }).decoder;
}

/**
 * The rows as drizzle's mapResultRow reads them, with each column's decoder found once per
 * statement. drizzle finds it for every column of every row by walking the field's class chain
 * (`is`): in a CPU profile of the listings that was a sixth of the worker's time. Only for a flat
 * selection (every field at the top level, as every hot read selects); otherwise null, and drizzle
 * reads the rows (nested objects, left joins made null).
 */
export function rowReader(prepared: unknown): RowReader | null {
  const { fields, customResultMapper } = prepared as PreparedSelect;
  if (!fields || customResultMapper || fields.some(({ path }) => path.length !== 1)) return null;
  const columns = fields.map(({ path, field }) => ({
    name: path[0] as string,
    decoder: decoderOf(field),
  }));
  const fromArray = (values: unknown[]) => {
    const row: Record<string, unknown> = {};
    for (let i = 0; i < columns.length; i++) {
      const { name, decoder } = columns[i]!;
      const value = values[i];
      row[name] = value === null ? null : decoder.mapFromDriverValue(value);
    }
    return row;
  };
  let namesChecked = false;
  return {
    fromArrays: (rows) => rows.map(fromArray),
    // In the order D1 gives the columns, as drizzle reads a batch's rows. A column named like an
    // array index (an unaliased constant: "0") comes first among an object's keys wherever it
    // stands, and every column before it would shift: refused, to be aliased. The names are the
    // statement's, so the first row that comes is checked, once.
    fromObjects: (rows) => {
      if (!namesChecked && rows[0]) {
        const indexLike = Object.keys(rows[0]).find((key) => /^(0|[1-9]\d*)$/.test(key));
        if (indexLike !== undefined) {
          throw new Error(`a batch's column is named "${indexLike}": alias it (.as)`);
        }
        namesChecked = true;
      }
      return rows.map((row) => fromArray(Object.values(row)));
    },
  };
}
