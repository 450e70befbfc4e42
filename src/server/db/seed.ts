/**
 * First-start seed (only when sys_tenant is empty), in one transaction: tenants, the roles of
 * roles.json, the demo users and SEED_ROWS demo rows per module per tenant (src/server/demo,
 * in seedOrder). The menu/permission tree, the dictionaries and the roles' grants are written
 * by the schema sync that follows (schema-sync.ts), on the first start as on every other.
 */
import type { AccessData } from '../../core/schema/access-data.js';
import type { AppContext } from '../context.js';
import { SUPER_ADMIN_ROLE, SUPER_TENANT_ID } from '../context.js';
import { hashPassword } from '../auth/password.js';
import { toStored, type ResourceModel } from '../resources/model.js';
import { inTransaction, type Database } from './connection.js';
import { newId, nowText } from './ids.js';
import { recountAll } from '../resources/counts.js';
import { demoToday, generateRows, recordsWithRefs, seedOrder } from '../demo/index.js';
import { hashSeed } from '../demo/prng.js';
import { seedLang } from './seed-lang.js';
import { settleDemoRows } from './seed-settle.js';

export const HOSPITAL_TENANT_ID = 1001;

export const TENANTS = [
  { id: SUPER_TENANT_ID, name: '平台运营中心' },
  { id: HOSPITAL_TENANT_ID, name: '宁夏医科大学总医院互联网医院' },
];

export const DEMO_USERS = [
  { username: 'admin', password: '', realname: '系统管理员', tenant: SUPER_TENANT_ID, role: SUPER_ADMIN_ROLE, phone: '13800000000', workNo: 'P0001', sex: '1' },
  { username: 'yunying', password: 'Yunying@2026', realname: '运营专员', tenant: SUPER_TENANT_ID, role: 'yunying', phone: '13800000001', workNo: 'P0002', sex: '2' },
  { username: 'hospadmin', password: 'Hosp@123456', realname: '医院管理员', tenant: HOSPITAL_TENANT_ID, role: 'hospadmin', phone: '13800000002', workNo: 'H0001', sex: '1' },
  { username: 'zhuli', password: 'Zhuli@123456', realname: '医生助理', tenant: HOSPITAL_TENANT_ID, role: 'zhuli', phone: '13800000003', workNo: 'H0002', sex: '2' },
];

/** Password of the generated (non-demo) users. */
export const GENERATED_USER_PASSWORD = 'Demo@123456';

type Row = Record<string, unknown>;
export type SeedPlan = Array<{ table: string; rows: Row[] }>;

function moduleRow(m: ResourceModel, rec: Row, tenantId: number, passwordHash: string, createTime: string): Row {
  const row: Row = {
    id: typeof rec.id === 'string' && /^\d{1,19}$/.test(rec.id) ? rec.id : newId(),
    tenant_id: tenantId,
    create_by: 'admin',
    create_time: typeof rec.createTime === 'string' ? rec.createTime : createTime,
    update_by: null,
    update_time: null,
  };
  for (const c of m.fields) {
    if (c.field.kind === 'password') {
      row[c.column] = rec[c.key] === undefined ? null : passwordHash;
      continue;
    }
    if (rec[c.key] !== undefined) row[c.column] = toStored(c, rec[c.key]);
  }
  return row;
}

export interface SeedOptions {
  adminPassword: string;
  rows: number;
  /** roles.json and menu-groups.json of the schemas root. */
  access: AccessData;
}

export async function buildSeedPlan(ctx: AppContext, opts: SeedOptions): Promise<SeedPlan> {
  const { registry } = ctx;
  const schemas = [...registry.resources.values()];
  const now = nowText();
  const demoNow = demoToday(now);
  const plan: SeedPlan = [];
  const add = (table: string, rows: Row[]) => {
    const hit = plan.find((p) => p.table === table);
    if (hit) hit.rows.push(...rows);
    else plan.push({ table, rows });
  };

  add('sys_tenant', TENANTS.map((t) => ({ id: t.id, name: t.name, status: 1, create_time: now })));

  const roleModel = ctx.models.get('sysRole');
  const userModel = ctx.models.get('sysUser');
  const roleIds = new Map<string, string>();
  const roleIdsByTenant = new Map<number, string[]>();
  for (const r of opts.access.roles) {
    if (!TENANTS.some((t) => t.id === r.tenant)) continue;
    const id = newId();
    roleIds.set(r.code, id);
    roleIdsByTenant.set(r.tenant, [...(roleIdsByTenant.get(r.tenant) ?? []), id]);
    const rec = { roleName: r.name, roleCode: r.code, description: r.description ?? null };
    const row = roleModel ? moduleRow(roleModel, rec, r.tenant, '', now) : { id, tenant_id: r.tenant, create_time: now, create_by: 'admin' };
    row.id = id;
    row.role_name = r.name;
    row.role_code = r.code;
    add('sys_role', [row]);
  }

  const userRows: Row[] = [];
  for (const u of DEMO_USERS) {
    const password = u.username === 'admin' ? opts.adminPassword : u.password;
    const hash = await hashPassword(password);
    const rec: Row = { username: u.username, realname: u.realname, workNo: u.workNo, phone: u.phone, sex: u.sex, status: '1', roleIds: roleIds.get(u.role) };
    const row = userModel ? moduleRow(userModel, rec, u.tenant, hash, now) : { id: newId(), tenant_id: u.tenant, create_time: now, create_by: 'admin' };
    row.username = u.username;
    row.realname = u.realname;
    row.password_hash = hash;
    row.role_ids = roleIds.get(u.role);
    row.status = '1';
    row.del_flag = 0;
    userRows.push(row);
  }
  add('sys_user', userRows);

  if (opts.rows > 0) {
    const generatedHash = await hashPassword(GENERATED_USER_PASSWORD);
    const ordered = seedOrder(schemas);
    for (const tenant of TENANTS) {
      const refIds: Record<string, string[]> = {
        sysRole: [...(roleIdsByTenant.get(tenant.id) ?? [])],
        sysUser: userRows.filter((u) => u.tenant_id === tenant.id).map((u) => String(u.id)),
      };
      // API-shaped stored rows per resource, for refs filtered by another field.
      const refRows: Record<string, Row[]> = {};
      for (const s of ordered) {
        const m = ctx.models.get(s.name);
        if (!m) continue;
        const taken = new Map<string, Set<unknown>>();
        for (const c of m.unique) {
          const existing = plan.find((p) => p.table === m.table)?.rows.filter((r) => r.tenant_id === tenant.id) ?? [];
          taken.set(c.column, new Set(existing.map((r) => r[c.column])));
        }
        // each module's rows are seeded by its name: adding a module changes no other module's rows
        const recs = s.demo?.records
          ? recordsWithRefs(s, s.demo.records, refRows)
          : generateRows(s, Math.min(opts.rows, s.demo?.rows ?? opts.rows), { seed: hashSeed(tenant.id, s.name), tenantId: tenant.id, dicts: registry.dicts, refIds, refRows, now: demoNow });
        const rows: Row[] = [];
        const apiRows: Row[] = [];
        // fixed records of a tree name their parent by its label (an earlier record's)
        const parents = s.demo?.records ? m.fields.filter((c) => (c.field.kind === 'ref' || c.field.kind === 'treeRef') && c.field.ref?.resource === s.name && (c.field.ref.value ?? 'id') === 'id') : [];
        const idByLabel = new Map<string, string>();
        for (const rec of recs) {
          const row = moduleRow(m, rec, tenant.id, generatedHash, now);
          for (const c of parents) {
            const parentId = idByLabel.get(`${c.key}\u0000${String(rec[c.key])}`);
            if (parentId) {
              row[c.column] = parentId;
              rec[c.key] = parentId;
            }
          }
          if (m.unique.some((c) => row[c.column] != null && taken.get(c.column)!.has(row[c.column]))) continue;
          for (const c of m.unique) taken.get(c.column)!.add(row[c.column]);
          if (m.table === 'sys_user') row.del_flag = 0;
          rows.push(row);
          apiRows.push({ ...rec, id: row.id });
          for (const c of parents) idByLabel.set(`${c.key}\u0000${String(rec[c.field.ref!.label])}`, String(row.id));
        }
        add(m.table, rows);
        refIds[s.name] = [...(refIds[s.name] ?? []), ...rows.map((r) => String(r.id))];
        refRows[s.name] = apiRows;
      }
      settleDemoRows(ctx, plan, tenant.id, now);
    }
  }

  seedLang(ctx, plan, TENANTS.map((t) => t.id), now);

  // sys_user_role mirrors sys_user.role_ids.
  const users = plan.find((p) => p.table === 'sys_user')?.rows ?? [];
  add(
    'sys_user_role',
    users.flatMap((u) =>
      [...new Set(String(u.role_ids ?? '').split(',').filter(Boolean))].map((rid) => ({ id: newId(), user_id: u.id, role_id: rid })),
    ),
  );
  return plan;
}

/**
 * Inserts the plan in one transaction (SQLite: prepared statements on the raw handle, which the
 * write watch does not see: it runs at start, before any list or label is cached).
 */
export async function insertPlan(database: Database, plan: SeedPlan): Promise<void> {
  if (database.raw) {
    const raw = database.raw;
    raw.transaction(() => {
      for (const { table, rows } of plan) {
        const stmts = new Map<string, { run(...a: unknown[]): unknown }>();
        for (const row of rows) {
          const cols = Object.keys(row);
          const key = cols.join(',');
          let st = stmts.get(key);
          if (!st) {
            st = raw.prepare(`insert into "${table}" (${cols.map((c) => `"${c}"`).join(',')}) values (${cols.map(() => '?').join(',')})`);
            stmts.set(key, st);
          }
          st.run(...cols.map((c) => row[c] as unknown));
        }
      }
    })();
    return;
  }
  const insert = async (db: Database['db']) => {
    for (const { table, rows } of plan) {
      for (let i = 0; i < rows.length; i += 200) await db.insertInto(table).values(rows.slice(i, i + 200)).execute();
    }
  };
  await inTransaction(database.db, insert);
}

export async function seedIfEmpty(ctx: AppContext, opts: SeedOptions): Promise<boolean> {
  const row = await ctx.database.db.selectFrom('sys_tenant').select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
  if (Number(row?.n ?? 0) > 0) return false;
  const plan = await buildSeedPlan(ctx, opts);
  await insertPlan(ctx.database, plan);
  // demo rows are generated independently: counts (`countOf`) follow the rows they count
  await recountAll(ctx);
  return true;
}

