/**
 * One access rule on both sides (src/core/access): a code whose button entry has status '0'
 * is held by everyone on the server exactly as the console's button rule says; a child resource
 * without a menu is guarded by its parent's codes in list and relation options alike; export
 * refuses a filter on a field the caller may not view, as list does (no match-count oracle).
 */
import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { grantsFromAuth, holds, type AuthEntry } from '../../src/core/access/index.js';
import { call, login, schemasCopy, tempDir, testApp } from './helpers.js';

type Rec = Record<string, unknown>;
const dir = tempDir('hosp-access-');
let app: FastifyInstance;

beforeAll(async () => {
  const schemas = schemasCopy(path.join(dir, 'schemas'));
  const file = path.join(schemas, 'modules/hisDoctor.json');
  const doc = JSON.parse(fs.readFileSync(file, 'utf8')) as { fields: Rec[] };
  doc.fields.find((f) => f.key === 'title')!.permission = { view: 'hisDoctor:title:view' };
  fs.writeFileSync(file, JSON.stringify(doc));
  app = await testApp({ memory: false, dataDir: path.join(dir, 'data'), schemasDir: schemas, seedRows: 3 });
});
afterAll(async () => {
  await app?.close();
});

function setStatus(code: string, status: '0' | '1'): void {
  const db = new BetterSqlite3(path.join(dir, 'data', 'hospital.db'));
  db.prepare('update sys_permission set status = ? where perms = ? and menu_type = 2').run(status, code);
  db.close();
}

describe('the one access rule', () => {
  it('a code whose rule is switched off (status 0) is held by everyone, on the server as in the console', async () => {
    let zhuli = await login(app, 'zhuli');
    const refused = await call(app, '/hisPrescription/list', { token: zhuli });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('没有权限：hisPrescription:list');

    setStatus('hisPrescription:list', '0');
    zhuli = await login(app, 'zhuli'); // a new session reads the rules again
    const perm = await call<{ auth: AuthEntry[]; allAuth: AuthEntry[] }>(app, '/sys/permission/getUserPermissionByToken', { token: zhuli });
    const consoleSays = holds(grantsFromAuth(perm.body.result.auth, perm.body.result.allAuth), 'hisPrescription:list');
    const server = await call(app, '/hisPrescription/list', { token: zhuli });
    expect(consoleSays).toBe(true);
    expect(server.status).toBe(200);
    setStatus('hisPrescription:list', '1');
  });

  it('a child resource is guarded by its parent\'s codes in list and relation options', async () => {
    const zhuli = await login(app, 'zhuli');
    const hosp = await login(app, 'hospadmin');
    const list = await call(app, '/hisPrescriptionItem/list', { token: zhuli });
    expect(list.status).toBe(403);
    expect(list.body.message).toBe('没有权限：hisPrescription:list');
    const refs = await call(app, '/sys/ref/options', { token: zhuli, query: { resource: 'hisPrescriptionItem', field: 'drugId' } });
    expect(refs.status).toBe(403);
    expect((await call(app, '/hisPrescriptionItem/list', { token: hosp })).status).toBe(200);
    expect((await call(app, '/sys/ref/options', { token: hosp, query: { resource: 'hisPrescriptionItem', field: 'drugId' } })).status).toBe(200);
  });

  it('export refuses a filter on a field the caller may not view, as list does', async () => {
    // 医院管理员 keeps 导出 but loses the view code of 职称
    const db = new BetterSqlite3(path.join(dir, 'data', 'hospital.db'));
    db.prepare(
      `delete from sys_role_permission where role_id in (select id from sys_role where role_code = 'hospadmin')
         and permission_id in (select id from sys_permission where perms = 'hisDoctor:title:view')`,
    ).run();
    db.close();
    const hosp = await login(app, 'hospadmin');
    const list = await call(app, '/hisDoctor/list', { token: hosp, query: { title: '1' } });
    expect(list.status).toBe(400);
    expect(list.body.message).toBe('不支持的查询条件：title');
    const exp = await call(app, '/hisDoctor/exportXls', { token: hosp, query: { title: '1' } });
    expect(exp.status).toBe(400);
    expect(exp.body.message).toBe('不支持的查询条件：title');
    const admin = await login(app, 'admin');
    expect((await call(app, '/hisDoctor/list', { token: admin, query: { title: '1' } })).status).toBe(200);
  });
});
