// The counting harness of issue 25: the Worker's bindings wrapped so that every storage operation a request
// makes is recorded (D1 statements as reads or writes with their table, KV calls, queue messages, Durable
// Object calls, Cache API calls). The app then runs with these bindings (createApp().fetch or the queue
// handler), and tests assert the operations per request type (docs/scale.md).
import type { Env } from '../../workers/env.ts';

export interface StorageOps {
  /** One entry per operation, e.g. `D1 write login_failures`, `KV get`, `DO RATE_LIMITER.consume`. */
  log: string[];
  /** How many entries start with `prefix`. */
  count(prefix: string): number;
  /** The log folded into `{ 'D1 read accounts': 2, 'KV get': 1, … }`, the shape the tests and docs/scale.md use. */
  summary(): Record<string, number>;
  reset(): void;
}

function newOps(): StorageOps {
  const log: string[] = [];
  return {
    log,
    count: (prefix) => log.filter((entry) => entry.startsWith(prefix)).length,
    summary() {
      const out: Record<string, number> = {};
      for (const entry of log) {
        out[entry] = (out[entry] ?? 0) + 1;
      }
      return out;
    },
    reset: () => {
      log.length = 0;
    },
  };
}

/** `D1 read accounts` or `D1 write sessions`: the statement's kind and the first table it names. */
export function describeSql(sql: string): string {
  const text = sql.replace(/\s+/g, ' ').trim();
  const write = !/^(SELECT|WITH)\b/i.test(text);
  const table = /\b(?:FROM|INTO|UPDATE|JOIN)\s+([a-z_]+)/i.exec(text)?.[1] ?? '?';
  return `D1 ${write ? 'write' : 'read'} ${table}`;
}

const REAL = Symbol('real statement');
const SQL = Symbol('statement text');
type Wrapped = D1PreparedStatement & { [REAL]: D1PreparedStatement; [SQL]: string };

function countedStatement(stmt: D1PreparedStatement, sql: string, ops: StorageOps): Wrapped {
  return new Proxy(stmt, {
    get(target, prop) {
      if (prop === REAL) return target;
      if (prop === SQL) return sql;
      if (prop === 'bind') return (...args: unknown[]) => countedStatement(target.bind(...args), sql, ops);
      const value = Reflect.get(target, prop);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        ops.log.push(describeSql(sql));
        return value.apply(target, args);
      };
    },
  }) as Wrapped;
}

function countedD1(db: D1Database, ops: StorageOps): D1Database {
  return new Proxy(db, {
    get(target, prop) {
      if (prop === 'prepare') return (sql: string) => countedStatement(target.prepare(sql), sql, ops);
      if (prop === 'batch')
        return (stmts: Wrapped[]) => {
          // A batch is one transaction: recorded as its statements, each named like a single one.
          for (const s of stmts) ops.log.push(describeSql(s[SQL]));
          return target.batch(stmts.map((s) => s[REAL]));
        };
      if (prop === 'exec')
        return (sql: string) => {
          ops.log.push(describeSql(sql));
          return target.exec(sql);
        };
      const value = Reflect.get(target, prop);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** Wraps an object so that each call of one of `methods` is logged as `${label} ${method}`. */
function countedCalls<T extends object>(target: T, label: string, ops: StorageOps, methods: string[]): T {
  return new Proxy(target, {
    get(t, prop) {
      const value = Reflect.get(t, prop);
      if (typeof value !== 'function') return value;
      if (typeof prop === 'string' && methods.includes(prop))
        return (...args: unknown[]) => {
          ops.log.push(`${label} ${prop}`);
          return value.apply(t, args);
        };
      return value.bind(t);
    },
  });
}

/** A Durable Object namespace whose stubs log every RPC call as `DO <binding>.<method>`. */
function countedNamespace<T extends DurableObjectNamespace>(ns: T, binding: string, ops: StorageOps): T {
  const wrapStub = (stub: DurableObjectStub) =>
    new Proxy(stub, {
      get(target, prop) {
        const value = (target as unknown as Record<string | symbol, unknown>)[prop];
        if (typeof prop !== 'string' || prop === 'then' || typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          ops.log.push(`DO ${binding}.${prop}`);
          // Reflect.apply: on an RPC stub, `method.apply` would be read as a remote property.
          return Reflect.apply(value as (...a: unknown[]) => unknown, target, args);
        };
      },
    });
  return new Proxy(ns, {
    get(target, prop) {
      const value = Reflect.get(target, prop);
      if (typeof value !== 'function') return value;
      if (prop === 'get' || prop === 'getByName')
        return (...args: unknown[]) => wrapStub(value.apply(target, args) as DurableObjectStub);
      return value.bind(target);
    },
  });
}

/**
 * `env` with its storage bindings replaced by counting ones, and the ops they record. The webhook queue is the real
 * one, counted: a consumer run's fan-out reaches it, and the test waits until those deliveries are consumed
 * (queue-fixtures.ts), so none is left for later.
 */
export function countedEnv(env: Env): { env: Env; ops: StorageOps } {
  const ops = newOps();
  const db = countedD1(env.DB, ops);
  return {
    ops,
    env: {
      ...env,
      DB: db,
      SNAPSHOTS: countedCalls(env.SNAPSHOTS, 'KV', ops, ['get', 'getWithMetadata', 'put', 'delete', 'list']),
      WEBHOOK_QUEUE: countedCalls(env.WEBHOOK_QUEUE, 'Queue', ops, ['send', 'sendBatch']),
      WEBHOOK_DLQ: countedCalls(env.WEBHOOK_DLQ, 'DLQ', ops, ['send', 'sendBatch']),
      RATE_LIMITER: countedNamespace(env.RATE_LIMITER, 'RATE_LIMITER', ops),
      IDEMPOTENCY: countedNamespace(env.IDEMPOTENCY, 'IDEMPOTENCY', ops),
      HOSTED_OPENS: countedNamespace(env.HOSTED_OPENS, 'HOSTED_OPENS', ops),
      THROTTLES: countedNamespace(env.THROTTLES, 'THROTTLES', ops),
    },
  };
}
