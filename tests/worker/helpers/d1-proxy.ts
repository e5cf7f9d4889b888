// A D1 binding with some of its methods wrapped (to count or record what the code under test asks
// of D1); every other member is the binding's own.
import { env } from "cloudflare:workers";
import { Browser } from "./http.ts";

type D1Method = "prepare" | "batch" | "withSession";

export function wrapD1(
  d1: D1Database,
  wrap: { [K in D1Method]?: (original: D1Database[K]) => D1Database[K] },
): D1Database {
  return new Proxy(d1, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      const bound = typeof value === "function" ? value.bind(target) : value;
      const wrapper = wrap[prop as D1Method];
      return wrapper ? (wrapper as (original: unknown) => unknown)(bound) : bound;
    },
  });
}

/**
 * `wrapD1` on the binding and on every D1 session opened on it (withSession), where the
 * one-trip reads send their batches (ADR 0041).
 */
export function wrapD1AndSessions(
  d1: D1Database,
  wrap: { [K in "prepare" | "batch"]?: (original: D1Database[K]) => D1Database[K] },
): D1Database {
  return wrapD1(d1, {
    ...wrap,
    withSession: (withSession) => (constraint) =>
      wrapD1AndSessions(
        withSession(constraint) as unknown as D1Database,
        wrap,
      ) as unknown as D1DatabaseSession,
  });
}

/** A D1 binding that counts what the code under test asks of it: statements prepared, batches sent. */
export function countingD1(d1: D1Database) {
  const counter = { statements: 0, batches: 0 };
  const proxy = wrapD1(d1, {
    prepare: (prepare) => (query) => {
      counter.statements++;
      return prepare(query);
    },
    batch: (batch) => (statements) => {
      counter.batches++;
      return batch(statements);
    },
  });
  return { d1: proxy, counter };
}

/**
 * A D1 binding that records each round trip: "batch of N", or the SQL of a single query. A D1
 * session opened on it (withSession) records into the same list.
 */
export function tripRecordingD1(d1: D1Database, trips: string[]): D1Database {
  // Batches need the real statements back.
  const real = new WeakMap<object, D1PreparedStatement>();
  const wrap = (statement: D1PreparedStatement, sql: string): D1PreparedStatement => {
    const proxy = new Proxy(statement, {
      get(target, prop) {
        if (prop === "bind") {
          return (...values: unknown[]) => wrap(target.bind(...values), sql);
        }
        const value = Reflect.get(target, prop) as unknown;
        if (typeof value !== "function") return value;
        const method = value as (...a: unknown[]) => unknown;
        if (prop === "first" || prop === "all" || prop === "run" || prop === "raw") {
          return (...args: unknown[]) => {
            trips.push(sql);
            return method.apply(target, args);
          };
        }
        return method.bind(target);
      },
    });
    real.set(proxy, statement);
    return proxy;
  };
  return new Proxy(d1, {
    get(target, prop) {
      if (prop === "prepare") return (sql: string) => wrap(target.prepare(sql), sql);
      if (prop === "batch") {
        return (statements: D1PreparedStatement[]) => {
          trips.push(`batch of ${statements.length}`);
          return target.batch(statements.map((s) => real.get(s) ?? s));
        };
      }
      if (prop === "withSession") {
        return (constraint: string) =>
          tripRecordingD1(target.withSession(constraint) as unknown as D1Database, trips);
      }
      const value = Reflect.get(target, prop) as unknown;
      return typeof value === "function" ? (value as () => unknown).bind(target) : value;
    },
  });
}

/** Her browser on a binding that records each round trip and the session each request opens. */
export function recordedBrowser(cookies: Map<string, string>) {
  const trips: string[] = [];
  const opened: string[] = [];
  const d1 = wrapD1(tripRecordingD1(env.DB, trips), {
    withSession: (withSession) => (constraint) => {
      opened.push(String(constraint));
      return withSession(constraint);
    },
  });
  const browser = new Browser({ env: { DB: d1 } });
  for (const [name, value] of cookies) browser.cookies.set(name, value);
  return { browser, trips, opened };
}
