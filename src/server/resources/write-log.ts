/**
 * The data log of the write pipeline: one `sys_write_log` row per record written by add, edit,
 * delete, import, a transition or an effect action, inside the write's transaction (a write
 * that rolls back leaves no log row): who, which tenant, which resource and record, what
 * operation and the version the record reached. Writes that pass the record's model also keep its
 * content (数据日志): `data_content` the record as it stands after the write (API keys, secrets
 * left out; null once deleted) and `data_before` the record before it (edits, transitions and
 * deletes), so every write keeps the record's previous version and two versions can be compared.
 */
import type { Kysely } from 'kysely';
import { newId, nowText } from '../db/ids.js';
import { col, type TableDef } from '../db/table-def.js';
import type { Caller } from './write.js';
import { rowToRecord, type ResourceModel } from './model.js';

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
    col.text('data_content'),
    col.text('data_before'),
  ],
  indexes: [{ name: 'idx_sys_write_log_record', columns: ['tenant_id', 'resource', 'record_id'] }],
};

const CHUNK = 500;

/** Logs `ids` of `resource` written by `op` (version: what the rows now hold, when known). */
/** The record content to keep with the log rows: the model, and the stored rows before the write. */
export interface WriteSnapshot {
  model: ResourceModel;
  before?: ReadonlyArray<Record<string, unknown>>;
}

const json = (m: ResourceModel, row: Record<string, unknown> | undefined) => (row ? JSON.stringify(rowToRecord(m, row)) : null);

export async function logWrites(db: Db, caller: Caller, resource: string, op: string, ids: string[], version?: number, snapshot?: WriteSnapshot): Promise<void> {
  const now = nowText();
  const after = new Map<string, Record<string, unknown>>();
  const before = new Map<string, Record<string, unknown>>();
  if (snapshot) {
    for (const r of snapshot.before ?? []) before.set(String(r.id), r);
    for (let i = 0; i < ids.length; i += CHUNK) {
      const rows = await db.selectFrom(snapshot.model.table).selectAll().where('id', 'in', ids.slice(i, i + CHUNK)).execute();
      for (const r of rows as Array<Record<string, unknown>>) after.set(String(r.id), r);
    }
  }
  const rows = ids.map((id) => ({
    data_content: snapshot ? json(snapshot.model, after.get(id)) : null,
    data_before: snapshot ? json(snapshot.model, before.get(id)) : null,
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
