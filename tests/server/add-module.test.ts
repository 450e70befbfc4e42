/**
 * README "Adding a module", step by step, on an existing database: a copy of the project's
 * schemas seeds a data dir; then one module file, one dictionary file and the roles.json grants
 * are added, the schemas linted, and the server restarted on the same data dir. The new module
 * has its menu entry, permission codes granted per roles.json, dictionary items, list and add.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lintSchemas } from '../../generators/lint.js';
import { call, login, schemasCopy, tempDir, testApp } from './helpers.js';

interface MenuNode { path: string; component: string; meta: { title: string; icon?: string; permissionList?: Array<{ action: string }> }; children?: MenuNode[] }
interface MenuResult { menu: MenuNode[]; auth: Array<{ action: string }> }
type Rec = Record<string, unknown>;

const MODULE = {
  $schema: '../meta/resource.schema.json',
  schemaVersion: 1,
  name: 'hisDutyRoster',
  title: '值班排班',
  entity: '排班',
  menu: { group: '医护管理', path: '/app/dutyRoster', icon: 'calendar', order: 90 },
  fields: [
    { key: 'staffName', title: '值班人员', kind: 'string', required: true, maxLength: 32, search: 'like' },
    { key: 'dutyDate', title: '值班日期', kind: 'date', required: true },
    { key: 'shift', title: '班次', kind: 'dict', dict: 'duty_shift', required: true, search: 'eq' },
  ],
  list: { columns: ['staffName', 'dutyDate', 'shift', 'createTime'] },
};
const DICT = {
  $schema: '../meta/dict.schema.json',
  code: 'duty_shift',
  title: '值班班次',
  items: [
    { value: 'D', text: '白班' },
    { value: 'N', text: '夜班', color: 'purple' },
  ],
};

const root = tempDir('hosp-add-module-');
const schemasDir = path.join(root, 'schemas');
const dataDir = path.join(root, 'data');
let app: FastifyInstance;
/** zhuli's menu titles and codes before the module was added. */
let before: { titles: string[]; codes: string[] };

const menuOf = async (token: string) => (await call<MenuResult>(app, '/sys/permission/getUserPermissionByToken', { token })).body.result;
const pageIn = (menu: MenuNode[], component: string) => menu.flatMap((d) => (d.children ?? []).map((c) => ({ dir: d, page: c }))).find((x) => x.page.component === component);

beforeAll(async () => {
  schemasCopy(schemasDir);
  const first = await testApp({ schemasDir, memory: false, dataDir, seedRows: 2 });
  const seeded = (await call<MenuResult>(first, '/sys/permission/getUserPermissionByToken', { token: await login(first, 'zhuli') })).body.result;
  before = { titles: seeded.menu.map((m) => m.meta.title), codes: seeded.auth.map((a) => a.action) };
  await first.close();

  // 1. the module file; 2. the dictionary file; 3. the grants in roles.json
  fs.writeFileSync(path.join(schemasDir, 'modules/hisDutyRoster.json'), JSON.stringify(MODULE, null, 2));
  fs.writeFileSync(path.join(schemasDir, 'dicts/duty_shift.json'), JSON.stringify(DICT, null, 2));
  const rolesFile = path.join(schemasDir, 'roles.json');
  const roles = JSON.parse(fs.readFileSync(rolesFile, 'utf8')) as { roles: Array<{ code: string; grants: '*' | Record<string, unknown> }> };
  for (const r of roles.roles) {
    if (r.code === 'hospadmin' && r.grants !== '*') r.grants.hisDutyRoster = '*';
    if (r.code === 'zhuli' && r.grants !== '*') r.grants.hisDutyRoster = ['list'];
  }
  fs.writeFileSync(rolesFile, JSON.stringify(roles, null, 2));
  // 4. lint; 5. restart on the same data dir
  const lint = lintSchemas(schemasDir);
  expect(lint.errors).toBe(0);
  app = await testApp({ schemasDir, memory: false, dataDir, seedRows: 2 });
}); // two apps built: the configured hook timeout (busy machines)

afterAll(async () => {
  await app?.close();
});

describe('a module added to an existing database', () => {
  it('has its menu entry under its group and every permission code for hospadmin', async () => {
    const { menu, auth } = await menuOf(await login(app, 'hospadmin'));
    const hit = pageIn(menu, 'resource/hisDutyRoster');
    expect(hit?.dir.meta.title).toBe('医护管理');
    expect(hit?.page).toMatchObject({ path: '/app/dutyRoster', meta: { title: '值班排班', icon: 'calendar' } });
    const codes = ['hisDutyRoster:list', 'hisDutyRoster:add', 'hisDutyRoster:edit', 'hisDutyRoster:delete', 'hisDutyRoster:deleteBatch'];
    expect(hit?.page.meta.permissionList?.map((p) => p.action)).toEqual(codes);
    for (const c of codes) expect(auth.map((a) => a.action)).toContain(c);
    // the page comes after the group's existing pages (order 90)
    expect(hit?.dir.children?.at(-1)?.component).toBe('resource/hisDutyRoster');
  });

  it('grants zhuli only the list code and yunying nothing (roles.json)', async () => {
    const z = await menuOf(await login(app, 'zhuli'));
    expect(z.auth.map((a) => a.action).filter((a) => a.startsWith('hisDutyRoster:'))).toEqual(['hisDutyRoster:list']);
    expect(pageIn(z.menu, 'resource/hisDutyRoster')).toBeDefined();
    const y = await menuOf(await login(app, 'yunying'));
    expect(y.auth.map((a) => a.action).filter((a) => a.startsWith('hisDutyRoster:'))).toEqual([]);
    expect(pageIn(y.menu, 'resource/hisDutyRoster')).toBeUndefined();
  });

  it('serves the new dictionary', async () => {
    const r = await call<Rec[]>(app, '/sys/dict/getDictItems/duty_shift', { token: await login(app, 'zhuli') });
    expect(r.status).toBe(200);
    expect(r.body.result).toEqual([
      { value: 'D', text: '白班', title: '白班' },
      { value: 'N', text: '夜班', title: '夜班', color: 'purple' },
    ]);
  });

  it('lists and adds through the HTTP API, within the permissions granted', async () => {
    const hosp = await login(app, 'hospadmin');
    const add = await call(app, '/hisDutyRoster/add', { token: hosp, body: { staffName: '王护士', dutyDate: '2026-03-02', shift: 'N' } });
    expect(add.status, add.body.message).toBe(200);
    const zhuli = await login(app, 'zhuli');
    const list = await call<{ records: Rec[]; total: number }>(app, '/hisDutyRoster/list', { token: zhuli });
    expect(list.status).toBe(200);
    expect(list.body.result.total).toBe(1);
    expect(list.body.result.records[0]).toMatchObject({ staffName: '王护士', dutyDate: '2026-03-02', shift: 'N', shift_dictText: '夜班' });
    const refused = await call(app, '/hisDutyRoster/add', { token: zhuli, body: { staffName: '李护士', dutyDate: '2026-03-03', shift: 'D' } });
    expect(refused.status).toBe(403);
  });

  it('keeps the seeded menu and grants as they were, plus the new code', async () => {
    const { menu, auth } = await menuOf(await login(app, 'zhuli'));
    expect(menu.map((m) => m.meta.title)).toEqual(before.titles); // 医护管理 was there already
    expect(before.codes).toContain('hisDoctor:list');
    expect(auth.map((a) => a.action).sort()).toEqual([...before.codes, 'hisDutyRoster:list'].sort());
  });
});
