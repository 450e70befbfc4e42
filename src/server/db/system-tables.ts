/**
 * System tables (JeecgBoot names and columns). `sys_user` and `sys_role` are also
 * the tables of the sysUser / sysRole module schemas: the module migration adds
 * the module's columns to these definitions, it never makes a second table.
 */
import { REQUEST_NONCE_TABLE } from '../protocol/replay.js';
import { AUDIT_COLUMNS, col, type TableDef } from './table-def.js';
import { USER_SETTING_TABLE } from '../settings/table.js';
import { WORKER_TABLE } from './worker.js';
import { COUNTER_TABLE } from '../auth/counters.js';
import { SMS_CODE_TABLE, SMS_LOG_TABLE } from '../auth/sms.js';
import { JOB_FIRE_TABLE } from '../jobs/scheduler.js';
import { SCHEMA_SYNC_TABLE } from './schema-sync-table.js';
import { WRITE_LOG_TABLE } from '../resources/write-log.js';
import { EXPORT_JOB_TABLE } from '../exports/table.js';
import { SUPER_TENANT_ID } from '../context.js';

const { text, int } = col;
const id = text('id', { primaryKey: true });
/**
 * Platform-wide rows (the menu, dictionaries) belong to the platform tenant: their console
 * modules list and write them as the platform's records, and rows the schema sync inserts (or
 * that existed before the column) get it by default.
 */
const platformTenant = int('tenant_id', { notNull: true, default: SUPER_TENANT_ID });

export const SYSTEM_TABLES: TableDef[] = [
  {
    name: 'sys_migration',
    columns: [text('id', { primaryKey: true }), text('applied_at')],
    indexes: [],
  },
  {
    name: 'sys_tenant',
    columns: [
      int('id', { primaryKey: true }),
      text('name', { notNull: true }),
      int('status', { default: 1 }),
      text('create_time'),
      // kept in step with the console's tenant rows (src/server/tenancy/profiles.ts)
      text('begin_date'),
      text('end_date'),
      text('profile_id'),
    ],
    indexes: [],
  },
  {
    name: 'sys_user',
    columns: [
      id,
      text('username', { notNull: true }),
      text('password_hash'),
      text('realname'),
      text('avatar'),
      text('org_id'),
      text('org_code'), // current department (selectDepart), src/server/account
      text('status', { default: "'1'" }),
      int('del_flag', { default: 0 }),
      ...AUDIT_COLUMNS,
    ],
    indexes: [
      { name: 'idx_sys_user_username', columns: ['username'] },
      { name: 'idx_sys_user_tenant_time', columns: ['tenant_id', 'create_time'] },
    ],
  },
  {
    name: 'sys_role',
    columns: [id, text('role_name', { notNull: true }), text('role_code', { notNull: true }), text('description'), ...AUDIT_COLUMNS],
    indexes: [{ name: 'idx_sys_role_code', columns: ['role_code'] }],
  },
  {
    name: 'sys_user_role',
    columns: [id, text('user_id', { notNull: true }), text('role_id', { notNull: true })],
    indexes: [
      { name: 'idx_sys_user_role_user', columns: ['user_id', 'role_id'], unique: true },
      { name: 'idx_sys_user_role_role', columns: ['role_id'] },
    ],
  },
  {
    name: 'sys_permission',
    columns: [
      id,
      text('parent_id'),
      text('name', { notNull: true }),
      text('url'),
      text('component'),
      text('component_name'),
      text('redirect'),
      int('menu_type', { notNull: true, default: 0 }),
      text('perms'),
      text('perms_type', { default: "'1'" }),
      { name: 'sort_no', type: 'real', default: 0 },
      int('always_show', { default: 0 }),
      text('icon'),
      int('is_route', { default: 1 }),
      int('is_leaf', { default: 1 }),
      int('keep_alive', { default: 0 }),
      int('hidden', { default: 0 }),
      text('description'),
      text('status', { default: "'1'" }),
      int('internal_or_external', { default: 0 }),
      int('del_flag', { default: 0 }),
      text('create_time'),
      platformTenant,
    ],
    indexes: [
      { name: 'idx_sys_permission_parent', columns: ['parent_id'] },
      { name: 'idx_sys_permission_perms', columns: ['perms'] },
      // data rules find a resource's menu entries by component on every read
      { name: 'idx_sys_permission_component', columns: ['component'] },
    ],
  },
  {
    name: 'sys_role_permission',
    // data_rule_ids: the data rules of this menu the role is limited by (resources/data-rules.ts)
    columns: [id, text('role_id', { notNull: true }), text('permission_id', { notNull: true }), text('data_rule_ids')],
    indexes: [{ name: 'idx_sys_role_permission_role', columns: ['role_id', 'permission_id'], unique: true }],
  },
  {
    // 部门权限: the menu entries a department may hand out to its department roles
    name: 'sys_depart_permission',
    columns: [id, text('depart_id', { notNull: true }), text('permission_id', { notNull: true }), text('data_rule_ids')],
    indexes: [{ name: 'idx_sys_depart_permission_depart', columns: ['depart_id', 'permission_id'], unique: true }],
  },
  {
    // 部门角色授权: a department role's entries, always within its department's (auth/depart-role-grants.ts)
    name: 'sys_depart_role_permission',
    columns: [id, text('depart_id', { notNull: true }), text('role_id', { notNull: true }), text('permission_id', { notNull: true }), text('data_rule_ids')],
    indexes: [
      { name: 'idx_sys_depart_role_permission_role', columns: ['role_id', 'permission_id'], unique: true },
      { name: 'idx_sys_depart_role_permission_depart', columns: ['depart_id'] },
    ],
  },
  {
    // the users of a department role
    name: 'sys_depart_role_user',
    columns: [id, text('user_id', { notNull: true }), text('drole_id', { notNull: true })],
    indexes: [
      { name: 'idx_sys_depart_role_user_user', columns: ['user_id', 'drole_id'], unique: true },
      { name: 'idx_sys_depart_role_user_role', columns: ['drole_id'] },
    ],
  },
  {
    name: 'sys_dict',
    columns: [id, text('dict_name', { notNull: true }), text('dict_code', { notNull: true }), text('description'), int('del_flag', { default: 0 }), text('create_time'), platformTenant],
    indexes: [{ name: 'idx_sys_dict_code', columns: ['dict_code'], unique: true }],
  },
  {
    name: 'sys_dict_item',
    columns: [
      id,
      text('dict_id', { notNull: true }),
      text('item_text', { notNull: true }),
      text('item_value', { notNull: true }),
      text('item_color'),
      int('sort_order', { default: 0 }),
      int('status', { default: 1 }),
      platformTenant,
    ],
    indexes: [{ name: 'idx_sys_dict_item_dict', columns: ['dict_id', 'sort_order'] }],
  },
  {
    name: 'sys_token',
    columns: [
      text('token', { primaryKey: true }),
      text('user_id', { notNull: true }),
      int('tenant_id', { notNull: true }),
      int('created_at', { notNull: true }),
      int('expires_at', { notNull: true }),
      int('revoked_at'),
      // the session's row in 在线用户 (sys_user_online.id), src/server/auth/online.ts
      text('online_id'),
      text('ip'), // where the session logged in from (个人设置 › 安全设置 lists the sessions)
      text('user_agent'),
    ],
    indexes: [{ name: 'idx_sys_token_user', columns: ['user_id'] }, { name: 'idx_sys_token_online', columns: ['online_id'] }],
  },
  REQUEST_NONCE_TABLE, // signed calls already accepted, for replay refusal (src/server/protocol/replay.ts)
  // Announcement inbox (src/server/notice): one row per recipient of a published sys_announcement.
  {
    name: 'sys_announcement_send',
    columns: [id, text('annt_id', { notNull: true }), text('user_id', { notNull: true }), int('read_flag', { notNull: true, default: 0 }), text('read_time'), int('tenant_id', { notNull: true, default: 0 }), text('create_time')],
    indexes: [
      { name: 'idx_sys_announcement_send_user', columns: ['user_id', 'annt_id'], unique: true },
      { name: 'idx_sys_announcement_send_annt', columns: ['annt_id'] },
    ],
  },
  // User <-> department (his_department) links for getCurrentUserDeparts / selectDepart (src/server/account).
  {
    name: 'sys_user_depart',
    columns: [id, text('user_id', { notNull: true }), text('dep_id', { notNull: true }), int('tenant_id', { notNull: true, default: 0 })],
    indexes: [{ name: 'idx_sys_user_depart_user', columns: ['user_id', 'dep_id'], unique: true }],
  },
  {
    name: 'sys_login_attempt',
    columns: [id, text('username', { notNull: true }), int('at', { notNull: true }), int('success', { notNull: true, default: 0 })],
    indexes: [{ name: 'idx_sys_login_attempt_user', columns: ['username', 'at'] }],
  },
  USER_SETTING_TABLE, // per-user settings (src/server/settings)
  WORKER_TABLE, // worker-number leases of running instances (db/worker.ts)
  COUNTER_TABLE, // atomic counters of lock-outs and rate limits (auth/counters.ts)
  SMS_CODE_TABLE, // SMS verification codes, hashed (auth/sms.ts)
  SMS_LOG_TABLE, // messages of the logging SMS sender (auth/sms.ts)
  JOB_FIRE_TABLE, // one claim per scheduled fire of a job (jobs/scheduler.ts)
  SCHEMA_SYNC_TABLE, // what the schema sync last wrote (db/schema-sync.ts)
  EXPORT_JOB_TABLE, // background exports of 下载中心 (src/server/exports/queue.ts)
  WRITE_LOG_TABLE, // data log of the write pipeline (src/server/resources/write-log.ts)
];
