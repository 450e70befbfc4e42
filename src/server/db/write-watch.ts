/**
 * Which tables each write changed, told once the write is durable: after its statement when it
 * runs alone, after COMMIT when it runs in a transaction (a reader on another connection sees
 * the rows only then). Every statement Kysely runs passes here, whichever code path wrote it,
 * so caches of what a table holds (list totals, reference labels) are invalidated by the write
 * itself rather than by each writer remembering to say so.
 *
 * Wraps a Kysely dialect's driver; reads are passed through untouched.
 */
import type {
  CompiledQuery,
  DatabaseConnection,
  Dialect,
  Driver,
  OperationNode,
  QueryResult,
  TransactionSettings,
} from 'kysely';

export type WriteListener = (tables: ReadonlySet<string>) => void;

export class WriteWatch {
  private listeners = new Set<WriteListener>();

  /** Calls `fn` with the tables of every durable write; returns the unsubscribe. */
  on(fn: WriteListener): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  /** Tells the listeners (a failing listener does not stop the others, nor the write). */
  written(tables: ReadonlySet<string>): void {
    if (tables.size === 0) return;
    for (const fn of this.listeners) {
      try {
        fn(tables);
      } catch (err) {
        console.error('write listener:', err);
      }
    }
  }
}

const identifier = (n: OperationNode | undefined): string | undefined => {
  if (!n) return undefined;
  const node = n as OperationNode & { table?: { identifier?: { name?: string } }; node?: OperationNode };
  if (node.kind === 'TableNode') return node.table?.identifier?.name;
  if (node.kind === 'AliasNode') return identifier(node.node);
  return undefined;
};

/** `insert into "t"`, `update "t"`, `delete from s."t"` (after an optional WITH) in raw SQL: the table's name, schema-qualified or not. */
const NAME = String.raw`(?:"[^"]+"|[\w$]+)`;
const RAW_WRITE = new RegExp(String.raw`^\s*(?:with\b[\s\S]*?\)\s*)?(?:insert\s+(?:or\s+\w+\s+)?into|replace\s+into|update(?:\s+or\s+\w+)?|delete\s+from)\s+(${NAME}(?:\s*\.\s*${NAME})*)`, 'i');
/** The last part of a possibly qualified name, unquoted. */
const lastName = (qualified: string): string => (qualified.match(new RegExp(NAME, 'g')) ?? []).at(-1)?.replace(/^"|"$/g, '') ?? '';

/** The tables a compiled statement writes (none for a read). */
export function writtenTables(q: CompiledQuery): string[] {
  const node = q.query as OperationNode & Record<string, unknown>;
  switch (node.kind) {
    case 'InsertQueryNode':
      return [identifier(node.into as OperationNode)].filter((t): t is string => !!t);
    case 'UpdateQueryNode':
      return [identifier(node.table as OperationNode)].filter((t): t is string => !!t);
    case 'DeleteQueryNode':
      return ((node.from as { froms?: OperationNode[] } | undefined)?.froms ?? []).map(identifier).filter((t): t is string => !!t);
    case 'MergeQueryNode':
      return [identifier(node.into as OperationNode)].filter((t): t is string => !!t);
    case 'SelectQueryNode':
      return [];
    default: {
      const m = RAW_WRITE.exec(q.sql);
      const t = m ? lastName(m[1]!) : '';
      return t ? [t] : [];
    }
  }
}

/** A connection that collects the tables its open transaction writes, and tells the rest at once. */
class WatchedConnection implements DatabaseConnection {
  /** Tables written in the open transaction; undefined outside one. */
  pending?: Set<string>;

  constructor(readonly inner: DatabaseConnection, private readonly watch: WriteWatch) {}

  async executeQuery<R>(q: CompiledQuery): Promise<QueryResult<R>> {
    const tables = writtenTables(q);
    if (tables.length === 0) return this.inner.executeQuery<R>(q);
    try {
      return await this.inner.executeQuery<R>(q);
    } finally {
      // a failed statement may still have changed rows (a multi-row insert on SQLite): told as written
      if (this.pending) for (const t of tables) this.pending.add(t);
      else this.watch.written(new Set(tables));
    }
  }

  streamQuery<R>(q: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(q, chunkSize);
  }
}

class WatchedDriver implements Driver {
  private wrapped = new WeakMap<DatabaseConnection, WatchedConnection>();

  constructor(private readonly inner: Driver, private readonly watch: WriteWatch) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const raw = await this.inner.acquireConnection();
    let c = this.wrapped.get(raw);
    if (!c) this.wrapped.set(raw, (c = new WatchedConnection(raw, this.watch)));
    return c;
  }

  async beginTransaction(c: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    await this.inner.beginTransaction(unwrap(c), settings);
    (c as WatchedConnection).pending = new Set();
  }

  async commitTransaction(c: DatabaseConnection): Promise<void> {
    const w = c as WatchedConnection;
    try {
      await this.inner.commitTransaction(unwrap(c));
    } finally {
      // told after COMMIT; after a failed COMMIT too (what it changed is unknown)
      const tables = w.pending;
      w.pending = undefined;
      if (tables) this.watch.written(tables);
    }
  }

  async rollbackTransaction(c: DatabaseConnection): Promise<void> {
    (c as WatchedConnection).pending = undefined; // nothing it wrote is kept
    await this.inner.rollbackTransaction(unwrap(c));
  }

  async releaseConnection(c: DatabaseConnection): Promise<void> {
    await this.inner.releaseConnection(unwrap(c));
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }

  savepoint?: Driver['savepoint'];
  rollbackToSavepoint?: Driver['rollbackToSavepoint'];
  releaseSavepoint?: Driver['releaseSavepoint'];

  /** Savepoints run inside the transaction: what they write is told with its COMMIT. */
  withSavepoints(): this {
    const { inner } = this;
    if (inner.savepoint) this.savepoint = (c, name, compile) => inner.savepoint!(unwrap(c), name, compile);
    if (inner.rollbackToSavepoint) this.rollbackToSavepoint = (c, name, compile) => inner.rollbackToSavepoint!(unwrap(c), name, compile);
    if (inner.releaseSavepoint) this.releaseSavepoint = (c, name, compile) => inner.releaseSavepoint!(unwrap(c), name, compile);
    return this;
  }
}

const unwrap = (c: DatabaseConnection): DatabaseConnection => (c instanceof WatchedConnection ? c.inner : c);

/** `dialect` with every durable write told to `watch`. */
export function watchedDialect(dialect: Dialect, watch: WriteWatch): Dialect {
  return {
    createDriver: () => new WatchedDriver(dialect.createDriver(), watch).withSavepoints(),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
  };
}
