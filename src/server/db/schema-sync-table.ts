/**
 * sys_schema_sync: what the schema sync last wrote, one row per managed thing. `id` names the
 * thing (`perm:page:hisDoctor`, `dict-item:sex:1`, `grant:<roleId>:<code>`, ...), `target_id`
 * the row it manages, `state` the JSON of the values it wrote. A value in the database that
 * differs from `state` was changed by an administrator and is kept; a grant with a row here
 * was made once and is not made again.
 */
import { col, type TableDef } from './table-def.js';

export const SCHEMA_SYNC_TABLE: TableDef = {
  name: 'sys_schema_sync',
  columns: [col.text('id', { primaryKey: true }), col.text('target_id'), col.text('state'), col.text('sync_time')],
  indexes: [],
};
