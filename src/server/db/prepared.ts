/**
 * Queries of a fixed shape, built and compiled by Kysely once per database handle and run
 * many times with new values. Building and compiling a query tree with joins costs more CPU
 * than running the small indexed query itself (tens of µs on every list call for the data
 * rules alone), so the hot paths compile once.
 *
 * The builder receives one marker per argument in place of the values. Every bound parameter of
 * the compiled query must be exactly one marker or a constant of the builder (`del_flag = 0`);
 * a parameter derived from a marker (a `%` added in JavaScript, a marker inside an IN list that
 * changes length) cannot be rebound, so preparing such a query throws instead of running
 * wrong SQL.
 */
import { CompiledQuery, type Compilable, type Kysely } from 'kysely';

const MARK = '\u0000prepared-arg-';

type Slot = { arg: number } | { value: unknown };

interface Compiled {
  sql: string;
  slots: Slot[];
}

/** Compiles `build` with one marker per argument and records where each argument is bound. */
function compileMarked<R>(db: Kysely<any>, build: (db: Kysely<any>, ...args: string[]) => Compilable<R>, arity: number): Compiled {
  const markers = Array.from({ length: arity }, (_, i) => `${MARK}${i}\u0000`);
  const q = build(db, ...markers).compile();
  const slots = q.parameters.map((p): Slot => {
    const i = typeof p === 'string' ? markers.indexOf(p) : -1;
    if (i >= 0) return { arg: i };
    if (typeof p === 'string' && p.includes(MARK)) throw new Error(`prepared query: a parameter is derived from an argument: ${q.sql}`);
    return { value: p };
  });
  return { sql: q.sql, slots };
}

const bind = (c: Compiled, args: readonly unknown[]): unknown[] => c.slots.map((s) => ('arg' in s ? args[s.arg] : s.value));

async function run<R>(db: Kysely<any>, c: Compiled, args: readonly unknown[]): Promise<R[]> {
  return (await db.executeQuery<R>(CompiledQuery.raw(c.sql, bind(c, args)))).rows;
}

export class PreparedQuery<A extends readonly unknown[], R = Record<string, unknown>> {
  /** One compilation per database handle (a transaction's handle compiles its own). */
  private readonly compiled = new WeakMap<Kysely<any>, Compiled>();

  constructor(private readonly build: (db: Kysely<any>, ...args: string[]) => Compilable<R>, private readonly arity: number) {}

  async execute(db: Kysely<any>, ...args: A): Promise<R[]> {
    let c = this.compiled.get(db);
    if (!c) this.compiled.set(db, (c = compileMarked(db, this.build, this.arity)));
    return run<R>(db, c, args);
  }
}

/**
 * Queries whose shape the caller names by a key (e.g. a list's filters and paging columns):
 * each key is built and compiled once per database handle, later runs bind the markers'
 * arguments. The key must name everything the builder reads besides the markers; the compiled
 * text depends on nothing else (no data), so it cannot go stale. At most `max` keys per handle
 * are kept; past it the set starts again.
 */
export class QueryShapes {
  private readonly compiled = new WeakMap<Kysely<any>, Map<string, Compiled>>();

  constructor(private readonly max = 1000) {}

  async execute<R>(db: Kysely<any>, key: string, build: (db: Kysely<any>, ...args: string[]) => Compilable<R>, args: readonly unknown[]): Promise<R[]> {
    return run<R>(db, this.shape(db, key, build, args.length), args);
  }

  /** The SQL text and bound parameters of `key` with `args`, for a caller that runs it itself (e.g. rows as arrays). */
  compile(db: Kysely<any>, key: string, build: (db: Kysely<any>, ...args: string[]) => Compilable<unknown>, args: readonly unknown[]): { sql: string; parameters: unknown[] } {
    const c = this.shape(db, key, build, args.length);
    return { sql: c.sql, parameters: bind(c, args) };
  }

  private shape(db: Kysely<any>, key: string, build: (db: Kysely<any>, ...args: string[]) => Compilable<unknown>, arity: number): Compiled {
    let byKey = this.compiled.get(db);
    if (!byKey) this.compiled.set(db, (byKey = new Map()));
    const shape = `${arity}\u0000${key}`;
    let c = byKey.get(shape);
    if (!c) {
      c = compileMarked(db, build, arity);
      if (byKey.size >= this.max) byKey.clear();
      byKey.set(shape, c);
    }
    return c;
  }
}
