/**
 * Fixed-window counters kept in the database, shared by every instance: each hit is one atomic
 * `INSERT … ON CONFLICT DO UPDATE … RETURNING` (SQLite and PostgreSQL alike), so simultaneous
 * requests on any number of instances are each counted exactly once, before the work they guard.
 */
import { sql } from 'kysely';
import type { Database } from '../db/connection.js';
import { col, type TableDef } from '../db/table-def.js';

export const COUNTER_TABLE: TableDef = {
  name: 'sys_counter',
  columns: [col.text('key', { primaryKey: true }), col.int('n', { notNull: true, default: 0 }), col.int('expires_at', { notNull: true, default: 0 })],
  indexes: [{ name: 'idx_sys_counter_expires', columns: ['expires_at'] }],
};

export class Counters {
  private lastPurge = 0;
  constructor(private database: Database) {}

  /** Counts one hit of `key` in its current window (`windowMs` long) and returns the count so far. */
  async hit(key: string, windowMs: number, now = Date.now()): Promise<number> {
    const expires = now + windowMs;
    const res = await sql<{ n: number }>`
      insert into sys_counter (key, n, expires_at) values (${key}, 1, ${expires})
      on conflict (key) do update set
        n = case when sys_counter.expires_at <= ${now} then 1 else sys_counter.n + 1 end,
        expires_at = case when sys_counter.expires_at <= ${now} then ${expires} else sys_counter.expires_at end
      returning n`.execute(this.database.db);
    if (now - this.lastPurge > 600_000) {
      this.lastPurge = now;
      void sql`delete from sys_counter where expires_at <= ${now}`.execute(this.database.db).catch(() => undefined);
    }
    return Number(res.rows[0]?.n ?? 1);
  }

  /** The count of `key` in its current window (0 when none). */
  async peek(key: string, now = Date.now()): Promise<number> {
    const row = await this.database.db.selectFrom('sys_counter').select('n').where('key', '=', key).where('expires_at', '>', now).executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async reset(key: string): Promise<void> {
    await this.database.db.deleteFrom('sys_counter').where('key', '=', key).execute();
  }
}
