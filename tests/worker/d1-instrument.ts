/**
 * A real local D1 database seen through a thin wrapper, for tests that need to watch or break
 * what reaches D1: it records every statement's SQL and bound-parameter count, and lets a test
 * fail executions (simulating an outage or an isolate dying mid-run). Everything that is not
 * failed goes to the real D1 unchanged.
 */
export interface D1Hooks {
  /** Called with every statement's SQL and how many parameters it binds. */
  onBind?: (sql: string, parameters: number) => void;
  /** Called before a statement or batch executes; throw to make the execution fail. */
  beforeExecute?: (sqls: string[]) => void;
  /** Called after a statement or batch executed successfully. */
  afterExecute?: (sqls: string[]) => void;
}

export function instrumentD1(real: D1Database, hooks: D1Hooks): D1Database {
  const originals = new WeakMap<D1PreparedStatement, { statement: D1PreparedStatement; sql: string }>();

  async function execute<T>(sqls: string[], run: () => Promise<T>): Promise<T> {
    hooks.beforeExecute?.(sqls);
    const result = await run();
    hooks.afterExecute?.(sqls);
    return result;
  }

  function wrap(statement: D1PreparedStatement, sql: string): D1PreparedStatement {
    const wrapped = new Proxy<D1PreparedStatement>(statement, {
      get(target, property) {
        switch (property) {
          case "bind":
            return (...values: unknown[]) => {
              hooks.onBind?.(sql, values.length);
              return wrap(target.bind(...values), sql);
            };
          case "run":
            return () => execute([sql], () => target.run());
          case "all":
            return () => execute([sql], () => target.all());
          case "first":
            return (column?: string) => execute([sql], () => (column === undefined ? target.first() : target.first(column)));
          case "raw":
            return (options?: { columnNames?: false }) => execute([sql], () => target.raw(options));
          default: {
            const value: unknown = Reflect.get(target, property, target);
            return typeof value === "function" ? value.bind(target) : value;
          }
        }
      },
    });
    originals.set(wrapped, { statement, sql });
    return wrapped;
  }

  return new Proxy<D1Database>(real, {
    get(target, property) {
      if (property === "prepare") return (sql: string) => wrap(target.prepare(sql), sql);
      if (property === "batch") {
        return (statements: D1PreparedStatement[]) => {
          const unwrapped = statements.map((statement) => originals.get(statement) ?? { statement, sql: "?" });
          return execute(
            unwrapped.map((s) => s.sql),
            () => target.batch(unwrapped.map((s) => s.statement)),
          );
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

export const isProductInsert = (sql: string) => /^insert into "products"/i.test(sql);
