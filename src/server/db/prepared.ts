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

export class PreparedQuery<A extends readonly unknown[], R = Record<string, unknown>> {
  /** One compilation per database handle (a transaction's handle compiles its own). */
  private readonly compiled = new WeakMap<Kysely<any>, Compiled>();

  constructor(private readonly build: (db: Kysely<any>, ...args: string[]) => Compilable<R>, private readonly arity: number) {}

  private compile(db: Kysely<any>): Compiled {
    const markers = Array.from({ length: this.arity }, (_, i) => `${MARK}${i}\u0000`);
    const q = this.build(db, ...markers).compile();
    const slots = q.parameters.map((p): Slot => {
      const i = typeof p === 'string' ? markers.indexOf(p) : -1;
      if (i >= 0) return { arg: i };
      if (typeof p === 'string' && p.includes(MARK)) throw new Error(`prepared query: a parameter is derived from an argument: ${q.sql}`);
      return { value: p };
    });
    return { sql: q.sql, slots };
  }

  async execute(db: Kysely<any>, ...args: A): Promise<R[]> {
    let c = this.compiled.get(db);
    if (!c) this.compiled.set(db, (c = this.compile(db)));
    const params = c.slots.map((s) => ('arg' in s ? args[s.arg] : s.value));
    return (await db.executeQuery<R>(CompiledQuery.raw(c.sql, params))).rows;
  }
}
