/**
 * Replay refusal: a signed call (X-Sign, X-TIMESTAMP, the access-auth random) is accepted
 * once. Each accepted triple is one indexed insert into sys_request_nonce, shared by every
 * instance on the same database; the insert that finds the key taken is the replay. A triple
 * is remembered until its timestamp can no longer pass the skew check, then purged.
 */
import { createHash } from 'node:crypto';
import { MAX_TIMESTAMP_SKEW_MS } from '../../core/protocol/index.js';
import type { Database } from '../db/connection.js';
import { col, type TableDef } from '../db/table-def.js';

export const REQUEST_NONCE_TABLE: TableDef = {
  name: 'sys_request_nonce',
  columns: [col.text('id', { primaryKey: true }), col.int('expires_at', { notNull: true })],
  indexes: [{ name: 'idx_sys_request_nonce_expires', columns: ['expires_at'] }],
};

/** Extra time a triple is kept beyond the skew window, for clocks of instances that differ slightly. */
const KEEP_MARGIN_MS = 60_000;
/** Expired rows are purged at most this often. */
const PURGE_EVERY_MS = 60_000;

export interface ReplayGuard {
  /** True the first time a triple is seen, false for every repeat within its window. */
  claim(sign: string, timestamp: string, random: string): Promise<boolean>;
}

export function nonceKey(sign: string, timestamp: string, random: string): string {
  return createHash('sha256').update(`${sign.toUpperCase()}\n${timestamp}\n${random}`).digest('base64url');
}

export class DatabaseReplayGuard implements ReplayGuard {
  private nextPurge = 0;
  /** SQLite: one prepared statement (the hot path of every call); PostgreSQL goes through Kysely. */
  private readonly insertSqlite: ((id: string, expiresAt: number) => number) | null;

  constructor(
    private readonly database: Database,
    private readonly now: () => number = Date.now,
  ) {
    const raw = database.raw;
    if (raw) {
      const st = raw.prepare(`insert into ${REQUEST_NONCE_TABLE.name} (id, expires_at) values (?, ?) on conflict (id) do nothing`);
      this.insertSqlite = (id, expiresAt) => st.run(id, expiresAt).changes;
    } else {
      this.insertSqlite = null;
    }
  }

  async claim(sign: string, timestamp: string, random: string): Promise<boolean> {
    const now = this.now();
    if (now >= this.nextPurge) {
      this.nextPurge = now + PURGE_EVERY_MS;
      await this.purge(now);
    }
    const id = nonceKey(sign, timestamp, random);
    const expiresAt = Number(timestamp) + MAX_TIMESTAMP_SKEW_MS + KEEP_MARGIN_MS;
    if (this.insertSqlite) return this.insertSqlite(id, expiresAt) > 0;
    const r = await this.database.db
      .insertInto(REQUEST_NONCE_TABLE.name)
      .values({ id, expires_at: expiresAt })
      .onConflict((oc) => oc.column('id').doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /** Deletes triples whose timestamp can no longer pass the skew check. */
  async purge(now = this.now()): Promise<void> {
    await this.database.db.deleteFrom(REQUEST_NONCE_TABLE.name).where('expires_at', '<', now).execute();
  }
}
