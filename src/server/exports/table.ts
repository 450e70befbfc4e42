/** The table of background export jobs (queue.ts says how its rows move). */
import { col, type TableDef } from '../db/table-def.js';

export const EXPORT_JOB_TABLE: TableDef = {
  name: 'sys_export_job',
  columns: [
    col.text('id', { primaryKey: true }),
    col.int('tenant_id', { notNull: true }),
    col.text('user_id', { notNull: true }),
    col.text('resource', { notNull: true }),
    col.text('file_name', { notNull: true }),
    col.text('plan', { notNull: true }),
    col.text('status', { notNull: true }),
    col.int('total', { notNull: true, default: 0 }),
    col.int('done', { notNull: true, default: 0 }),
    col.int('size', { notNull: true, default: 0 }),
    col.text('file_key'),
    col.text('error'),
    col.text('claimed_by'),
    col.text('heartbeat'),
    col.text('create_time', { notNull: true }),
    col.text('finish_time'),
    col.text('expire_time'),
  ],
  indexes: [
    { name: 'idx_sys_export_job_user', columns: ['user_id', 'create_time'] },
    { name: 'idx_sys_export_job_status', columns: ['status'] },
  ],
};
