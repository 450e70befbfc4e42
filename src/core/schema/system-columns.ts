/**
 * The columns every module table has besides its declared fields, defined once: their keys,
 * snake_case columns, storage, titles (list settings, Excel) and whether an export may carry them.
 */
import type { Storage } from '../kinds/types.js';

export interface SystemField {
  key: string;
  column: string;
  title: string;
  storage: Storage;
  notNull: boolean;
  /** Offered as an export column. */
  exportable: boolean;
}

export const SYSTEM_FIELDS: readonly SystemField[] = [
  { key: 'id', column: 'id', title: '主键', storage: 'text', notNull: true, exportable: true },
  { key: 'tenantId', column: 'tenant_id', title: '租户', storage: 'integer', notNull: true, exportable: false },
  { key: 'createBy', column: 'create_by', title: '创建人', storage: 'text', notNull: false, exportable: true },
  { key: 'createTime', column: 'create_time', title: '创建时间', storage: 'text', notNull: false, exportable: true },
  { key: 'updateBy', column: 'update_by', title: '更新人', storage: 'text', notNull: false, exportable: true },
  { key: 'updateTime', column: 'update_time', title: '更新时间', storage: 'text', notNull: false, exportable: true },
  // optimistic concurrency: 1 on insert, +1 on every write of the row
  { key: 'version', column: 'version', title: '版本号', storage: 'integer', notNull: true, exportable: false },
];
