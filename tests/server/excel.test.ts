import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Page } from '../../src/core/protocol/index.js';
import { call, login, schemasCopy, tempDir, testApp } from './helpers.js';
import { envelope, raw, upload } from './files.multipart.js';

type Rec = Record<string, unknown>;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A GB 11643-valid 18-digit ID card number with sequence `n`. */
function idCard(n: number): string {
  const body = `11010519800101${String(n).padStart(3, '0')}`;
  const w = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...body].reduce((a, d, i) => a + Number(d) * w[i]!, 0);
  return body + '10X98765432'[sum % 11]!;
}

/** The repository's schemas with export + import switched on for hisDoctor. */
function fixtureSchemas(): string {
  const root = schemasCopy(tempDir('hosp-excel-schemas-'));
  const file = path.join(root, 'modules/hisDoctor.json');
  const doc = JSON.parse(fs.readFileSync(file, 'utf8')) as { list: Rec };
  doc.list = { ...doc.list, export: true, import: true };
  fs.writeFileSync(file, JSON.stringify(doc));
  return root;
}
const schemasDir = fixtureSchemas();

let app: FastifyInstance;
let hosp: string;
let zhuli: string;
const dataDir = tempDir('hosp-excel-data-');

beforeAll(async () => {
  app = await testApp({ schemasDir, dataDir });
  hosp = await login(app, 'hospadmin');
  zhuli = await login(app, 'zhuli');
});
afterAll(async () => {
  await app.close();
});

async function workbook(buf: Buffer): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ArrayBuffer);
  return wb;
}

function rowValues(ws: ExcelJS.Worksheet, n: number): unknown[] {
  return (ws.getRow(n).values as unknown[]).slice(1);
}

async function doctorTotal(): Promise<number> {
  const r = await call<Page<Rec>>(app, '/hisDoctor/list', { token: hosp, query: { pageSize: 1 } });
  return r.body.result.total;
}

describe('GET /hisDoctor/exportXls', () => {
  it('exports the list columns with titles, dict labels, masked phones and numeric money', async () => {
    const total = await doctorTotal();
    const res = await raw(app, '/hisDoctor/exportXls', { token: hosp });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX);
    expect(String(res.headers['content-disposition'])).toBe(`attachment; filename="hisDoctor.xlsx"; filename*=UTF-8''${encodeURIComponent('医生管理.xlsx')}`);
    const ws = (await workbook(res.rawPayload)).worksheets[0]!;
    expect(rowValues(ws, 1)).toEqual(['姓名', '性别', '手机号', '所属医院', '科室', '职称', '开通问诊', '图文问诊价格', '审核状态', '账号状态', '创建时间']);
    expect(ws.actualRowCount).toBe(total + 1);
    for (let r = 2; r <= ws.actualRowCount; r++) {
      const [, sex, phone, hospital, , title, online, price, , status] = rowValues(ws, r);
      expect(['男', '女', '未知的性别', '未说明的性别']).toContain(sex);
      expect(String(phone)).toMatch(/^1\d{2}\*{4}\d{4}$/);
      expect(String(hospital)).not.toMatch(/^\d{10,}$/); // a label, not an id
      expect(['医士', '医师', '主治医师', '副主任医师', '主任医师', '中医师', '主治中医师', '副主任中医师', '主任中医师']).toContain(title);
      expect(['是', '否']).toContain(online);
      if (price !== undefined && price !== null) expect(typeof price).toBe('number');
      expect(['启用', '停用']).toContain(status);
    }
  });

  it('honours field, selections and the list filters; refuses undeclared keys', async () => {
    const page = await call<Page<Rec>>(app, '/hisDoctor/list', { token: hosp, query: { pageSize: 3 } });
    const ids = page.body.result.records.map((r) => r.id as string);
    const res = await raw(app, '/hisDoctor/exportXls', { token: hosp, query: { field: 'id,,realname,sex_dictText', selections: `${ids[0]},${ids[1]}` } });
    expect(res.statusCode).toBe(200);
    const ws = (await workbook(res.rawPayload)).worksheets[0]!;
    expect(rowValues(ws, 1)).toEqual(['主键', '姓名', '性别']);
    expect(ws.actualRowCount).toBe(3);
    expect(new Set([rowValues(ws, 2)[0], rowValues(ws, 3)[0]])).toEqual(new Set(ids.slice(0, 2)));

    const name = page.body.result.records[0]!.realname as string;
    const f = await raw(app, '/hisDoctor/exportXls', { token: hosp, query: { realname: `*${name}*`, field: 'realname' } });
    const fws = (await workbook(f.rawPayload)).worksheets[0]!;
    for (let r = 2; r <= fws.actualRowCount; r++) expect(String(rowValues(fws, r)[0])).toContain(name);

    const bad = await raw(app, '/hisDoctor/exportXls', { token: hosp, query: { field: 'idCard' } });
    expect(bad.statusCode).toBe(400);
    expect(envelope(bad.body).message).toBe('不支持的导出字段：idCard');
    const badFilter = await raw(app, '/hisDoctor/exportXls', { token: hosp, query: { nope: '1' } });
    expect(envelope(badFilter.body).message).toBe('不支持的查询条件：nope');
    expect((await raw(app, '/hisDoctor/exportXls', { token: zhuli })).statusCode).toBe(403);
    expect((await raw(app, '/hisDoctor/exportXls', { token: hosp, query: { x: '1' }, signQuery: {} })).statusCode).toBe(400);
  });

  it('only exists for schemas with list.export', async () => {
    const r = await raw(app, '/sysRole/exportXls', { token: hosp });
    expect(r.statusCode).toBe(404);
  });
});

describe('import', () => {
  let hospital: { id: string; name: string };
  let depart: { id: string; name: string };

  beforeAll(async () => {
    const hs = await call<Page<Rec>>(app, '/hisHospital/list', { token: hosp, query: { pageSize: 100 } });
    const names = hs.body.result.records.map((r) => r.name);
    for (const h of hs.body.result.records) {
      if (names.filter((n) => n === h.name).length !== 1) continue;
      const ds = await call<Page<Rec>>(app, '/hisDepartment/list', { token: hosp, query: { hospitalId: h.id as string, pageSize: 100 } });
      const dn = ds.body.result.records.map((r) => r.name);
      const d = ds.body.result.records.find((r) => dn.filter((n) => n === r.name).length === 1);
      if (d) {
        hospital = { id: h.id as string, name: h.name as string };
        depart = { id: d.id as string, name: d.name as string };
        break;
      }
    }
    expect(depart).toBeDefined();
  });

  async function template(): Promise<ExcelJS.Workbook> {
    const res = await raw(app, '/hisDoctor/importTemplate', { token: hosp });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX);
    return workbook(res.rawPayload);
  }

  function row(n: number, over: Record<string, unknown> = {}): Record<string, unknown> {
    return {
      姓名: `导入医生${n}`,
      性别: '女',
      手机号: `1398765${String(n).padStart(4, '0')}`,
      身份证号: idCard(800 + n),
      学历: '硕士',
      所属医院: hospital.name,
      科室: depart.name,
      职称: '主治医师',
      执业类别: '临床',
      执业范围: '内科',
      医师执业证书编号: `IMP${n}P`,
      医师资格证书编号: `IMP${n}Q`,
      首次执业时间: n % 2 ? new Date(Date.UTC(2015, 5, 1)) : '2016/3/9',
      多点执业: '否',
      开通问诊: '是',
      图文问诊价格: 19.9,
      视频问诊价格: '59.00',
      每日接诊上限: 20,
      账号状态: '启用',
      ...over,
    };
  }

  async function fileOf(rows: Array<Record<string, unknown>>): Promise<Buffer> {
    const wb = await template();
    const ws = wb.worksheets[0]!;
    const header = rowValues(ws, 1) as string[];
    rows.forEach((r, i) => {
      const excelRow = ws.getRow(i + 2);
      header.forEach((title, j) => {
        if (r[title] !== undefined) excelRow.getCell(j + 1).value = r[title] as ExcelJS.CellValue;
      });
      excelRow.commit();
    });
    return Buffer.from((await wb.xlsx.writeBuffer()) as ArrayBuffer);
  }

  const post = (file: Buffer, query: Record<string, string>, token = hosp, filename = 'doctors.xlsx') =>
    upload(app, '/hisDoctor/importExcel', [{ name: 'file', filename, type: XLSX, data: file }], { token, query });

  it('template: importable headers, 填写说明 and dict validation lists', async () => {
    const wb = await template();
    expect(wb.worksheets.map((w) => w.name)).toEqual(['医生', '填写说明', '_options']);
    const header = rowValues(wb.worksheets[0]!, 1);
    expect(header).toEqual(['姓名', '性别', '手机号', '身份证号', '学历', '所属医院', '科室', '职称', '执业类别', '执业范围', '医师执业证书编号', '医师资格证书编号', '首次执业时间', '多点执业', '擅长', '开通问诊', '图文问诊价格', '视频问诊价格', '每日接诊上限', '账号状态']);
    const help = wb.getWorksheet('填写说明')!;
    const phone = (help.getSheetValues() as unknown[][]).find((r) => r?.[1] === '手机号')!;
    expect(phone.slice(1, 3)).toEqual(['手机号', '是']);
    expect(String(phone[5])).toContain('手机号码格式不正确!');
    const sex = (help.getSheetValues() as unknown[][]).find((r) => r?.[1] === '性别')!;
    expect(sex[4]).toBe('男、女、未知的性别、未说明的性别');
    const dv = (wb.worksheets[0] as unknown as { dataValidations: { model: Record<string, { type: string; formulae: string[] }> } }).dataValidations.model;
    expect(Object.values(dv).some((v) => v.type === 'list')).toBe(true);
  });

  it('round trip: dry run reports the bad row, a refused commit writes nothing, the fixed file commits', async () => {
    const before = await doctorTotal();
    const bad = await fileOf([row(1), row(2, { 手机号: '12345' }), row(3)]);

    const dry = await post(bad, { dryRun: '1' });
    expect(dry.status, dry.body.message).toBe(200);
    expect(dry.body.result).toEqual({ total: 3, valid: 2, invalid: 1, errors: [{ row: 3, field: 'phone', title: '手机号', message: '手机号：手机号码格式不正确!' }] });
    expect(await doctorTotal()).toBe(before);

    const refused = await post(bad, { dryRun: '0' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('导入失败：共3行，其中1行有误，未导入任何数据');
    expect((refused.body.result as { errors: unknown[] }).errors).toHaveLength(1);
    expect(await doctorTotal()).toBe(before);

    const good = await fileOf([row(1), row(2), row(3)]);
    const done = await post(good, { dryRun: '0' });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.result).toEqual({ total: 3, inserted: 3 });
    expect(await doctorTotal()).toBe(before + 3);

    const list = await call<Page<Rec>>(app, '/hisDoctor/list', { token: hosp, query: { realname: '*导入医生*', pageSize: 10 } });
    expect(list.body.result.total).toBe(3);
    const second = await call<Rec>(app, '/hisDoctor/queryById', { token: hosp, query: { id: list.body.result.records.find((r) => r.realname === '导入医生2')!.id as string } });
    expect(second.body.result).toMatchObject({
      sex: '2', education: '4', hospitalId: hospital.id, departIds: depart.id, title: '2', pracType: '1', status: '1',
      pracStartDate: '2016-03-09', multiSite: false, onlineSwitch: true, imagePrice: 19.9, videoPrice: 59, dailyLimit: 20, auditStatus: '0',
      // a hospital administrator holds no unmask code: queryById masks as the list does
      phone: '139****0002', sex_dictText: '女', hospitalId_dictText: hospital.name,
    });
    const first = list.body.result.records.find((r) => r.realname === '导入医生1')!;
    expect((await call<Rec>(app, '/hisDoctor/queryById', { token: hosp, query: { id: first.id as string } })).body.result.pracStartDate).toBe('2015-06-01');

    // the same file again: every unique value is taken now, nothing changes
    const again = await post(good, { dryRun: '0' });
    expect(again.status).toBe(400);
    const errs = (again.body.result as { errors: Array<{ row: number; field: string; message: string }> }).errors;
    expect(errs.filter((e) => e.row === 2).map((e) => e.field)).toEqual(['phone', 'idCard', 'pracCertNo', 'qualCertNo']);
    expect(errs[0]!.message).toBe('手机号：该值不可用，系统中已存在！');
    expect(await doctorTotal()).toBe(before + 3);
  });

  it('reports labels it cannot map, duplicates within the file and bad cells per row', async () => {
    const file = await fileOf([
      row(11),
      row(12, { 手机号: '13987650011', 性别: '男性', 所属医院: '不存在的医院' }),
      row(13, { 首次执业时间: '2020-13-40', 多点执业: '也许', 图文问诊价格: 'abc' }),
      row(14, { 职称: '' }),
    ]);
    const r = await post(file, { dryRun: '1' });
    expect(r.status).toBe(200);
    const res = r.body.result as { total: number; valid: number; invalid: number; errors: Array<{ row: number; field: string; message: string }> };
    expect(res).toMatchObject({ total: 4, valid: 1, invalid: 3 });
    const msgs = res.errors.map((e) => `${e.row}:${e.message}`);
    expect(msgs).toContain('3:性别：“男性”不是有效的选项');
    expect(msgs).toContain('3:所属医院：未找到“不存在的医院”');
    expect(msgs).toContain('3:手机号：与第2行重复');
    expect(msgs).toContain('4:首次执业时间：日期格式不正确，应为YYYY-MM-DD');
    expect(msgs).toContain('4:多点执业：只能填写“是”或“否”');
    expect(msgs).toContain('4:图文问诊价格：图文问诊价格必须是数字');
    expect(msgs).toContain('5:职称：请选择职称!');
  });

  it('refuses files that are not usable and callers without the permission', async () => {
    const before = await doctorTotal();
    const notXlsx = await post(Buffer.from('PK\u0003\u0004garbage'), { dryRun: '0' });
    expect(notXlsx.status).toBe(400);
    expect(notXlsx.body.message).toBe('Excel文件无法解析，请使用导入模板（.xlsx）');
    const csv = await post(Buffer.from('姓名\n张三'), {}, hosp, 'a.csv');
    expect(csv.body.message).toBe('仅支持 .xlsx 格式的Excel文件');
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('x').addRow(['无关', '表头']).commit();
    const noHeader = await post(Buffer.from((await wb.xlsx.writeBuffer()) as ArrayBuffer), { dryRun: '1' });
    expect(noHeader.body.message).toBe('未识别到有效的表头，请使用导入模板');
    const many = new ExcelJS.Workbook();
    const ws = many.addWorksheet('医生');
    ws.addRow(['姓名']);
    for (let i = 0; i < 5001; i++) ws.addRow([`医生${i}`]);
    const tooMany = await post(Buffer.from((await many.xlsx.writeBuffer()) as ArrayBuffer), { dryRun: '1' });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe('单次导入不能超过5000行数据');
    expect((await post(await fileOf([row(21)]), { dryRun: 'maybe' })).status).toBe(400);
    expect((await post(await fileOf([row(21)]), { dryRun: '0' }, zhuli)).status).toBe(403);
    expect(await doctorTotal()).toBe(before);
  });

  it('format=xlsx returns the dry-run report as a workbook', async () => {
    const file = await fileOf([row(31, { 手机号: '1' })]);
    const { multipart } = await import('./files.multipart.js');
    const mp = multipart([{ name: 'file', filename: 'd.xlsx', type: XLSX, data: file }]);
    const res = await raw(app, '/hisDoctor/importExcel', { method: 'POST', token: hosp, query: { dryRun: '1', format: 'xlsx' }, payload: mp.body, contentType: mp.contentType });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX);
    const ws = (await workbook(res.rawPayload)).worksheets[0]!;
    expect(rowValues(ws, 1)).toEqual(['行号', '字段', '错误信息']);
    expect(rowValues(ws, 2)).toEqual([2, '手机号', '手机号：手机号码格式不正确!']);
  });
});
