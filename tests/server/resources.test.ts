import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Page } from '../../src/core/protocol/index.js';
import { call, login, schemasCopy, tempDir, testApp } from './helpers.js';

type Rec = Record<string, unknown>;

/** A GB 11643-valid 18-digit ID card number with sequence `n`. */
function idCard(n: number): string {
  const body = `11010519800101${String(n).padStart(3, '0')}`;
  const w = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...body].reduce((a, d, i) => a + Number(d) * w[i]!, 0);
  return body + '10X98765432'[sum % 11]!;
}

/** The repository's schemas with one range-searchable field added (hisDoctor.pracStartDate). */
function fixtureSchemas(): string {
  const root = schemasCopy(tempDir('hosp-schemas-'));
  const file = path.join(root, 'modules/hisDoctor.json');
  const doc = JSON.parse(fs.readFileSync(file, 'utf8')) as { fields: Array<Rec> };
  const f = doc.fields.find((x) => x.key === 'pracStartDate')!;
  f.search = 'range';
  fs.writeFileSync(file, JSON.stringify(doc));
  return root;
}
const schemasDir = fixtureSchemas();

let app: FastifyInstance;
let admin: string;
let hosp: string;
let zhuli: string;

/** A hospital with two departments of the caller's tenant (a doctor's references must exist there). */
interface Org { hospitalId: string; departIds: string }
let hospOrg: Org;
let adminOrg: Org;

async function makeOrg(token: string, n: number): Promise<Org> {
  const h = await call<string>(app, '/hisHospital/add', {
    token,
    body: { name: `测试医院${n}`, orgType: '1', uscc: `91640100MA7${String(n).padStart(7, '0')}`, licenseNo: `PDY${n}`, hosType: '1', hosLevel: '31', address: '银川市', phone: '13800000000', status: '1' },
  });
  expect(h.body.success, h.body.message).toBe(true);
  const departs: string[] = [];
  for (const k of [1, 2]) {
    const d = await call<string>(app, '/hisDepartment/add', { token, body: { name: `科室${n}-${k}`, code: `KS${n}${k}`, hospitalId: h.body.result, deptType: '1', status: '1' } });
    expect(d.body.success, d.body.message).toBe(true);
    departs.push(d.body.result);
  }
  return { hospitalId: h.body.result, departIds: departs.join(',') };
}

const doctor = (over: Rec = {}): Rec => ({
  realname: '张三',
  sex: '1',
  phone: '13912345678',
  idCard: '11010519491231002X',
  ...hospOrg,
  title: '2',
  pracType: '1',
  pracScope: '内科',
  pracCertNo: 'A1001',
  qualCertNo: 'B1001',
  pracStartDate: '2015-06-01',
  status: '1',
  ...over,
});

async function total(token: string, query: Rec = {}): Promise<number> {
  const r = await call<Page<Rec>>(app, '/hisDoctor/list', { token, query: query as Record<string, string> });
  expect(r.status, r.body.message).toBe(200);
  return r.body.result.total;
}

beforeAll(async () => {
  app = await testApp({ schemasDir, seedRows: 0 });
  admin = await login(app, 'admin');
  hosp = await login(app, 'hospadmin');
  zhuli = await login(app, 'zhuli');
  hospOrg = await makeOrg(hosp, 1);
  adminOrg = await makeOrg(admin, 2);
});
afterAll(async () => {
  await app.close();
});

describe('add / validation / uniqueness', () => {
  it('adds a doctor with audit columns and readOnly defaults', async () => {
    const r = await call<string>(app, '/hisDoctor/add', { token: hosp, body: doctor({ auditStatus: '1' }) });
    expect(r.body).toMatchObject({ success: true, message: '添加成功！' });
    expect(r.body.result).toMatch(/^\d{19}$/);
    const got = await call<Rec>(app, '/hisDoctor/queryById', { token: hosp, query: { id: r.body.result } });
    expect(got.body.result).toMatchObject({
      realname: '张三',
      tenantId: 1001,
      createBy: 'hospadmin',
      auditStatus: '0', // readOnly: the client cannot set it
      phone: '139****5678', // masked in queryById too: hospadmin holds no hisDoctor:unmask
      sex_dictText: '男',
      title_dictText: '主治医师',
    });
    expect(got.body.result.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('rejects a bad phone naming the field, writes nothing', async () => {
    const before = await total(hosp);
    const r = await call<{ errors: Array<{ field: string; message: string }> }>(app, '/hisDoctor/add', {
      token: hosp,
      body: doctor({ phone: '12345', idCard: idCard(21), pracCertNo: 'X1', qualCertNo: 'Y1' }),
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('手机号：手机号码格式不正确!');
    expect(r.body.result.errors).toContainEqual({ field: 'phone', message: '手机号码格式不正确!' });
    expect(await total(hosp)).toBe(before);
  });

  it('rejects wrong types with a 4xx', async () => {
    const r = await call(app, '/hisDoctor/add', { token: hosp, body: doctor({ realname: { x: 1 }, phone: '13900000001' }) });
    expect(r.status).toBe(400);
    const arr = await call(app, '/hisDoctor/add', { token: hosp, body: [1, 2] });
    expect(arr.status).toBe(400);
  });

  it('rejects a duplicate phone in the same tenant', async () => {
    const before = await total(hosp);
    const r = await call(app, '/hisDoctor/add', { token: hosp, body: doctor({ idCard: idCard(21), pracCertNo: 'A2', qualCertNo: 'B2' }) });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('手机号：该值不可用，系统中已存在！');
    expect(await total(hosp)).toBe(before);
  });

  it('allows the same phone in another tenant', async () => {
    const r = await call(app, '/hisDoctor/add', { token: admin, body: doctor({ realname: '平台医生', ...adminOrg }) });
    expect(r.body.success).toBe(true);
  });
});

describe('methods', () => {
  it('edit and a transition answer PUT and POST, deleteBatch DELETE and POST, each through its permission', async () => {
    const one = await call<string>(app, '/hisDoctor/add', { token: hosp, body: doctor({ phone: '13900001111', idCard: '110105198001010016', pracCertNo: 'M1', qualCertNo: 'M2' }) });
    const two = await call<string>(app, '/hisDoctor/add', { token: hosp, body: doctor({ phone: '13900002222', idCard: '110105198001010024', pracCertNo: 'M3', qualCertNo: 'M4' }) });
    expect([one.body.message, two.body.message]).toEqual(['添加成功！', '添加成功！']);
    const id = one.body.result;
    const read = async () => (await call<Rec>(app, '/hisDoctor/queryById', { token: hosp, query: { id } })).body.result;
    for (const [method, realname] of [['PUT', '王五'], ['POST', '赵六']] as const) {
      const { version } = await read();
      const r = await call(app, '/hisDoctor/edit', { method, token: hosp, body: { ...doctor({ realname, phone: '13900001111', idCard: '110105198001010016', pracCertNo: 'M1', qualCertNo: 'M2' }), id, version } });
      expect(r.body.message, method).toBe('编辑成功！');
      expect((await read()).realname, method).toBe(realname);
    }
    const approve = await call(app, '/hisDoctor/approve', { method: 'POST', token: hosp, body: { id } });
    expect(approve.body.message).toBe('审核通过成功！');
    expect((await read()).auditStatus).toBe('1');
    const reject = await call(app, '/hisDoctor/reject', { method: 'PUT', token: hosp, body: { id: two.body.result, rejectReason: '资质不全' } });
    expect(reject.body.message).toBe('驳回成功！');
    // without the code: refused whichever method
    for (const method of ['PUT', 'POST'] as const) expect((await call(app, '/hisDoctor/edit', { method, token: zhuli, body: { id, realname: 'x' } })).body.message).toBe('没有权限：hisDoctor:edit');
    const del = await call<number>(app, '/hisDoctor/deleteBatch', { method: 'POST', token: hosp, body: { ids: [id, two.body.result] } });
    expect(del.body.message).toBe('删除成功！');
    expect(del.body.result).toBe(2);
    expect((await call(app, '/hisDoctor/queryById', { token: hosp, query: { id } })).status).toBe(404);
  });
});

describe('permissions and tenancy', () => {
  it('403s a call without the permission code', async () => {
    const r = await call(app, '/hisDoctor/add', { token: zhuli, body: doctor({ phone: '13900000002' }) });
    expect(r.status).toBe(403);
    expect(r.body.message).toBe('没有权限：hisDoctor:add');
    expect((await call(app, '/hisDoctor/list', { token: zhuli })).status).toBe(200);
    const del = await call(app, '/hisDoctor/delete', { method: 'DELETE', token: zhuli, query: { id: '1' } });
    expect(del.body.message).toBe('没有权限：hisDoctor:delete');
    const users = await call(app, '/sys/user/list', { token: zhuli });
    expect(users.body.message).toBe('没有权限：user:list');
  });

  it("never reads, edits or deletes another tenant's row", async () => {
    const mine = await call<Page<Rec>>(app, '/hisDoctor/list', { token: admin, query: { realname: '*平台*' } });
    const row = mine.body.result.records[0]!;
    const id = String(row.id);
    const read = await call(app, '/hisDoctor/queryById', { token: hosp, query: { id } });
    expect(read.status).toBe(404);
    expect(read.body.message).toBe('未找到对应数据');
    const edit = await call(app, '/hisDoctor/edit', { method: 'PUT', token: hosp, body: { ...doctor({ realname: '篡改' }), id } });
    expect(edit.status).toBe(404);
    const del = await call(app, '/hisDoctor/delete', { method: 'DELETE', token: hosp, query: { id } });
    expect(del.status).toBe(404);
    const batch = await call(app, '/hisDoctor/deleteBatch', { method: 'DELETE', token: hosp, query: { ids: `${id},` } });
    expect(batch.status).toBe(404);
    const after = await call<Rec>(app, '/hisDoctor/queryById', { token: admin, query: { id } });
    expect(after.body.result).toMatchObject({ realname: '平台医生', updateTime: null });
  });

  it('lets a super-tenant user act on another tenant via tenant-id; others ignore it', async () => {
    const own = await total(admin);
    const other = await total(hosp);
    const r = await call<Page<Rec>>(app, '/hisDoctor/list', { token: admin, tenantId: 1001 });
    expect(r.body.result.total).toBe(other);
    const z = await call<Page<Rec>>(app, '/hisDoctor/list', { token: zhuli, tenantId: 1000 });
    expect(z.body.result.total).toBe(other);
    const adminOwn = await call<Page<Rec>>(app, '/hisDoctor/list', { token: admin });
    expect(adminOwn.body.result.total).toBe(own);
    expect(adminOwn.body.result.records.every((r) => r.tenantId === 1000)).toBe(true);
    expect(r.body.result.records.every((x) => x.tenantId === 1001)).toBe(true);
  });
});

describe('list query', () => {
  beforeAll(async () => {
    const rows = [
      { realname: '李四', sex: '1', phone: '13911110001', idCard: idCard(1), pracStartDate: '2010-03-01', title: '4' },
      { realname: '王芳', sex: '2', phone: '13911110002', idCard: idCard(3), pracStartDate: '2018-03-01', title: '1' },
      { realname: '张丽', sex: '2', phone: '13911110003', idCard: idCard(5), pracStartDate: '2020-03-01', title: '1' },
    ];
    for (const [i, r] of rows.entries()) {
      const res = await call(app, '/hisDoctor/add', { token: hosp, body: doctor({ ...r, pracCertNo: `C${i}`, qualCertNo: `D${i}` }) });
      expect(res.body.success, res.body.message).toBe(true);
    }
  });

  it('filters like / eq / range and pages', async () => {
    const like = await call<Page<Rec>>(app, '/hisDoctor/list', { token: hosp, query: { realname: '*张*' } });
    expect(like.body.result.records.map((r) => r.realname).sort()).toEqual(['张三', '张丽']);
    const eq = await call<Page<Rec>>(app, '/hisDoctor/list', { token: hosp, query: { sex: '2' } });
    expect(eq.body.result.total).toBe(2);
    const range = await call<Page<Rec>>(app, '/hisDoctor/list', {
      token: hosp,
      query: { pracStartDate_begin: '2015-01-01', pracStartDate_end: '2019-01-01' },
    });
    expect(range.body.result.records.map((r) => r.realname).sort()).toEqual(['张三', '王芳']);
    const page = await call<Page<Rec>>(app, '/hisDoctor/list', { token: hosp, query: { pageNo: 2, pageSize: 3 } });
    expect(page.body.result).toMatchObject({ total: 4, size: 3, current: 2, pages: 2 });
    expect(page.body.result.records).toHaveLength(1);
  });

  it('masks sensitive fields in the list and adds _dictText', async () => {
    const r = await call<Page<Rec>>(app, '/hisDoctor/list', { token: hosp, query: { realname: '*王芳*' } });
    const rec = r.body.result.records[0]!;
    expect(rec.phone).toBe('139****0002');
    expect(rec.idCard).toBe(`110***********${idCard(3).slice(-4)}`);
    expect(rec.sex_dictText).toBe('女');
    expect(rec.departIds_dictText).toBe('科室1-1,科室1-2');
    // the page's two ref fields are labelled from their own tables (one query for both)
    expect(rec.hospitalId_dictText).toBe('测试医院1');
  });

  it('sorts by a declared key', async () => {
    const asc = await call<Page<Rec>>(app, '/hisDoctor/list', { token: hosp, query: { column: 'createTime', order: 'asc' } });
    const desc = await call<Page<Rec>>(app, '/hisDoctor/list', { token: hosp, query: { column: 'createTime', order: 'desc' } });
    expect(asc.body.result.records.map((r) => r.id)).toEqual([...desc.body.result.records.map((r) => r.id)].reverse());
  });

  it('400s undeclared sort and filter keys and bad paging', async () => {
    const s = await call(app, '/hisDoctor/list', { token: hosp, query: { column: 'idCard' } });
    expect(s.status).toBe(400);
    expect(s.body.message).toBe('不支持的排序字段：idCard');
    const f = await call(app, '/hisDoctor/list', { token: hosp, query: { password_hash: 'x' } });
    expect(f.status).toBe(400);
    expect(f.body.message).toBe('不支持的查询条件：password_hash');
    const p = await call(app, '/hisDoctor/list', { token: hosp, query: { pageNo: 'abc' } });
    expect(p.status).toBe(400);
  });

  it('sees writes immediately despite the count cache', async () => {
    const before = await total(hosp);
    const add = await call<string>(app, '/hisDoctor/add', {
      token: hosp,
      body: doctor({ realname: '赵六', phone: '13911110009', idCard: idCard(7), pracCertNo: 'E1', qualCertNo: 'F1' }),
    });
    expect(await total(hosp)).toBe(before + 1);
    const edit = await call(app, '/hisDoctor/edit', {
      method: 'PUT',
      token: hosp,
      body: { ...doctor({ realname: '赵六六', phone: '13911110009', idCard: idCard(7), pracCertNo: 'E1', qualCertNo: 'F1' }), id: add.body.result, version: 1 },
    });
    expect(edit.body).toMatchObject({ success: true, message: '编辑成功！' });
    const del = await call(app, '/hisDoctor/deleteBatch', { method: 'DELETE', token: hosp, query: { ids: `${add.body.result},` } });
    expect(del.body.success).toBe(true);
    expect(await total(hosp)).toBe(before);
  });
});

describe('sysUser shares sys_user with login', () => {
  it('hashes the password, never returns it, and the new user can log in', async () => {
    const add = await call<string>(app, '/sys/user/add', {
      token: admin,
      body: { username: 'newdoc', password: 'Newdoc@12345', realname: '新用户', workNo: 'N001', phone: '13700000001', status: '1' },
    });
    expect(add.body.success, add.body.message).toBe(true);
    const list = await call<Page<Rec>>(app, '/sys/user/list', { token: admin, query: { username: '*newdoc*' } });
    const one = await call<Rec>(app, '/sys/user/queryById', { token: admin, query: { id: add.body.result } });
    for (const body of [JSON.stringify(list.body), JSON.stringify(one.body)]) {
      expect(body).not.toMatch(/password|scrypt|Newdoc@12345/);
    }
    expect(await login(app, 'newdoc', 'Newdoc@12345')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses a username taken in another tenant', async () => {
    const r = await call(app, '/sys/user/add', {
      token: hosp,
      body: { username: 'admin', password: 'Other@123456', realname: '冒名', workNo: 'N002', phone: '13700000002', status: '1' },
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('用户账号：该值不可用，系统中已存在！');
  });
});
