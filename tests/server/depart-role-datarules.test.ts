/**
 * 部门角色 data rules (JeecgBoot DeptRoleDataruleModal) through the HTTP API: the rules a department
 * role may be limited by on a menu, the choice saved for the role, and the role's users reading the
 * menu's resource through them; refusals change nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { call, login, testApp } from './helpers.js';

type Rec = Record<string, unknown>;
interface Page { records: Rec[]; total: number }
interface TreeNode { key: string; title: string; menuType: number; perms: string | null; children?: TreeNode[] }
interface Offered { datarule: Rec[]; drChecked: string }

const HOSPITAL = 1001;
let app: FastifyInstance;
let admin: string;
const as = (token: string) => ({ token, tenantId: HOSPITAL });
const flatten = (nodes: TreeNode[]): TreeNode[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);

let depart = '';
let role = '';
let zhuli = '';
let nursePage = '';
let doctorPage = '';
let rule = '';
let otherRule = '';
let hospitalId = '';
let allNurses = 0;

beforeAll(async () => {
  app = await testApp();
  admin = await login(app, 'admin');
  const nodes = flatten((await call<{ treeList: TreeNode[] }>(app, '/sys/role/queryTreeList', as(admin))).body.result.treeList);
  const page = (title: string) => nodes.find((n) => n.title === title && n.menuType !== 2)!;
  nursePage = page('护士管理').key;
  doctorPage = page('医生管理').key;
  const nurseList = nodes.find((n) => n.perms === 'hisNurseStaff:list')!.key;
  const group = nodes.find((n) => n.children?.some((c) => c.key === nursePage))!.key;
  depart = String((await call<Page>(app, '/sys/sysDepart/list', { ...as(admin), query: { _flat: '1' } })).body.result.records[0]!.id);
  await call(app, '/sys/permission/saveDepartPermission', { ...as(admin), body: { departId: depart, permissionIds: [group, nursePage, nurseList].join(','), lastpermissionIds: '' } });
  role = (await call<string>(app, '/sys/sysDepartRole/add', { ...as(admin), body: { departId: depart, roleName: '护理质控员', roleCode: 'nurse_qc', description: '' } })).body.result;
  await call(app, '/sys/sysDepartPermission/saveDeptRolePermission', { ...as(admin), body: { roleId: role, permissionIds: [nursePage, nurseList].join(','), lastpermissionIds: '' } });
  const zhuliId = String((await call<Page>(app, '/sys/user/list', { ...as(admin), query: { username: 'zhuli' } })).body.result.records.find((x) => x.username === 'zhuli')!.id);
  await call(app, '/sys/user/editSysDepartWithUser', { ...as(admin), body: { depId: depart, userIdList: zhuliId } });
  expect((await call(app, '/sys/sysDepartRole/deptRoleUserAdd', { ...as(admin), body: { userId: zhuliId, newRoleId: role, oldRoleId: '' } })).body.success).toBe(true);
  zhuli = await login(app, 'zhuli');
  const nurses = (await call<Page>(app, '/hisNurseStaff/list', { token: zhuli, query: { pageSize: 200 } })).body.result;
  allNurses = nurses.total;
  hospitalId = String(nurses.records[0]!.hospitalId);
  expect(nurses.records.some((r) => String(r.hospitalId) !== hospitalId), 'nurses of another hospital').toBe(true);
  const addRule = async (permissionId: string, ruleName: string, ruleColumn: string, ruleValue: string) => {
    await call(app, '/sys/permission/addPermissionRule', { token: admin, body: { permissionId, ruleName, ruleColumn, ruleConditions: '=', ruleValue, status: '1' } });
    const listed = await call<Page>(app, '/sys/permission/getPermRuleListByPermId', { token: admin, query: { permissionId } });
    return String(listed.body.result.records.find((r) => r.ruleName === ruleName)!.id);
  };
  rule = await addRule(nursePage, '本机构护士', 'hospitalId', hospitalId);
  otherRule = await addRule(doctorPage, '本机构医生', 'hospitalId', hospitalId);
}, 60_000);
afterAll(async () => { await app.close(); });

const offered = (permissionId = nursePage, roleId = role) =>
  call<Offered>(app, `/sys/sysDepartRole/datarule/${permissionId}/${depart}/${roleId}`, as(admin));
const save = (body: Rec, token = admin) =>
  call(app, '/sys/sysDepartRole/datarule', { ...as(token), body: { permissionId: nursePage, departId: depart, roleId: role, ...body } });

describe('部门角色 数据规则', () => {
  it('offers the menu\'s rules with none chosen yet; a menu without rules is 未找到权限配置信息', async () => {
    const r = await offered();
    expect(r.body.result.datarule.map((x) => [x.id, x.ruleName, x.ruleColumn, x.ruleConditions, x.ruleValue])).toEqual([[rule, '本机构护士', 'hospitalId', '=', hospitalId]]);
    expect(r.body.result.drChecked).toBe('');
    const none = await offered(flatten((await call<{ treeList: TreeNode[] }>(app, '/sys/role/queryTreeList', as(admin))).body.result.treeList).find((n) => n.title === '数据字典' && n.menuType !== 2)!.key);
    expect([none.status, none.body.message]).toEqual([400, '未找到权限配置信息']);
  });

  it('a chosen rule limits the role\'s users at once; clearing it gives the rows back', async () => {
    expect((await save({ dataRuleIds: rule })).body.message).toBe('保存成功！');
    expect((await offered()).body.result.drChecked).toBe(rule);
    const limited = (await call<Page>(app, '/hisNurseStaff/list', { token: zhuli, query: { pageSize: 200 } })).body.result;
    expect(limited.total).toBeGreaterThan(0);
    expect(limited.total).toBeLessThan(allNurses);
    for (const r of limited.records) expect(String(r.hospitalId)).toBe(hospitalId);
    expect((await save({ dataRuleIds: '' })).body.success).toBe(true);
    expect((await call<Page>(app, '/hisNurseStaff/list', { token: zhuli, query: { pageSize: 200 } })).body.result.total).toBe(allNurses);
  });

  it('refuses a rule of another menu, a menu the role does not hold, a role of another department, and a caller without the code; nothing changes', async () => {
    const foreign = await save({ dataRuleIds: otherRule });
    expect([foreign.status, foreign.body.message]).toEqual([400, '数据规则：选择的规则不属于该菜单']);
    const notHeld = await save({ permissionId: doctorPage, dataRuleIds: otherRule });
    expect([notHeld.status, notHeld.body.message]).toEqual([400, '数据规则：请先授予该菜单并保存']);
    const departs = (await call<Page>(app, '/sys/sysDepart/list', { ...as(admin), query: { _flat: '1' } })).body.result.records;
    const elsewhere = String(departs.find((d) => String(d.id) !== depart)!.id);
    const wrongDepart = await call(app, `/sys/sysDepartRole/datarule/${nursePage}/${elsewhere}/${role}`, as(admin));
    expect([wrongDepart.status, wrongDepart.body.message]).toEqual([404, '未找到对应角色']);
    const noCode = await save({ dataRuleIds: '' }, zhuli);
    expect(noCode.status).toBe(403);
    expect((await offered()).body.result.drChecked).toBe('');
  });

  it('a department administrator holding the role cannot lift its limit on himself', async () => {
    expect((await save({ dataRuleIds: rule })).body.success).toBe(true);
    // hospadmin may authorize department roles (as in depart-grants.test.ts)
    const nodes = flatten((await call<{ treeList: TreeNode[] }>(app, '/sys/role/queryTreeList', as(admin))).body.result.treeList);
    const hospRole = String((await call<Page>(app, '/sys/role/list', { ...as(admin), query: { roleCode: 'hospadmin' } })).body.result.records.find((r) => r.roleCode === 'hospadmin')!.id);
    const held = (await call<string[]>(app, '/sys/permission/queryRolePermission', { ...as(admin), query: { roleId: hospRole } })).body.result;
    const authorize = nodes.find((n) => n.perms === 'departRole:authorize')!.key;
    await call(app, '/sys/permission/saveRolePermission', { ...as(admin), body: { roleId: hospRole, permissionIds: [...held, authorize].join(','), lastpermissionIds: '' } });
    const hospId = String((await call<Page>(app, '/sys/user/list', { ...as(admin), query: { username: 'hospadmin' } })).body.result.records.find((x) => x.username === 'hospadmin')!.id);
    await call(app, '/sys/user/editSysDepartWithUser', { ...as(admin), body: { depId: depart, userIdList: hospId } });
    expect((await call(app, '/sys/sysDepartRole/deptRoleUserAdd', { ...as(admin), body: { userId: hospId, newRoleId: role, oldRoleId: '' } })).body.success).toBe(true);
    const lift = await save({ dataRuleIds: '' }, await login(app, 'hospadmin'));
    expect([lift.status, lift.body.message]).toEqual([400, '数据规则：不能修改本人所属角色的数据规则']);
    expect((await offered()).body.result.drChecked).toBe(rule);
  });
});
