// The worst interleaving for a check-then-write, on demand: every parallel request reads before
// any of them writes. Single-use things (a reset token, a referral) must survive it.

export interface InterleavePlan {
  /** Statements that count as a request's read. */
  read: RegExp;
  /** Statements (alone or in a batch) held back until the reads are done. */
  write: RegExp;
  /** How many reads to wait for. */
  readers: number;
  /** Held writes go ahead after this long anyway (a fixed version may not read at all). */
  maxWaitMs?: number;
}

/** `real` (env.DB), except that writes wait until `readers` reads have run or `maxWaitMs` passed. */
export function readsBeforeWrites(real: D1Database, plan: InterleavePlan): D1Database {
  let reads = 0;
  let release = () => {};
  const readsDone = new Promise<void>((resolve) => {
    release = resolve;
  });
  const atMost = new Promise<void>((resolve) => setTimeout(resolve, plan.maxWaitMs ?? 1000));
  const held = () => Promise.race([readsDone, atMost]);
  const sqlOf = new WeakMap<object, { real: D1PreparedStatement; sql: string }>();

  function wrap(statement: D1PreparedStatement, sql: string): D1PreparedStatement {
    const run =
      <T>(execute: () => Promise<T>) =>
      async (): Promise<T> => {
        if (plan.write.test(sql)) await held();
        const result = await execute();
        if (plan.read.test(sql) && ++reads >= plan.readers) release();
        return result;
      };
    const proxy = {
      bind: (...values: unknown[]) => wrap(statement.bind(...values), sql),
      first: (column?: string) =>
        run(() => (column === undefined ? statement.first() : statement.first(column)))(),
      run: run(() => statement.run()),
      all: run(() => statement.all()),
      raw: (options?: { columnNames?: boolean }) =>
        run(() =>
          options?.columnNames ? statement.raw({ columnNames: true }) : statement.raw(),
        )(),
    };
    sqlOf.set(proxy, { real: statement, sql });
    return proxy as unknown as D1PreparedStatement;
  }

  const db = {
    prepare: (sql: string) => wrap(real.prepare(sql), sql),
    batch: async (statements: D1PreparedStatement[]) => {
      const inner = statements.map((s) => {
        const found = sqlOf.get(s);
        if (!found) throw new Error("readsBeforeWrites: a statement of another binding");
        return found;
      });
      if (inner.some((s) => plan.write.test(s.sql))) await held();
      const results = await real.batch(inner.map((s) => s.real));
      if (inner.some((s) => plan.read.test(s.sql)) && ++reads >= plan.readers) release();
      return results;
    },
    exec: (sql: string) => real.exec(sql),
    // The API opens a D1 session per request: here it is this same binding.
    withSession: () => db,
    getBookmark: () => null,
    dump: () => real.dump(),
  };
  return db as unknown as D1Database;
}

/**
 * `real`, except that statements matching `read` wait until `readers` of them have started (or
 * `maxWaitMs` passed): N parallel requests have all read before any goes on, the interleaving
 * in which a check-then-draw (the share image) would run N times.
 */
export function readsTogether(
  real: D1Database,
  plan: { read: RegExp; readers: number; maxWaitMs?: number },
): D1Database {
  let started = 0;
  let release = () => {};
  const together = new Promise<void>((resolve) => {
    release = resolve;
  });
  const atMost = new Promise<void>((resolve) => setTimeout(resolve, plan.maxWaitMs ?? 3000));
  const gate = () => {
    if (++started >= plan.readers) release();
    return Promise.race([together, atMost]);
  };
  const wrap = (statement: D1PreparedStatement): D1PreparedStatement => {
    const held =
      <T>(execute: () => Promise<T>) =>
      async (): Promise<T> => {
        await gate();
        return execute();
      };
    return {
      bind: (...values: unknown[]) => wrap(statement.bind(...values)),
      first: (column?: string) =>
        held(() => (column === undefined ? statement.first() : statement.first(column)))(),
      run: held(() => statement.run()),
      all: held(() => statement.all()),
      raw: (options?: { columnNames?: boolean }) =>
        held(() =>
          options?.columnNames ? statement.raw({ columnNames: true }) : statement.raw(),
        )(),
    } as unknown as D1PreparedStatement;
  };
  const db = {
    prepare: (sql: string) => (plan.read.test(sql) ? wrap(real.prepare(sql)) : real.prepare(sql)),
    batch: (statements: D1PreparedStatement[]) => real.batch(statements),
    exec: (sql: string) => real.exec(sql),
    // The API opens a D1 session per request: here it is this same binding.
    withSession: () => db,
    getBookmark: () => null,
    dump: () => real.dump(),
  };
  return db as unknown as D1Database;
}
