/**
 * The schema sync on restart (src/server/db/schema-sync.ts), on a data dir seeded from a copy of
 * the project's schemas: schema changes reach the menu and dictionaries, console edits made
 * in between are kept, removed modules and dictionaries are hidden (rows kept) and come back,
 * a grant an administrator removed stays removed, and a run on unchanged schemas writes nothing.
 */
import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/connection.js';
import { syncSchemas } from '../../src/server/db/schema-sync.js';
import { loadSchemaRoot } from '../../src/server/schemas.js';
import { call, login, schemasCopy, tempDir, testApp } from './helpers.js';

interface MenuNode { path: string; component: string; hidden?: boolean; meta: { title: string; icon?: string }; children?: MenuNode[] }
interface MenuResult { menu: MenuNode[]; auth: Array<{ action: string }> }
type Rec = Record<string, unknown>;

const root = tempDir('hosp-schema-sync-');
let schemasDir: string;
let dataDir: string;
let app: FastifyInstance | undefined;

const file = (...p: string[]) => path.join(schemasDir, ...p);
const readJson = <T = Rec>(f: string) => JSON.parse(fs.readFileSync(f, 'utf8')) as T;
const writeJson = (f: string, v: unknown) => fs.writeFileSync(f, JSON.stringify(v, null, 2));
/** Runs SQL on the data dir's database file, as an administrator's console edits would land. */
function sqlite<T>(fn: (db: BetterSqlite3.Database) => T): T {
  const db = new BetterSqlite3(path.join(dataDir, 'hospital.db'));
  try {
    return fn(db);
  } finally {
    db.close();
  }
}
async function restart(): Promise<void> {
  await app?.close();
  app = await testApp({ schemasDir, memory: false, dataDir, seedRows: 1 });
}
const menuOf = async (user: string) => (await call<MenuResult>(app!, '/sys/permission/getUserPermissionByToken', { token: await login(app!, user) })).body.result;
const pages = (menu: MenuNode[]) => menu.flatMap((d) => (d.children ?? []).map((c) => ({ dir: d, page: c })));
const page = (menu: MenuNode[], resource: string) => pages(menu).find((x) => x.page.component === `resource/${resource}`);
const dictItems = async (code: string) => call<Array<{ value: string; text: string }>>(app!, `/sys/dict/getDictItems/${code}`, { token: await login(app!, 'admin') });

beforeAll(async () => {
  schemasDir = path.join(root, 'schemas');
  dataDir = path.join(root, 'data');
  schemasCopy(schemasDir);
  await restart();
}, 60_000);

afterAll(async () => {
  await app?.close();
});

describe('schema sync on restart', () => {
  it('applies schema changes and keeps what the console changed', async () => {
    await app!.close();
    app = undefined;
    // console edits: a page renamed, a dictionary item renamed, an item added, a schema item deleted, a grant removed
    sqlite((db) => {
      db.prepare(`update sys_permission set name = '医生档案' where component = 'resource/hisDoctor'`).run();
      const sex = db.prepare(`select id from sys_dict where dict_code = 'sex'`).get() as { id: string };
      db.prepare(`update sys_dict_item set item_text = '男性' where dict_id = ? and item_value = '1'`).run(sex.id);
      db.prepare(`insert into sys_dict_item (id, dict_id, item_text, item_value, sort_order, status) values ('990001', ?, '其他', 'X', 9, 1)`).run(sex.id);
      db.prepare(`delete from sys_dict_item where dict_id = ? and item_value = '2'`).run(sex.id);
      db.prepare(
        `delete from sys_role_permission where role_id in (select id from sys_role where role_code = 'hospadmin')
           and permission_id in (select id from sys_permission where perms = 'hisHospital:delete')`,
      ).run();
    });
    // schema edits: two titles, an icon, a group's order, two dictionary items' texts
    const doctor = readJson<Rec & { title: string }>(file('modules/hisDoctor.json'));
    doctor.title = '医生信息';
    writeJson(file('modules/hisDoctor.json'), doctor);
    const hospital = readJson<Rec & { title: string; menu: Rec }>(file('modules/hisHospital.json'));
    hospital.title = '医疗机构';
    hospital.menu.icon = 'shop';
    writeJson(file('modules/hisHospital.json'), hospital);
    const groups = readJson<{ groups: Array<{ title: string; order: number }> }>(file('menu-groups.json'));
    groups.groups.find((g) => g.title === '药事管理')!.order = 5;
    writeJson(file('menu-groups.json'), groups);
    const sex = readJson<{ items: Array<{ value: string; text: string }> }>(file('dicts/sex.json'));
    sex.items.find((i) => i.value === '1')!.text = '男士';
    writeJson(file('dicts/sex.json'), sex);
    const yn = readJson<{ items: Array<{ value: string; text: string }> }>(file('dicts/yn.json'));
    yn.items[0]!.text = `${yn.items[0]!.text}（是）`;
    writeJson(file('dicts/yn.json'), yn);
    await restart();

    const { menu, auth } = await menuOf('hospadmin');
    expect(page(menu, 'hisDoctor')?.page.meta.title).toBe('医生档案'); // renamed in the console: kept
    expect(page(menu, 'hisHospital')?.page.meta).toMatchObject({ title: '医疗机构', icon: 'shop' });
    expect(menu.map((m) => m.meta.title).slice(0, 2)).toEqual(['首页', '药事管理']);
    expect(auth.map((a) => a.action)).not.toContain('hisHospital:delete'); // removed grant stays removed
    expect(auth.map((a) => a.action)).toContain('hisHospital:edit');

    const items = (await dictItems('sex')).body.result;
    expect(items.find((i) => i.value === '1')?.text).toBe('男性'); // console's text kept
    expect(items.find((i) => i.value === 'X')?.text).toBe('其他'); // console's item survives
    expect(items.find((i) => i.value === '2')?.text).toBe('女'); // schema item added back
    expect((await dictItems('yn')).body.result[0]!.text).toBe(yn.items[0]!.text); // unchanged by the console: updated
  });

  it('hides the menu of a removed module and a removed dictionary, and brings them back', async () => {
    const probeFile = file('dicts/sync_probe.json');
    writeJson(probeFile, { $schema: '../meta/dict.schema.json', code: 'sync_probe', title: '同步探针', items: [{ value: 'a', text: '甲' }] });
    // a module alone in its menu group (a group of its own: 工作台 holds the dashboard pages), that no other module refers to
    const groupsFile = file('menu-groups.json');
    const groups = JSON.parse(fs.readFileSync(groupsFile, 'utf8')) as { groups: Array<Record<string, unknown>> };
    writeJson(groupsFile, { ...groups, groups: [...groups.groups, { key: 'probe', title: '探针分组', icon: 'appstore', order: 999 }] });
    const moduleFile = file('modules/syncProbe.json');
    writeJson(moduleFile, {
      $schema: '../meta/resource.schema.json', schemaVersion: 1, name: 'syncProbe', title: '同步探针', entity: '探针',
      menu: { group: '探针分组', path: '/medical/syncProbe' },
      fields: [{ key: 'name', title: '名称', kind: 'string', required: true, maxLength: 32, search: 'like' }],
    });
    await restart();
    expect((await dictItems('sync_probe')).body.result).toEqual([{ value: 'a', text: '甲', title: '甲' }]);
    expect(page((await menuOf('admin')).menu, 'syncProbe')?.page.hidden).toBeUndefined();
    const before = sqlite((db) => db.prepare(`select count(*) n from sys_permission`).get() as { n: number });

    const probeModule = fs.readFileSync(moduleFile, 'utf8');
    const probe = fs.readFileSync(probeFile, 'utf8');
    fs.rmSync(moduleFile);
    fs.rmSync(probeFile);
    await restart();
    const { menu } = await menuOf('admin');
    const hit = page(menu, 'syncProbe');
    expect(hit?.page.hidden).toBe(true);
    expect(hit?.dir).toMatchObject({ hidden: true, meta: { title: '探针分组' } }); // its group has no other module
    expect(sqlite((db) => db.prepare(`select count(*) n from sys_permission where perms = 'syncProbe:list'`).get())).toEqual({ n: 1 }); // kept, hidden
    expect((await dictItems('sync_probe')).status).toBe(404);
    expect(sqlite((db) => db.prepare(`select count(*) n from sys_dict_item where item_value = 'a' and item_text = '甲'`).get())).toEqual({ n: 1 });

    fs.writeFileSync(moduleFile, probeModule);
    fs.writeFileSync(probeFile, probe);
    await restart();
    const after = await menuOf('admin');
    const back = page(after.menu, 'syncProbe');
    expect(back?.page.hidden).toBeUndefined();
    expect(back?.dir.hidden).toBeUndefined();
    expect((await dictItems('sync_probe')).body.result).toEqual([{ value: 'a', text: '甲', title: '甲' }]);
    expect(sqlite((db) => db.prepare(`select count(*) n from sys_permission`).get() as { n: number })).toEqual(before); // nothing duplicated
  });

  it('writes nothing when the schemas did not change', async () => {
    await app!.close();
    app = undefined;
    const { registry, access } = loadSchemaRoot(schemasDir);
    const database = openDatabase({ dataDir });
    try {
      expect(await syncSchemas(database.db, registry, access)).toEqual({ added: [], updated: [], hidden: [], granted: [] });
    } finally {
      await database.close();
    }
    await restart();
  });

  it('adopts the rows of a database seeded before the sync kept records', async () => {
    await app!.close();
    app = undefined;
    const counts = () => sqlite((db) => ['sys_permission', 'sys_dict', 'sys_dict_item', 'sys_role_permission'].map((t) => (db.prepare(`select count(*) n from ${t}`).get() as { n: number }).n));
    const before = counts();
    sqlite((db) => db.prepare('delete from sys_schema_sync').run());
    await restart();
    expect(counts()).toEqual(before);
    const { auth } = await menuOf('hospadmin');
    expect(auth.map((a) => a.action)).not.toContain('hisHospital:delete');
    expect(sqlite((db) => (db.prepare(`select count(*) n from sys_schema_sync where id like 'perm:%'`).get() as { n: number }).n)).toBeGreaterThan(0);
  });

  it('creates a role added to roles.json once, with its grants; a role deleted in the console stays deleted', async () => {
    const rolesFile = file('roles.json');
    const roles = readJson<{ roles: Rec[] }>(rolesFile);
    roles.roles.push({ code: 'yaoshi', name: '药师', tenant: 1001, description: '处方审核', grants: { sysDrug: ['list'], hisPrescription: ['list', 'approve'] } });
    writeJson(rolesFile, roles);
    await restart();
    const granted = () => sqlite((db) => db.prepare(
      `select p.perms from sys_role r join sys_role_permission rp on rp.role_id = r.id join sys_permission p on p.id = rp.permission_id
        where r.role_code = 'yaoshi' and r.tenant_id = 1001 and p.menu_type = 2 order by p.perms`,
    ).all().map((r) => (r as { perms: string }).perms));
    expect(granted()).toEqual(['hisPrescription:approve', 'hisPrescription:list', 'sysDrug:list']);
    expect(sqlite((db) => db.prepare(`select role_name, description from sys_role where role_code = 'yaoshi'`).all())).toEqual([{ role_name: '药师', description: '处方审核' }]);

    await app!.close();
    app = undefined;
    sqlite((db) => {
      db.prepare(`delete from sys_role_permission where role_id in (select id from sys_role where role_code = 'yaoshi')`).run();
      db.prepare(`delete from sys_role where role_code = 'yaoshi'`).run();
    });
    await restart();
    expect(sqlite((db) => db.prepare(`select count(*) n from sys_role where role_code = 'yaoshi'`).get())).toEqual({ n: 0 });
  });
});
