/**
 * 系统管理 over the server's own tables: dictionaries edited in the console reach getDictItems
 * and every `_dictText` at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { call, login, testApp } from './helpers.js';
import { evaluateCondition } from '../../src/core/validators/condition.js';
import type { ResourceSchema } from '../../src/core/schema/types.js';
import permissionSchema from '../../schemas/modules/sysPermission.json';

type Rec = Record<string, unknown>;
interface Page { records: Rec[]; total: number }

let app: FastifyInstance;
let admin: string;
let hospadmin: string;
beforeAll(async () => {
  app = await testApp();
  admin = await login(app, 'admin');
  hospadmin = await login(app, 'hospadmin');
});
afterAll(async () => { await app.close(); });

async function dictByCode(code: string): Promise<Rec> {
  const r = await call<Page>(app, '/sys/dict/list', { token: admin, query: { dictCode: code } });
  expect(r.status).toBe(200);
  const row = r.body.result.records.find((d) => d.dictCode === code);
  expect(row, `dictionary ${code} is listed`).toBeTruthy();
  const full = await call<Rec>(app, '/sys/dict/queryById', { token: admin, query: { id: String(row!.id) } });
  return full.body.result;
}

async function items(code: string, token = hospadmin) {
  return call<Array<{ value: string; text: string }>>(app, `/sys/dict/getDictItems/${code}`, { token });
}

describe('数据字典', () => {
  it('lists the schema dictionaries with their items for the platform', async () => {
    const sex = await dictByCode('sex');
    expect(sex.dictName).toBe('性别');
    const rows = sex.items as Rec[];
    expect(rows.map((i) => [i.itemValue, i.itemText])).toEqual(expect.arrayContaining([['1', '男'], ['2', '女']]));
  });

  it('an item renamed, added or disabled in the console shows at once in getDictItems and _dictText', async () => {
    const before = await call<Page>(app, '/sys/user/list', { token: admin, query: { sex: '1', pageSize: 1 } });
    expect(before.body.result.records[0]?.sex_dictText).toBe('男');

    const sex = await dictByCode('sex');
    const rows = (sex.items as Rec[]).map((i) => ({ ...i }));
    const male = rows.find((i) => i.itemValue === '1')!;
    male.itemText = '男性';
    const female = rows.find((i) => i.itemValue === '2')!;
    female.status = '0';
    rows.push({ itemText: '其他', itemValue: '3', sortOrder: 9, status: '1' });
    const e = await call(app, '/sys/dict/edit', { method: 'PUT', token: admin, body: { id: sex.id, version: sex.version, dictName: sex.dictName, description: sex.description, items: rows } });
    expect(e.body.message).toBe('编辑成功！');

    const got = await items('sex');
    const offered = got.body.result.map((i) => [i.value, i.text]);
    expect(offered).toContainEqual(['1', '男性']);
    expect(offered).toContainEqual(['3', '其他']);
    expect(offered.map(([v]) => v)).not.toContain('2');

    const male2 = await call<Page>(app, '/sys/user/list', { token: admin, query: { sex: '1', pageSize: 1 } });
    expect(male2.body.result.records[0]?.sex_dictText).toBe('男性');
    // a disabled item is no longer offered, but stored values keep their label
    const female2 = await call<Page>(app, '/sys/user/list', { token: admin, query: { sex: '2', pageSize: 1 } });
    expect(female2.body.result.records[0]?.sex_dictText).toBe('女');
  });

  it('a dictionary in the recycle bin is not offered; restored, it is again', async () => {
    const d = await dictByCode('blood_abo');
    const r = await call(app, '/sys/dict/recycle', { method: 'PUT', token: admin, body: { id: d.id } });
    expect(r.body.success).toBe(true);
    const gone = await items('blood_abo');
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe('字典不存在：blood_abo');
    const back = await call(app, '/sys/dict/restore', { method: 'PUT', token: admin, body: { id: d.id } });
    expect(back.body.success).toBe(true);
    expect((await items('blood_abo')).body.result.length).toBeGreaterThan(0);
  });

  it('an item value is unique within its dictionary, not across dictionaries', async () => {
    const sex = await dictByCode('sex');
    const rows = [...(sex.items as Rec[]), { itemText: '重复', itemValue: '1', sortOrder: 20, status: '1' }];
    const e = await call(app, '/sys/dict/edit', { method: 'PUT', token: admin, body: { id: sex.id, version: sex.version, dictName: sex.dictName, items: rows } });
    expect(e.status).toBe(400);
    expect(e.body.message).toMatch(/数据值：该值不可用，系统中已存在！$/);
    expect((await items('sex')).body.result.filter((i) => i.value === '1')).toHaveLength(1);
    const other = await call(app, '/sys/dict/add', { token: admin, body: { dictName: '是否吸烟', dictCode: 'smoke_yn', items: [{ itemText: '是', itemValue: '1', status: '1' }, { itemText: '否', itemValue: '0', status: '1' }] } });
    expect(other.body.success).toBe(true);
    expect((await items('smoke_yn')).body.result.map((i) => i.text)).toEqual(['是', '否']);
  });

  it('refuses a duplicate code and a malformed item value, naming the field', async () => {
    const dup = await call(app, '/sys/dict/add', { token: admin, body: { dictName: '性别2', dictCode: 'sex' } });
    expect(dup.status).toBe(400);
    expect(dup.body.message).toContain('字典编码');
    const bad = await call(app, '/sys/dict/add', { token: admin, body: { dictName: '测试', dictCode: 'bad_items', items: [{ itemText: '甲', itemValue: 'a,b', status: '1' }] } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('数据值不能包含逗号或空白');
  });

  it('is not a hospital page', async () => {
    const r = await call(app, '/sys/dict/list', { token: hospadmin });
    expect(r.status).toBe(403);
  });
});

describe('用户冻结', () => {
  const password = 'Frozen@2026x';
  async function newUser(username: string, phone: string): Promise<string> {
    const r = await call<string>(app, '/sys/user/add', { token: admin, body: { username, password, realname: '冻结测试', workNo: `F${phone.slice(-5)}`, phone } });
    expect(r.body.message).toBe('添加成功！');
    return r.body.result;
  }

  it('a frozen user is signed out at once and refused at login with 该用户已冻结; unfrozen, logs in again', async () => {
    const id = await newUser('frozen_a1', '13912340001');
    const token = await login(app, 'frozen_a1', password);
    const me = await call(app, '/sys/permission/getUserPermissionByToken', { token });
    expect(me.status).toBe(200);

    const f = await call(app, '/sys/user/freeze', { method: 'PUT', token: admin, body: { id } });
    expect(f.body.success).toBe(true);
    const after = await call(app, '/sys/permission/getUserPermissionByToken', { token });
    expect(after.status).toBe(401);
    expect(after.body.message).toBe('Token失效，请重新登录');

    const refused = await call(app, '/sys/login', { body: { username: 'frozen_a1', password } });
    expect(refused.body.success).toBe(false);
    expect(refused.body.message).toBe('该用户已冻结');
    // without the password nothing tells the account is frozen
    const guess = await call(app, '/sys/login', { body: { username: 'frozen_a1', password: 'Wrong@20260' } });
    expect(guess.body.message).toBe('用户名或密码错误');

    const again = await call(app, '/sys/user/freeze', { method: 'PUT', token: admin, body: { id } });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('当前状态「冻结」不允许执行「冻结」');

    const u = await call(app, '/sys/user/unfreeze', { method: 'PUT', token: admin, body: { id } });
    expect(u.body.success).toBe(true);
    expect(typeof (await login(app, 'frozen_a1', password))).toBe('string');
  });

  it('the form cannot change the state: status is only written by 冻结 / 解冻', async () => {
    const id = await newUser('frozen_b1', '13912340002');
    const row = (await call<Rec>(app, '/sys/user/queryById', { token: admin, query: { id } })).body.result;
    await call(app, '/sys/user/edit', { method: 'PUT', token: admin, body: { id, version: row.version, username: row.username, realname: row.realname, workNo: row.workNo, phone: '13912340002', status: '2' } });
    const after = (await call<Rec>(app, '/sys/user/queryById', { token: admin, query: { id } })).body.result;
    expect(after.status).toBe('1');
    expect(typeof (await login(app, 'frozen_b1', password))).toBe('string');
  });
});

describe('用户表单辅助接口', () => {
  it('checkOnlyUser answers whether an account name, phone or work number is free', async () => {
    const taken = await call(app, '/sys/user/checkOnlyUser', { token: admin, query: { username: 'hospadmin' } });
    expect(taken.status).toBe(200);
    expect(taken.body).toMatchObject({ success: false, message: '用户账号已存在' });
    const free = await call(app, '/sys/user/checkOnlyUser', { token: admin, query: { username: 'nobody_2026' } });
    expect(free.body).toMatchObject({ success: true, result: true });
    const none = await call(app, '/sys/user/checkOnlyUser', { token: admin, query: {} });
    expect(none.status).toBe(400);
    const denied = await call(app, '/sys/user/checkOnlyUser', { token: await login(app, 'zhuli'), query: { username: 'x' } });
    expect(denied.status).toBe(403);
  });

  it('queryUserRole gives the role ids of a user of the caller\'s tenant', async () => {
    const users = await call<Page>(app, '/sys/user/list', { token: admin, query: { username: 'hospadmin', pageSize: 5 } });
    expect(users.body.result.records).toHaveLength(0); // another tenant's account is not listed for the platform
    const mine = await call<Page>(app, '/sys/user/list', { token: hospadmin, query: { username: 'hospadmin' } });
    const row = mine.body.result.records.find((r) => r.username === 'hospadmin')!;
    const r = await call<string[]>(app, '/sys/user/queryUserRole', { token: hospadmin, query: { userid: String(row.id) } });
    expect(r.body.result).toEqual(String(row.roleIds).split(',').sort());
    const other = await call(app, '/sys/user/queryUserRole', { token: admin, query: { userid: String(row.id) } });
    expect(other.status).toBe(404);
  });
});

describe('菜单管理', () => {
  interface MenuNode { id: string; path: string; hidden?: boolean; meta: { title: string; icon?: string | null; permissionList?: Array<{ action: string }> }; children?: MenuNode[] }
  const menuOf = async (token: string) => (await call<{ menu: MenuNode[]; auth: Array<{ action: string }> }>(app, '/sys/permission/getUserPermissionByToken', { token })).body.result;
  const flat = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);
  async function entry(url: string): Promise<Rec> {
    const r = await call<Page>(app, '/sys/permission/list', { token: admin, query: { url, pageSize: 10 } });
    const row = r.body.result.records.find((x) => x.url === url);
    expect(row, `menu entry ${url}`).toBeTruthy();
    return (await call<Rec>(app, '/sys/permission/queryById', { token: admin, query: { id: String(row!.id) } })).body.result;
  }

  it('lists the menu as a tree: directories at the root, pages and buttons below', async () => {
    const roots = await call<Page>(app, '/sys/permission/list', { token: admin });
    const names = roots.body.result.records.map((r) => r.name);
    expect(names).toContain('系统管理');
    expect(roots.body.result.records.every((r) => r.menuType === '0')).toBe(true);
    const sys = roots.body.result.records.find((r) => r.name === '系统管理')!;
    expect(sys.hasChild).toBe(true);
    const pages = await call<Rec[]>(app, '/sys/permission/childList', { token: admin, query: { pid: String(sys.id) } });
    expect(pages.body.result.map((p) => p.name)).toEqual(expect.arrayContaining(['用户管理', '菜单管理', '数据字典']));
  });

  it('a page renamed, re-iconed or hidden in the console is what users get on their next permission fetch', async () => {
    const page = await entry('/app/doctor');
    const before = flat((await menuOf(hospadmin)).menu).find((n) => n.path === '/app/doctor');
    expect(before?.meta.title).toBe('医生管理');

    const e = await call(app, '/sys/permission/edit', { method: 'PUT', token: admin, body: { ...pick(page), name: '医生信息', icon: 'solution' } });
    expect(e.body.message).toBe('编辑成功！');
    const after = flat((await menuOf(hospadmin)).menu).find((n) => n.path === '/app/doctor');
    expect(after?.meta).toMatchObject({ title: '医生信息', icon: 'solution' });

    const page2 = await entry('/app/doctor');
    await call(app, '/sys/permission/edit', { method: 'PUT', token: admin, body: { ...pick(page2), hidden: true } });
    expect(flat((await menuOf(hospadmin)).menu).find((n) => n.path === '/app/doctor')?.hidden).toBe(true);
  });

  it('a button switched to 无效 is held by everyone; a deleted button code is held by no one but the super administrator', async () => {
    const zhuli = await login(app, 'zhuli');
    const codes = async (token: string) => (await menuOf(token)).auth.map((a) => a.action);
    expect(await codes(zhuli)).not.toContain('hisDoctor:add');
    const btn = await call<Page>(app, '/sys/permission/list', { token: admin, query: { perms: 'hisDoctor:add', pageSize: 5 } });
    const b = btn.body.result.records.find((r) => r.perms === 'hisDoctor:add')!;
    const full = (await call<Rec>(app, '/sys/permission/queryById', { token: admin, query: { id: String(b.id) } })).body.result;
    await call(app, '/sys/permission/edit', { method: 'PUT', token: admin, body: { ...pick(full), status: '0' } });
    // the rule is off: the add route lets zhuli through to validation
    const add = await call(app, '/hisDoctor/add', { token: zhuli, body: {} });
    expect(add.status).toBe(400);

    const del = await call(app, '/sys/permission/delete', { method: 'DELETE', token: admin, query: { id: String(b.id) } });
    expect(del.body.message).toBe('删除成功！');
    expect(await codes(hospadmin)).not.toContain('hisDoctor:add');
  });

  it('refuses a sub-menu without its parent, and a directory that still has entries', async () => {
    const r = await call(app, '/sys/permission/add', { token: admin, body: { menuType: '1', name: '孤儿页', url: '/orphan', component: 'resource/hisDoctor' } });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/^上级菜单：/);
    const sys = (await call<Page>(app, '/sys/permission/list', { token: admin, query: { name: '*系统管理*' } })).body.result.records.find((x) => x.name === '系统管理')!;
    const d = await call(app, '/sys/permission/delete', { method: 'DELETE', token: admin, query: { id: String(sys.id) } });
    expect(d.status).toBe(400);
    expect(d.body.message).toBe('该节点下还有下级数据，请先删除下级数据');
  });
});

/** A menu entry as the console's edit form sends it back: its fields, null for those its type hides. */
function pick(r: Rec): Rec {
  const out: Rec = { id: r.id, version: r.version };
  for (const f of (permissionSchema as unknown as ResourceSchema).fields) {
    out[f.key] = f.visibleWhen && !evaluateCondition(f.visibleWhen, r) ? null : r[f.key];
  }
  return out;
}

describe('校验规则', () => {
  const check = (ruleCode: string, value: string) => call(app, '/sys/checkRule/checkByCode', { token: hospadmin, query: { ruleCode, value } });
  async function rule(code: string): Promise<Rec> {
    const r = await call<Page>(app, '/sys/checkRule/list', { token: admin, query: { ruleCode: code } });
    const row = r.body.result.records.find((x) => x.ruleCode === code)!;
    expect(row, `rule ${code} is listed`).toBeTruthy();
    return (await call<Rec>(app, '/sys/checkRule/queryById', { token: admin, query: { id: String(row.id) } })).body.result;
  }

  it('lists the rules of the schemas with their segments', async () => {
    const r = await rule('drug_code');
    expect(r.ruleName).toBe('药品编号');
    expect((r.items as Rec[]).map((i) => i.digits)).toEqual(['2', '6', '*']);
  });

  it('an administrator\'s edit changes the next check, in checkByCode and in the write pipeline', async () => {
    expect((await check('drug_code', 'YP000123')).body.success).toBe(true);
    const r = await rule('drug_code');
    const items = (r.items as Rec[]).map((i) => ({ ...i }));
    items[0]!.pattern = 'YP';
    items[0]!.message = '药品编号必须以 YP 开头';
    const e = await call(app, '/sys/checkRule/edit', { method: 'PUT', token: admin, body: { id: r.id, version: r.version, ruleName: r.ruleName, ruleDescription: r.ruleDescription, items } });
    expect(e.body.message).toBe('编辑成功！');
    const refused = await check('drug_code', 'AB000123');
    expect(refused.body).toMatchObject({ success: false, message: '药品编号必须以 YP 开头' });
    expect((await check('drug_code', 'YP000123')).body.success).toBe(true);

    // a module field naming the rule is checked by the new rule at once
    const drug = (await call<Page>(app, '/sysDrug/list', { token: hospadmin, query: { pageSize: 1 } })).body.result.records[0]!;
    const full = (await call<Rec>(app, '/sysDrug/queryById', { token: hospadmin, query: { id: String(drug.id) } })).body.result;
    const body: Rec = {};
    for (const [k, v] of Object.entries(full)) if (!k.endsWith('_dictText') && !['createBy', 'createTime', 'updateBy', 'updateTime', 'tenantId', '_transitions'].includes(k)) body[k] = v;
    const w = await call(app, '/sysDrug/edit', { method: 'PUT', token: hospadmin, body: { ...body, code: 'AB000123' } });
    expect(w.status).toBe(400);
    expect(w.body.message).toMatch(/：药品编号必须以 YP 开头$/);
  });

  it('refuses a segment whose pattern is not a regular expression, writing nothing', async () => {
    const r = await rule('bill_no');
    const items = (r.items as Rec[]).map((i) => ({ ...i }));
    items[0]!.pattern = '[A-Z';
    const e = await call(app, '/sys/checkRule/edit', { method: 'PUT', token: admin, body: { id: r.id, version: r.version, ruleName: r.ruleName, items } });
    expect(e.status).toBe(400);
    expect(e.body.message).toBe('校验规则「单据编号」：第1条规则的正则表达式无效：[A-Z');
    expect(((await rule('bill_no')).items as Rec[])[0]!.pattern).toBe('[A-Z]{2}');
    expect((await check('bill_no', 'CF202601150001')).body.success).toBe(true);
  });
});

describe('租户管理', () => {
  async function tenant(no: number): Promise<Rec> {
    const r = await call<Page>(app, '/sys/tenant/list', { token: admin, query: { tenantNo: String(no) } });
    const row = r.body.result.records.find((x) => Number(x.tenantNo) === no);
    expect(row, `tenant ${no} is listed`).toBeTruthy();
    return (await call<Rec>(app, '/sys/tenant/queryById', { token: admin, query: { id: String(row!.id) } })).body.result;
  }

  it('lists the platform and the hospital; only the platform sees the page', async () => {
    expect((await tenant(1000)).name).toBe('平台运营中心');
    expect((await tenant(1001)).status).toBe('1');
    expect((await call(app, '/sys/tenant/list', { token: hospadmin })).status).toBe(403);
  });

  it('a tenant created in the console can be written into at once', async () => {
    const add = await call(app, '/sys/tenant/add', { token: admin, body: { tenantNo: 1201, name: '吴忠市人民医院互联网医院', beginDate: '2026-01-01' } });
    expect(add.body.message).toBe('添加成功！');
    const role = await call(app, '/sys/role/add', { token: admin, tenantId: 1201, body: { roleName: '医院管理员', roleCode: 'hosp_admin_1201' } });
    expect(role.body.message).toBe('添加成功！');
  });

  it('disabling a tenant ends its users\' sessions and refuses their logins; enabling lets them in again', async () => {
    const zhuli = await login(app, 'zhuli');
    const t = await tenant(1001);
    const d = await call(app, '/sys/tenant/disable', { method: 'PUT', token: admin, body: { id: t.id } });
    expect(d.body.success).toBe(true);
    expect((await call(app, '/sys/permission/getUserPermissionByToken', { token: zhuli })).status).toBe(401);
    const refused = await call(app, '/sys/login', { body: { username: 'hospadmin', password: 'Hosp@123456' } });
    expect(refused.body).toMatchObject({ success: false, message: '所属租户已停用，请联系平台管理员' });
    // nor can the platform write into it meanwhile
    const w = await call(app, '/sys/role/add', { token: admin, tenantId: 1001, body: { roleName: '停用期间', roleCode: 'while_disabled' } });
    expect(w.status).toBe(400);
    expect(w.body.message).toBe('租户不存在或已停用');

    const e = await call(app, '/sys/tenant/enable', { method: 'PUT', token: admin, body: { id: t.id } });
    expect(e.body.success).toBe(true);
    hospadmin = await login(app, 'hospadmin');
    expect(typeof hospadmin).toBe('string');
  });

  it('a tenant past its end date cannot sign in', async () => {
    const t = await tenant(1001);
    const body = { id: t.id, version: t.version, name: t.name, contactName: t.contactName, contactPhone: t.contactPhone, beginDate: t.beginDate, endDate: '2020-12-31', remark: t.remark };
    expect((await call(app, '/sys/tenant/edit', { method: 'PUT', token: admin, body })).body.message).toBe('编辑成功！');
    const zl = await call(app, '/sys/login', { body: { username: 'zhuli', password: 'Zhuli@123456' } });
    expect(zl.body.message).toBe('所属租户已过期，请联系平台管理员');
    expect((await call(app, '/sys/permission/getUserPermissionByToken', { token: hospadmin })).status).toBe(401);
    const t2 = await tenant(1001);
    await call(app, '/sys/tenant/edit', { method: 'PUT', token: admin, body: { ...body, version: t2.version, endDate: null } });
    hospadmin = await login(app, 'hospadmin');
  });

  it('the platform cannot be disabled or deleted; a tenant with users cannot be deleted', async () => {
    const p = await tenant(1000);
    const d = await call(app, '/sys/tenant/disable', { method: 'PUT', token: admin, body: { id: p.id } });
    expect(d.status).toBe(400);
    expect(d.body.message).toBe('平台租户不能停用、设置到期或删除');
    expect((await tenant(1000)).status).toBe('1');
    const h = await tenant(1001);
    const del = await call(app, '/sys/tenant/delete', { method: 'DELETE', token: admin, query: { id: String(h.id) } });
    expect(del.status).toBe(400);
    expect(del.body.message).toBe('该租户下还有用户，不能删除');
    expect((await login(app, 'zhuli')).length).toBeGreaterThan(0);
  });
});

describe('数据源管理', () => {
  it('never sends a data source password back', async () => {
    const add = await call<string>(app, '/sys/dataSource/add', { token: admin, body: { code: 'his_test', name: '测试库', dbType: '6', dbDriver: 'org.postgresql.Driver', dbUrl: 'jdbc:postgresql://10.0.0.9:5432/his', dbUsername: 'his', dbPassword: 'Secret@2026' } });
    expect(add.body.message).toBe('添加成功！');
    const one = await call<Rec>(app, '/sys/dataSource/queryById', { token: admin, query: { id: add.body.result } });
    expect(one.body.result.dbUsername).toBe('his');
    expect('dbPassword' in one.body.result).toBe(false);
    const list = await call<Page>(app, '/sys/dataSource/list', { token: admin, query: { code: 'his_test' } });
    expect(JSON.stringify(list.body.result)).not.toContain('Secret@2026');
    const bad = await call(app, '/sys/dataSource/add', { token: admin, body: { code: '1db', name: '坏编码', dbType: '6', dbDriver: 'x', dbUrl: 'jdbc:postgresql://h/d', dbUsername: 'u' } });
    expect(bad.body.message).toBe('数据源编码：编码必须以字母开头，可包含数字、下划线、横杠');
  });
});

describe('部门管理', () => {
  it('seeds the organisation as a tree: one root, departments below it, posts below them', async () => {
    const roots = await call<Page>(app, '/sys/sysDepart/list', { token: admin });
    expect(roots.body.result.records.map((r) => r.departName)).toEqual(['互联网医院']);
    const root = roots.body.result.records[0]!;
    const depts = await call<Rec[]>(app, '/sys/sysDepart/childList', { token: admin, query: { pid: String(root.id) } });
    expect(depts.body.result.map((d) => d.departName)).toEqual(expect.arrayContaining(['医务部', '药学部', '互联网医院运营部']));
    const pharmacy = depts.body.result.find((d) => d.departName === '药学部')!;
    const posts = await call<Rec[]>(app, '/sys/sysDepart/childList', { token: admin, query: { pid: String(pharmacy.id) } });
    expect(posts.body.result.map((p) => [p.departName, p.orgCategory_dictText])).toEqual([['处方审核岗', '岗位']]);
  });
});

describe('编码规则', () => {
  it('the rule of 机构编码 is listed, and an administrator\'s edit numbers the next department', async () => {
    const list = await call<Page>(app, '/sys/fillRule/list', { token: admin, query: { ruleCode: 'depart_org_code' } });
    const r = list.body.result.records.find((x) => x.ruleCode === 'depart_org_code')!;
    expect(r).toMatchObject({ prefix: 'BM', dateFormat: 'none', digits: 4 });
    const root = (await call<Page>(app, '/sys/sysDepart/list', { token: admin })).body.result.records[0]!;
    const add = async (departName: string) => {
      const a = await call<string>(app, '/sys/sysDepart/add', { token: admin, body: { departName, parentId: root.id, orgCategory: '2' } });
      expect(a.body.message).toBe('添加成功！');
      return (await call<Rec>(app, '/sys/sysDepart/queryById', { token: admin, query: { id: a.body.result } })).body.result.orgCode;
    };
    expect(await add('科研处')).toMatch(/^BM\d{4}$/);
    const e = await call(app, '/sys/fillRule/edit', { method: 'PUT', token: admin, body: { id: r.id, version: r.version, ruleName: r.ruleName, prefix: 'ORG', dateFormat: 'yyyyMM', digits: 3, remark: r.remark } });
    expect(e.body.message).toBe('编辑成功！');
    const now = new Date();
    const ym = `${now.getFullYear()}${String(now.getMonth() + 1).padStart(2, '0')}`; // the server numbers in local time
    expect(await add('教学处')).toBe(`ORG${ym}001`);
    expect(await add('宣传处')).toBe(`ORG${ym}002`);
  });
});
