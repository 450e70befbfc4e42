/**
 * Schema sync, on every start (after the migration and the first-start seed, under the same
 * lock): brings sys_permission (首页, group directories, module pages, buttons), sys_dict /
 * sys_dict_item and the seeded roles' grants in line with the schemas root.
 *
 * - Each managed row has a sys_schema_sync record of the values the sync last wrote. A field is
 *   updated to the schema's value only while the row still holds the recorded value: what an
 *   administrator changed in the console is kept.
 * - New entries are added; entries whose schema was removed are hidden (menu rows `hidden = 1`,
 *   dictionaries `del_flag = 1`, dictionary items `status = 0`), never deleted.
 * - Rows without a record are the administrator's (menus, dictionary items added in the
 *   console) and are left alone, except that on a database seeded before records existed the
 *   schema's own rows are adopted (matched by component, code, url or value).
 * - A menu entry an administrator deleted is not recreated; a dictionary or dictionary item of
 *   the schema that is missing is added back (modules depend on their values).
 * - A role of roles.json missing from sys_role is created once (the seed creates the first ones).
 * - Each role of roles.json gets each of its codes once (`grant:<roleId>:<code>` records): a
 *   grant an administrator removed stays removed. On a database from before records existed,
 *   codes whose buttons were already there count as granted.
 */
import { inTransaction } from './connection.js';
import type { Kysely } from 'kysely';
import { roleCodes, type AccessData } from '../../core/schema/access-data.js';
import type { Registry } from '../../core/schema/registry.js';
import { newId, nowText } from './ids.js';
import { HOME_PERMISSION_ID, menuSeed, type PermissionSeed } from './seed-menu.js';

type Db = Kysely<any>;
type Row = Record<string, unknown>;
type State = Record<string, unknown>;

interface SyncRecord {
  id: string;
  target_id: string | null;
  state: State;
}

export interface SyncReport {
  added: string[];
  updated: string[];
  hidden: string[];
  granted: string[];
}

const SYNC = 'sys_schema_sync';
/** sys_permission columns the sync owns (compared three ways). */
const PERM_FIELDS = ['parent_id', 'name', 'url', 'component', 'redirect', 'menu_type', 'perms', 'sort_no', 'icon', 'is_leaf', 'keep_alive', 'hidden'] as const;
const DICT_FIELDS = ['dict_name', 'del_flag'] as const;
const ITEM_FIELDS = ['item_text', 'item_color', 'sort_order'] as const;

const same = (a: unknown, b: unknown) => (a == null ? null : String(a)) === (b == null ? null : String(b));
const pick = (row: Row, fields: readonly string[]): State => Object.fromEntries(fields.map((f) => [f, row[f] ?? null]));

async function insertMany(db: Db, table: string, rows: Row[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 200) await db.insertInto(table).values(rows.slice(i, i + 200)).execute();
}

/** Records, and the writes of one run, batched. */
class Ledger {
  readonly records = new Map<string, SyncRecord>();
  private readonly changed = new Map<string, SyncRecord>();
  readonly report: SyncReport = { added: [], updated: [], hidden: [], granted: [] };
  readonly now = nowText();

  constructor(private readonly db: Db) {}

  async load(): Promise<void> {
    for (const r of await this.db.selectFrom(SYNC).selectAll().execute()) {
      this.records.set(String(r.id), { id: String(r.id), target_id: r.target_id == null ? null : String(r.target_id), state: r.state ? (JSON.parse(String(r.state)) as State) : {} });
    }
  }

  get(id: string): SyncRecord | undefined {
    return this.records.get(id);
  }

  set(id: string, targetId: string | null, state: State): void {
    const prev = this.records.get(id);
    if (prev && prev.target_id === targetId && JSON.stringify(prev.state) === JSON.stringify(state)) return;
    const rec = { id, target_id: targetId, state };
    this.records.set(id, rec);
    this.changed.set(id, rec);
  }

  async flush(): Promise<void> {
    const rows = [...this.changed.values()];
    this.changed.clear();
    if (!rows.length) return;
    const ids = rows.map((r) => r.id);
    for (let i = 0; i < ids.length; i += 500) await this.db.deleteFrom(SYNC).where('id', 'in', ids.slice(i, i + 500)).execute();
    await insertMany(this.db, SYNC, rows.map((r) => ({ id: r.id, target_id: r.target_id, state: JSON.stringify(r.state), sync_time: this.now })));
  }
}

/**
 * Three-way update of one existing row: a field takes the schema's value when the row still
 * holds what the sync last wrote (or, with no record, always). Returns the changed columns.
 */
function merge(row: Row, desired: State, recorded: State | undefined): State {
  const set: State = {};
  for (const [f, v] of Object.entries(desired)) {
    if (same(row[f], v)) continue;
    if (recorded && f in recorded && !same(row[f], recorded[f])) continue; // changed in the console
    set[f] = v;
  }
  return set;
}

async function syncPermissions(db: Db, ledger: Ledger, registry: Registry, access: AccessData): Promise<{ ids: Map<string, string>; adopted: Set<string> }> {
  const desired = menuSeed([...registry.resources.values()], newId, access.menuGroups);
  const rows = (await db.selectFrom('sys_permission').selectAll().execute()) as Row[];
  const byId = new Map(rows.map((r) => [String(r.id), r]));
  const recordedTargets = new Set([...ledger.records.values()].filter((r) => r.id.startsWith('perm:')).map((r) => r.target_id));
  const free = (r: Row) => !recordedTargets.has(String(r.id));
  /** key -> row id in the database, for parents and grants. */
  const ids = new Map<string, string>();
  /** keys whose row existed before this run without a record (a database seeded before records). */
  const adopted = new Set<string>();
  const inserts: Row[] = [];

  const adopt = (p: PermissionSeed, parentId: string | null): Row | undefined => {
    const candidates = rows.filter((r) => free(r) && Number(r.menu_type) === p.menu_type);
    if (p.key === 'perm:home') return candidates.find((r) => r.url === p.url);
    if (p.menu_type === 0) return candidates.find((r) => r.component === p.component && r.name === p.name);
    if (p.menu_type === 1) return candidates.find((r) => r.component === p.component);
    return candidates.find((r) => r.perms === p.perms && (parentId === null || String(r.parent_id) === parentId));
  };

  const keyOf = new Map(desired.map((p) => [p.id, p.key!]));
  for (const p of desired) {
    const key = p.key!;
    const parentId = p.parent_id ? ids.get(keyOf.get(p.parent_id)!) ?? null : null;
    if (p.parent_id && parentId === null) continue; // its directory or page was deleted in the console
    const { id: _id, key: _key, resource: _res, ...columns } = p;
    const want: State = { ...pick(columns, PERM_FIELDS), parent_id: parentId };
    const rec = ledger.get(key);
    if (rec) {
      const row = rec.target_id ? byId.get(rec.target_id) : undefined;
      if (!row) continue; // deleted in the console: not recreated
      const set = merge(row, want, rec.state);
      if (Object.keys(set).length) {
        await db.updateTable('sys_permission').set(set).where('id', '=', rec.target_id).execute();
        ledger.report.updated.push(key);
      }
      ids.set(key, rec.target_id!);
      ledger.set(key, rec.target_id, want);
      continue;
    }
    const old = adopt(p, parentId);
    if (old) {
      const set = merge(old, want, undefined);
      if (Object.keys(set).length) {
        await db.updateTable('sys_permission').set(set).where('id', '=', old.id).execute();
        ledger.report.updated.push(key);
      }
      recordedTargets.add(String(old.id));
      ids.set(key, String(old.id));
      adopted.add(key);
      ledger.set(key, String(old.id), want);
      continue;
    }
    const id = key === 'perm:home' && !byId.has(HOME_PERMISSION_ID) ? HOME_PERMISSION_ID : newId();
    inserts.push({ ...columns, id, parent_id: parentId, create_time: ledger.now });
    ids.set(key, id);
    ledger.report.added.push(key);
    ledger.set(key, id, want);
  }
  await insertMany(db, 'sys_permission', inserts);

  // entries whose module or group is gone: hidden (unless the console already changed that)
  const wanted = new Set(desired.map((p) => p.key!));
  for (const rec of ledger.records.values()) {
    if (!rec.id.startsWith('perm:') || wanted.has(rec.id) || !rec.target_id) continue;
    const row = byId.get(rec.target_id);
    if (!row || Number(rec.state.hidden) === 1) continue;
    if (same(row.hidden, rec.state.hidden)) {
      await db.updateTable('sys_permission').set({ hidden: 1 }).where('id', '=', rec.target_id).execute();
      ledger.report.hidden.push(rec.id);
    }
    ledger.set(rec.id, rec.target_id, { ...rec.state, hidden: 1 });
  }
  return { ids, adopted };
}

async function syncDicts(db: Db, ledger: Ledger, registry: Registry): Promise<void> {
  const dicts = (await db.selectFrom('sys_dict').selectAll().execute()) as Row[];
  const items = (await db.selectFrom('sys_dict_item').selectAll().execute()) as Row[];
  const dictByCode = new Map(dicts.map((d) => [String(d.dict_code), d]));
  const itemsOf = new Map<string, Row[]>();
  for (const it of items) itemsOf.set(String(it.dict_id), [...(itemsOf.get(String(it.dict_id)) ?? []), it]);
  const newDicts: Row[] = [];
  const newItems: Row[] = [];
  const itemUpdates: Array<{ id: string; set: State }> = [];

  for (const d of registry.dicts.values()) {
    const key = `dict:${d.code}`;
    const want: State = { dict_name: d.title, del_flag: 0 };
    const rec = ledger.get(key);
    let row = dictByCode.get(d.code);
    let dictId: string;
    if (row) {
      dictId = String(row.id);
      const set = merge(row, want, rec?.state);
      if (Object.keys(set).length) {
        await db.updateTable('sys_dict').set(set).where('id', '=', dictId).execute();
        ledger.report.updated.push(key);
      }
    } else {
      dictId = newId();
      row = { id: dictId, dict_name: d.title, dict_code: d.code, description: null, del_flag: 0, create_time: ledger.now };
      newDicts.push(row);
      ledger.report.added.push(key);
    }
    ledger.set(key, dictId, pick(want, DICT_FIELDS));

    const present = new Map((itemsOf.get(dictId) ?? []).map((it) => [String(it.item_value), it]));
    d.items.forEach((it, i) => {
      const ikey = `dict-item:${d.code}:${it.value}`;
      const iwant: State = { item_text: it.text, item_color: it.color ?? null, sort_order: i + 1 };
      const irec = ledger.get(ikey);
      const existing = present.get(it.value);
      if (existing) {
        const set = merge(existing, iwant, irec?.state);
        // a schema item the sync had hidden comes back
        if (irec && Number(irec.state.status) === 0 && same(existing.status, 0)) set.status = 1;
        if (Object.keys(set).length) {
          itemUpdates.push({ id: String(existing.id), set });
          ledger.report.updated.push(ikey);
        }
        ledger.set(ikey, String(existing.id), iwant);
      } else {
        const id = newId();
        newItems.push({ id, dict_id: dictId, item_text: it.text, item_value: it.value, item_color: it.color ?? null, sort_order: i + 1, status: 1 });
        ledger.report.added.push(ikey);
        ledger.set(ikey, id, iwant);
      }
    });
  }
  await insertMany(db, 'sys_dict', newDicts);
  await insertMany(db, 'sys_dict_item', newItems);
  for (const u of itemUpdates) await db.updateTable('sys_dict_item').set(u.set).where('id', '=', u.id).execute();

  // dictionaries and items whose schema is gone: hidden
  for (const rec of ledger.records.values()) {
    if (rec.id.startsWith('dict:') && !registry.dicts.has(rec.id.slice(5)) && rec.target_id && Number(rec.state.del_flag) !== 1) {
      const row = dicts.find((d) => String(d.id) === rec.target_id);
      if (row && same(row.del_flag, rec.state.del_flag)) {
        await db.updateTable('sys_dict').set({ del_flag: 1 }).where('id', '=', rec.target_id).execute();
        ledger.report.hidden.push(rec.id);
      }
      ledger.set(rec.id, rec.target_id, { ...rec.state, del_flag: 1 });
    }
    if (rec.id.startsWith('dict-item:') && rec.target_id && Number(rec.state.status) !== 0) {
      const [, code, ...value] = rec.id.split(':');
      const d = registry.dicts.get(code!);
      if (d?.items.some((it) => it.value === value.join(':'))) continue;
      const row = items.find((it) => String(it.id) === rec.target_id);
      if (row && Number(row.status) === 1) {
        await db.updateTable('sys_dict_item').set({ status: 0 }).where('id', '=', rec.target_id).execute();
        ledger.report.hidden.push(rec.id);
      }
      ledger.set(rec.id, rec.target_id, { ...rec.state, status: 0 });
    }
  }
}

async function syncGrants(db: Db, ledger: Ledger, registry: Registry, access: AccessData, perms: { ids: Map<string, string>; adopted: Set<string> }): Promise<void> {
  if (!access.roles.length) return;
  const permRows = (await db.selectFrom('sys_permission').select(['id', 'parent_id']).execute()) as Row[];
  const parentOf = new Map(permRows.map((r) => [String(r.id), r.parent_id == null ? null : String(r.parent_id)]));
  /** code -> button id (keys are perm:button:<resource>:<code>, codes contain ':'). */
  const buttonOf = new Map<string, string>();
  for (const [key, id] of perms.ids) if (key.startsWith('perm:button:')) buttonOf.set(key.split(':').slice(3).join(':'), id);
  const legacyButton = new Set<string>();
  for (const key of perms.adopted) if (key.startsWith('perm:button:')) legacyButton.add(perms.ids.get(key)!);
  const homeId = perms.ids.get('perm:home');

  const roles = (await db.selectFrom('sys_role').select(['id', 'role_code', 'tenant_id']).execute()) as Row[];
  const rp = (await db.selectFrom('sys_role_permission').select(['role_id', 'permission_id']).execute()) as Row[];
  const has = new Set(rp.map((r) => `${String(r.role_id)}\u0000${String(r.permission_id)}`));
  const inserts: Row[] = [];
  const grantRow = (roleId: string, permissionId: string) => {
    const k = `${roleId}\u0000${permissionId}`;
    if (has.has(k)) return;
    has.add(k);
    inserts.push({ id: newId(), role_id: roleId, permission_id: permissionId });
  };

  const tenants = new Set((await db.selectFrom('sys_tenant').select('id').execute()).map((t) => Number(t.id)));
  for (const spec of access.roles) {
    const roleKey = `role:${spec.tenant}:${spec.code}`;
    let role = roles.find((r) => r.role_code === spec.code && Number(r.tenant_id) === spec.tenant);
    if (!role) {
      // a role added to roles.json after the first start is created once; one deleted in the console stays deleted
      if (ledger.get(roleKey) || !tenants.has(spec.tenant)) continue;
      role = { id: newId(), role_name: spec.name, role_code: spec.code, description: spec.description ?? null, tenant_id: spec.tenant, create_by: 'admin', create_time: ledger.now };
      await db.insertInto('sys_role').values(role).execute();
      ledger.report.added.push(roleKey);
    }
    const roleId = String(role.id);
    ledger.set(roleKey, roleId, {});
    const homeKey = `grant:${roleId}:home`;
    if (homeId && !ledger.get(homeKey)) {
      grantRow(roleId, homeId);
      ledger.set(homeKey, homeId, {});
    }
    for (const code of roleCodes(spec, registry)) {
      const key = `grant:${roleId}:${code}`;
      if (ledger.get(key)) continue;
      const button = buttonOf.get(code);
      if (!button) continue;
      if (!legacyButton.has(button)) {
        for (let p: string | null | undefined = button; p; p = parentOf.get(p)) grantRow(roleId, p);
        ledger.report.granted.push(`${spec.code}:${code}`);
      }
      ledger.set(key, button, {});
    }
  }
  await insertMany(db, 'sys_role_permission', inserts);
}

/**
 * Runs the sync on `db` (a transaction when the caller holds one, else in its own).
 * Idempotent: a second run on an unchanged schemas root writes nothing.
 */
export async function syncSchemas(db: Db, registry: Registry, access: AccessData): Promise<SyncReport> {
  const run = async (trx: Db) => {
    const ledger = new Ledger(trx);
    await ledger.load();
    const perms = await syncPermissions(trx, ledger, registry, access);
    await syncDicts(trx, ledger, registry);
    await syncGrants(trx, ledger, registry, access, perms);
    await ledger.flush();
    return ledger.report;
  };
  return inTransaction(db, run);
}
