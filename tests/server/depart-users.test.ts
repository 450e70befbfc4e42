/**
 * 部门用户 and 通讯录 over 用户管理's 所属部门: users are added to and removed from a department
 * (JeecgBoot paths), the department's users are listed by depId, the address book by 机构编码
 * (sub-departments included) with search by name.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { call, login, testApp } from './helpers.js';

type Rec = Record<string, unknown>;
interface Page { records: Rec[]; total: number }

let app: FastifyInstance;
let admin: string;
let depts: Rec[];
let users: Rec[];
beforeAll(async () => {
  app = await testApp();
  admin = await login(app, 'admin');
  depts = (await call<Page>(app, '/sys/sysDepart/list', { token: admin, query: { _flat: '1', pageSize: 100 } })).body.result.records;
  users = (await call<Page>(app, '/sys/user/list', { token: admin, query: { pageSize: 100 } })).body.result.records;
});
afterAll(async () => { await app.close(); });

const dept = (name: string) => depts.find((d) => d.departName === name)!;
const user = (username: string) => users.find((u) => u.username === username)!;
const departUserList = async (depId: unknown) =>
  (await call<Page>(app, '/sys/user/departUserList', { token: admin, query: { depId: String(depId) } })).body.result.records.map((r) => r.username);

it('adds existing users to a department, lists them by depId, removes them', async () => {
  const pharmacy = dept('药学部');
  expect(await departUserList(pharmacy.id)).toEqual([]);
  const add = await call(app, '/sys/user/editSysDepartWithUser', { token: admin, body: { depId: pharmacy.id, userIdList: [user('yunying').id, user('admin').id] } });
  expect(add.body.message).toBe('添加已有用户成功！');
  expect((await departUserList(pharmacy.id)).sort()).toEqual(['admin', 'yunying']);
  // the user record carries the department (用户管理's 所属部门), labelled
  const y = (await call<Rec>(app, '/sys/user/queryById', { token: admin, query: { id: String(user('yunying').id) } })).body.result;
  expect(y.departIds_dictText).toBe('药学部');
  const byDep = await call<Rec[]>(app, '/sys/user/queryUserByDepId', { token: admin, query: { id: String(pharmacy.id) } });
  expect(byDep.body.result.map((u) => u.username).sort()).toEqual(['admin', 'yunying']);

  const one = await call(app, '/sys/user/deleteUserInDepart', { method: 'DELETE', token: admin, query: { depId: String(pharmacy.id), userId: String(user('admin').id) } });
  expect(one.body.message).toBe('移出部门成功！');
  expect(await departUserList(pharmacy.id)).toEqual(['yunying']);
  const batch = await call(app, '/sys/user/deleteUserInDepartBatch', { method: 'DELETE', token: admin, query: { depId: String(pharmacy.id), userIds: String(user('yunying').id) } });
  expect(batch.body.message).toBe('移出部门成功！');
  expect(await departUserList(pharmacy.id)).toEqual([]);
});

it('refuses a department or user that is not a record of the tenant, naming the field', async () => {
  const bad = await call(app, '/sys/user/editSysDepartWithUser', { token: admin, body: { depId: '1234567890123456789', userIdList: [user('yunying').id] } });
  expect(bad.status).toBe(400);
  expect(bad.body.message).toBe('部门：选择的记录不存在或无权使用');
  const none = await call(app, '/sys/user/editSysDepartWithUser', { token: admin, body: { depId: dept('药学部').id } });
  expect(none.status).toBe(400);
  expect(none.body.message).toBe('用户：请选择用户!');
});

it('通讯录: users of a 机构编码 and its sub-departments, searchable by name', async () => {
  const audit = dept('处方审核岗');
  await call(app, '/sys/user/editSysDepartWithUser', { token: admin, body: { depId: audit.id, userIdList: [user('yunying').id] } });
  await call(app, '/sys/user/editSysDepartWithUser', { token: admin, body: { depId: dept('财务部').id, userIdList: [user('admin').id] } });
  const pharmacyCode = String(dept('药学部').orgCode);
  // (demo users hold random departments too: every row listed must hold the one asked)
  const auditRows = (await call<Page>(app, '/sys/user/queryByOrgCodeForAddressList', { token: admin, query: { orgCode: String(audit.orgCode) } })).body.result.records;
  expect(auditRows.map((r) => r.realname)).toContain(user('yunying').realname);
  for (const r of auditRows) expect(String(r.departIds_dictText).split(',')).toContain('处方审核岗');
  const pharmacyRows = (await call<Page>(app, '/sys/user/queryByOrgCodeForAddressList', { token: admin, query: { orgCode: pharmacyCode, realname: `*${String(user('yunying').realname)}*` } })).body.result.records;
  expect(pharmacyRows.map((r) => r.username ?? r.realname)).toEqual([user('yunying').realname]);
  const named = await call<Page>(app, '/sys/addressList/list', { token: admin, query: { realname: `*${String(user('admin').realname)}*` } });
  expect(named.body.result.records.map((r) => r.workNo)).toContain(user('admin').workNo);
  const byDept = await call<Page>(app, '/sys/addressList/list', { token: admin, query: { departIds: String(dept('财务部').id) } });
  expect(byDept.body.result.records.map((r) => r.realname)).toContain(user('admin').realname);
  for (const r of byDept.body.result.records) expect(String(r.departIds_dictText).split(',')).toContain('财务部');
});
