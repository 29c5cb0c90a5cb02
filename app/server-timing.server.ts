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

const originals = new WeakMap<D1PreparedStatement, D1PreparedStatement>();

function wrapStatement(statement: D1PreparedStatement, timing: RequestTiming): D1PreparedStatement {
  const wrapped = new Proxy(statement, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== "function") return value;
      if (property === "bind") {
        return (...values: unknown[]) => wrapStatement(target.bind(...values), timing);
      }
      if (property === "all" || property === "first" || property === "run" || property === "raw") {
        return (...args: unknown[]) => timed(timing, () => (value as (...a: unknown[]) => Promise<unknown>).apply(target, args));
      }
      return (value as (...a: unknown[]) => unknown).bind(target);
    },
  });
  originals.set(wrapped, statement);
  return wrapped;
}

/** The D1 binding, measuring every query and batch (a batch is one round trip). */
export function instrumentD1(d1: D1Database, timing: RequestTiming): D1Database {
  return new Proxy(d1, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (property === "prepare") {
        return (query: string) => wrapStatement(target.prepare(query), timing);
      }
      if (property === "batch") {
        return (statements: D1PreparedStatement[]) =>
          timed(timing, () => target.batch(statements.map((statement) => originals.get(statement) ?? statement)));
      }
      if (property === "exec") {
        return (query: string) => timed(timing, () => target.exec(query));
      }
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** `d1;dur=1.3;desc="2 round trips", render;dur=0.8` */
export function serverTimingHeader(timing: RequestTiming, renderMs: number) {
  const d1 = `d1;dur=${timing.d1Ms.toFixed(2)};desc="${timing.d1RoundTrips} round trips"`;
  return `${d1}, render;dur=${renderMs.toFixed(2)}, total;dur=${(performance.now() - timing.startedAt).toFixed(2)}`;
}
