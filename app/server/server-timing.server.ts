import type { D1Client } from "./d1-session.server";

/**
 * Server-Timing for every page: how long D1 took (and in how many round trips) and how long
 * React took to render. The D1 binding is wrapped once per request in load-context.ts.
 */
export interface RequestTiming {
  d1Ms: number;
  d1RoundTrips: number;
  startedAt: number;
}

export function createRequestTiming(): RequestTiming {
  return { d1Ms: 0, d1RoundTrips: 0, startedAt: performance.now() };
}

async function timed<T>(timing: RequestTiming, run: () => Promise<T>): Promise<T> {
  const start = performance.now();
  timing.d1RoundTrips += 1;
  try {
    return await run();
  } finally {
    timing.d1Ms += performance.now() - start;
  }
}

/**
 * What a watcher sees of the traffic through `watchD1`. `execute` wraps every round trip (a
 * statement's all/first/run/raw outside a batch, one batch, one exec) with the SQL it sends;
 * throwing in it fails that call. Tests use it to count, record or break what reaches D1.
 */
export interface D1Watcher {
  /** Called with every statement's SQL and how many parameters it binds. */
  onBind?: (sql: string, parameters: number) => void;
  execute?: <T>(sqls: string[], run: () => Promise<T>) => Promise<T>;
}

const originals = new WeakMap<D1PreparedStatement, { statement: D1PreparedStatement; sql: string }>();

/** The D1 binding (or a session) seen through a watcher; everything not watched goes to D1 unchanged. */
export function watchD1<T extends D1Client>(d1: T, watcher: D1Watcher): T {
  async function roundTrip<T>(sqls: string[], run: () => Promise<T>): Promise<T> {
    return watcher.execute ? watcher.execute(sqls, run) : run();
  }

  function wrapStatement(statement: D1PreparedStatement, sql: string): D1PreparedStatement {
    const wrapped = new Proxy(statement, {
      get(target, property, receiver) {
        const value: unknown = Reflect.get(target, property, receiver);
        if (typeof value !== "function") return value;
        if (property === "bind") {
          return (...values: unknown[]) => {
            watcher.onBind?.(sql, values.length);
            return wrapStatement(target.bind(...values), sql);
          };
        }
        if (property === "all" || property === "first" || property === "run" || property === "raw") {
          // D1's own methods, called as they are: the wrapper only times them.
          return (...args: unknown[]) => roundTrip([sql], () => (value as (...a: unknown[]) => Promise<unknown>).apply(target, args));
        }
        return (value as (...a: unknown[]) => unknown).bind(target);
      },
    });
    originals.set(wrapped, { statement, sql });
    return wrapped;
  }

  return new Proxy(d1, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (property === "prepare") {
        return (query: string) => wrapStatement(target.prepare(query), query);
      }
      if (property === "batch") {
        return (statements: D1PreparedStatement[]) => {
          const unwrapped = statements.map((statement) => originals.get(statement) ?? { statement, sql: "?" });
          return roundTrip(
            unwrapped.map((entry) => entry.sql),
            () => target.batch(unwrapped.map((entry) => entry.statement)),
          );
        };
      }
      // D1's own methods, called as they are: the wrapper only times them.
      if (property === "exec" && typeof value === "function") {
        return (query: string) => roundTrip([query], () => (value as (q: string) => Promise<unknown>).call(target, query));
      }
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** The D1 binding or session, measuring every query and batch (a batch is one round trip). */
export function instrumentD1<T extends D1Client>(d1: T, timing: RequestTiming): T {
  return watchD1(d1, { execute: (_sqls, run) => timed(timing, run) });
}

/** `d1;dur=1.3;desc="2 round trips", render;dur=0.8` */
export function serverTimingHeader(timing: RequestTiming, renderMs: number) {
  const d1 = `d1;dur=${timing.d1Ms.toFixed(2)};desc="${timing.d1RoundTrips} round trips"`;
  return `${d1}, render;dur=${renderMs.toFixed(2)}, total;dur=${(performance.now() - timing.startedAt).toFixed(2)}`;
}
