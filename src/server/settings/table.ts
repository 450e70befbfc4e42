/** sys_user_setting: per-user, per-tenant JSON settings (column settings `table:<resource>`, ...). */
import { col, type TableDef } from '../db/table-def.js';

export const USER_SETTING_TABLE: TableDef = {
  name: 'sys_user_setting',
  columns: [
    col.text('id', { primaryKey: true }),
    col.text('user_id', { notNull: true }),
    col.int('tenant_id', { notNull: true, default: 0 }),
    col.text('key', { notNull: true }),
    col.text('value'),
    col.text('update_time'),
  ],
  indexes: [{ name: 'idx_sys_user_setting_user_key', columns: ['user_id', 'tenant_id', 'key'], unique: true }],
};
