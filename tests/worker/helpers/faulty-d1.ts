/** What a transient D1 failure looks like to the worker (one of D1's retryable errors). */
const TRANSIENT_D1_ERROR = "D1_ERROR: Network connection lost.";

/**
 * - `fail`: the statement fails; inside a batch the statements before it really run and D1 rolls
 *   the whole transaction back. The caller gets a transient error.
 * - `lose-response`: D1 commits, then the caller gets a transient error anyway (the connection
 *   dropped on the way back) — the one case where "it failed" does not mean "nothing happened".
 * - `hang`: D1 commits and the caller never hears back (the object dies before answering).
 */
export type FaultEffect = "fail" | "lose-response" | "hang";

export interface FaultPlan {
  /** Statements that count towards `nth` (default: every statement). */
  match?: RegExp;
  /** Strike on the nth counted statement (default: the first). */
  nth?: number;
  effect?: FaultEffect;
}

export interface FaultyD1 {
  /** Use in place of env.DB. */
  readonly db: D1Database;
  /** The fault has struck (tests check this before asserting on its consequences). */
  readonly fired: boolean;
}

interface Wrapped {
  real: D1PreparedStatement;
  sql: string;
}

const never = () => new Promise<never>(() => undefined);

/**
 * A D1 binding that misbehaves exactly once, at the query boundary, and otherwise is the real
 * one. Because a batch really runs up to the failing statement, a write split across separate
 * calls would leave its first half behind — the partial write the tests look for.
 */
export function faultyD1(real: D1Database, plan: FaultPlan = {}): FaultyD1 {
  const effect = plan.effect ?? "fail";
  let counted = 0;
  let fired = false;
  const wrapped = new WeakMap<object, Wrapped>();

  /** Counts a statement about to run; true when the fault strikes it. */
  function strikes(sql: string): boolean {
    if (fired || !(plan.match?.test(sql) ?? true)) return false;
    counted += 1;
    if (counted < (plan.nth ?? 1)) return false;
    fired = true;
    return true;
  }

  /** What the caller sees once the fault struck `execute` (which commits unless it fails). */
  async function afterStrike<T>(execute: () => Promise<T>): Promise<T> {
    if (effect === "fail") throw new Error(TRANSIENT_D1_ERROR);
    await execute();
    if (effect === "hang") return never();
    throw new Error(TRANSIENT_D1_ERROR);
  }

  function guarded<T>(sql: string, execute: () => Promise<T>): Promise<T> {
    return strikes(sql) ? afterStrike(execute) : execute();
  }

  function wrap(statement: D1PreparedStatement, sql: string): D1PreparedStatement {
    const proxy = {
      bind: (...values: unknown[]) => wrap(statement.bind(...values), sql),
      first: (column?: string) =>
        guarded(sql, () => (column === undefined ? statement.first() : statement.first(column))),
      run: () => guarded(sql, () => statement.run()),
      all: () => guarded(sql, () => statement.all()),
      raw: (options?: { columnNames?: boolean }) =>
        guarded(sql, () =>
          options?.columnNames ? statement.raw({ columnNames: true }) : statement.raw(),
        ),
    };
    wrapped.set(proxy, { real: statement, sql });
    return proxy as unknown as D1PreparedStatement;
  }

  function unwrap(statement: D1PreparedStatement): Wrapped {
    const inner = wrapped.get(statement);
    if (!inner) throw new Error("faultyD1: batch got a statement prepared on another binding");
    return inner;
  }

  async function batch(statements: D1PreparedStatement[]) {
    const inner = statements.map(unwrap);
    const struck = inner.findIndex((s) => strikes(s.sql));
    const all = () => real.batch(inner.map((s) => s.real));
    if (struck < 0) return all();
    if (effect !== "fail") return afterStrike(all);
    // What precedes the struck statement runs, then a statement SQLite refuses at run time:
    // D1 aborts the transaction exactly as if the struck statement itself had failed.
    const upToFailure = [
      ...inner.slice(0, struck).map((s) => s.real),
      real.prepare("SELECT json('injected fault')"),
    ];
    const aborted = await real.batch(upToFailure).then(
      () => false,
      () => true,
    );
    if (!aborted) throw new Error("faultyD1: the injected statement did not abort the batch");
    throw new Error(TRANSIENT_D1_ERROR);
  }

  const db = {
    prepare: (sql: string) => wrap(real.prepare(sql), sql),
    batch,
    exec: (sql: string) => guarded(sql, () => real.exec(sql)),
    // The API opens a D1 session per request: here it is this same binding.
    withSession: () => db,
    getBookmark: () => null,
  };
  return {
    db: db as unknown as D1Database,
    get fired() {
      return fired;
    },
  };
}
