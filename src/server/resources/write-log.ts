/**
 * The data log of the write pipeline: one `sys_write_log` row per record written by add, edit,
 * delete, import, a transition or an effect action, inside the write's transaction (a write
 * that rolls back leaves no log row): who, which tenant, which resource and record, what
 * operation and the version the record reached.
 */
import type { Kysely } from 'kysely';
import { newId, nowText } from '../db/ids.js';
import { col, type TableDef } from '../db/table-def.js';
import type { Caller } from './write.js';

type Db = Kysely<any>;

export const WRITE_LOG_TABLE: TableDef = {
  name: 'sys_write_log',
  columns: [
    col.text('id', { primaryKey: true }),
    col.int('tenant_id', { notNull: true, default: 0 }),
    col.text('resource', { notNull: true }),
    col.text('record_id', { notNull: true }),
    /** add | edit | delete | import | <transition action> | <effect action> */
    col.text('op', { notNull: true }),
    col.int('version'),
    col.text('username'),
    col.text('create_time', { notNull: true }),
  ],
  indexes: [{ name: 'idx_sys_write_log_record', columns: ['tenant_id', 'resource', 'record_id'] }],
};

const CHUNK = 500;

/** Logs `ids` of `resource` written by `op` (version: what the rows now hold, when known). */
export async function logWrites(db: Db, caller: Caller, resource: string, op: string, ids: string[], version?: number): Promise<void> {
  const now = nowText();
  const rows = ids.map((id) => ({
    id: newId(),
    tenant_id: caller.tenantId,
    resource,
    record_id: id,
    op,
    version: version ?? null,
    username: caller.user.username,
    create_time: now,
  }));
  for (let i = 0; i < rows.length; i += CHUNK) await db.insertInto(WRITE_LOG_TABLE.name).values(rows.slice(i, i + CHUNK)).execute();
}
