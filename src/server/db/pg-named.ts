/**
 * Server-side prepared statements on PostgreSQL. Kysely sends every query as an unnamed
 * statement, so the backend parses and analyses the same text again on every call (the list
 * path's few small queries spend more backend CPU there than in running them). A pooled
 * connection here names each query text that repeats: the first run on a connection prepares
 * it (Parse), every later run on that connection only binds and executes it, and after a few
 * runs PostgreSQL may keep a generic plan instead of planning again.
 *
 * Rules:
 * - only parameterized queries (the extended protocol; a text without values may hold several
 *   statements), only reads and writes of rows, and only a text seen at least twice (one-off
 *   queries are not kept in every backend);
 * - at most MAX_NAMES texts per process: past it, further texts run unnamed as before;
 * - a table changed under a prepared statement whose result columns change makes PostgreSQL
 *   refuse the statement ("cached plan must not change result type"): that call runs again
 *   unnamed and the text gets a fresh name on its next run.
 * Named statements live in the connection's session, never in a transaction, so a rollback
 * does not drop them and nothing here outlives the connection.
 */
import type pg from 'pg';

/** Most query texts given a name by one process (each pooled backend prepares those it runs). */
export const MAX_NAMES = 500;
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;

export class StatementNames {
  private readonly names = new Map<string, string>();
  private readonly seen = new Map<string, number>();
  private next = 0;

  /** The name to run `text` under, or undefined to run it unnamed. */
  nameOf(text: string): string | undefined {
    const hit = this.names.get(text);
    if (hit !== undefined) return hit;
    if (this.names.size >= MAX_NAMES || !PREPARABLE.test(text)) return undefined;
    if (!this.seen.has(text)) {
      // first sighting: remembered only while there is room (a bounded set of one-offs)
      if (this.seen.size >= MAX_NAMES * 4) this.seen.clear();
      this.seen.set(text, 1);
      return undefined;
    }
    this.seen.delete(text);
    const name = `hosp_${(this.next++).toString(36)}`;
    this.names.set(text, name);
    return name;
  }

  /** Drops the name of `text` (its statement no longer fits the table); the next run names it afresh. */
  forget(text: string): void {
    this.names.delete(text);
  }
}

const stalePlan = (err: unknown) => (err as { code?: string; message?: string })?.code === '0A000' && /cached plan must not change result type/.test(String((err as Error).message));

/** A read asking its rows as arrays (`rowMode: 'array'`), unnamed: named like a `(text, values)` call. */
function arrayRead(a: unknown): a is { text: string; values: unknown[]; rowMode: 'array' } {
  const c = a as { text?: unknown; values?: unknown; rowMode?: unknown; name?: unknown } | null;
  return typeof c === 'object' && c !== null && typeof c.text === 'string' && Array.isArray(c.values) && c.rowMode === 'array' && c.name === undefined;
}

/**
 * Makes `client` run repeated parameterized texts as named statements (its `query(text, values)`
 * and `query({ text, values, rowMode: 'array' })` only; other config objects, cursors and
 * callbacks pass through as they were).
 */
export function nameStatements(client: pg.PoolClient, names: StatementNames): void {
  const plain = client.query.bind(client) as (...args: unknown[]) => Promise<pg.QueryResult>;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const [a, b] = args;
    const config = args.length === 2 && typeof a === 'string' && Array.isArray(b) ? { text: a, values: b } : args.length === 1 && arrayRead(a) ? a : undefined;
    if (!config || config.values.length === 0) return plain(...args);
    const name = names.nameOf(config.text);
    if (name === undefined) return plain(...args);
    return plain({ ...config, name }).catch((err: unknown) => {
      if (!stalePlan(err)) throw err;
      names.forget(config.text);
      // inside a transaction the refusal aborted it: the caller gets the refusal, not the abort
      return plain(...args).catch(() => {
        throw err;
      });
    });
  };
}
