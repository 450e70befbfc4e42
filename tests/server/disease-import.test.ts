/**
 * 疾病 (ICD-10) is bulk-loaded by hospitals from Excel: a file of 1,000 rows with a few bad ones
 * is reported line by line on the dry run, refused as a whole on commit, and written whole once
 * the bad lines are fixed.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Page } from '../../src/core/protocol/index.js';
import { call, login, testApp } from './helpers.js';
import { raw, upload } from './files.multipart.js';

type Rec = Record<string, unknown>;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const ROWS = 1000;

let app: FastifyInstance;
let admin: string;
beforeAll(async () => {
  app = await testApp();
  admin = await login(app, 'admin');
}, 60_000);
afterAll(async () => { await app.close(); });

async function total(query: Rec = {}): Promise<number> {
  const r = await call<Page<Rec>>(app, '/hisDisease/list', { token: admin, query: { pageSize: 1, ...query } as never });
  return r.body.result.total;
}

/** Row i of the file (Excel line i + 2): codes of the ICD-10 chapter reserved for special purposes. */
function row(i: number): Record<string, string> {
  return {
    疾病编码: `U80.${String(i).padStart(3, '0')}`,
    疾病名称: `导入疾病${i}`,
    拼音码: 'DRJB',
    章节分类: '第二十二章 用于特殊目的的编码(U00-U99)',
    慢病: i % 2 ? '是' : '否',
    允许互联网复诊: '是',
    性别限制: '不限',
    配码状态: '待配码',
    状态: '启用',
  };
}

async function fileOf(rows: Array<Record<string, string>>): Promise<Buffer> {
  const tpl = await raw(app, '/hisDisease/importTemplate', { token: admin });
  expect(tpl.statusCode).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(tpl.rawPayload as unknown as ArrayBuffer);
  const ws = wb.worksheets[0]!;
  const header = (ws.getRow(1).values as unknown[]).slice(1).map((t) => String(t).replace(/[*＊]$/, ''));
  rows.forEach((r, i) => {
    const line = ws.getRow(i + 2);
    header.forEach((title, j) => { if (r[title] !== undefined) line.getCell(j + 1).value = r[title]; });
    line.commit();
  });
  return Buffer.from((await wb.xlsx.writeBuffer()) as ArrayBuffer);
}

const post = (file: Buffer, dryRun: string) =>
  upload(app, '/hisDisease/importExcel', [{ name: 'file', filename: 'icd10.xlsx', type: XLSX, data: file }], { token: admin, query: { dryRun } });

describe('POST /hisDisease/importExcel with 1,000 rows', () => {
  it('dry run reports the bad lines, a commit with bad lines writes nothing, the fixed file writes all 1,000', async () => {
    const rows = Array.from({ length: ROWS }, (_, i) => row(i));
    const bad = rows.map((r) => ({ ...r }));
    bad[10]!.疾病编码 = 'I-10'; // line 12: not an ICD-10 code
    bad[250]!.疾病名称 = ''; // line 252: required
    bad[500]!.疾病编码 = 'I10'; // line 502: a code the dictionary already has
    bad[750]!.章节分类 = '第九十章'; // line 752: not a chapter
    bad[999]!.疾病编码 = bad[998]!.疾病编码!; // line 1001: twice in the file

    const before = await total();
    const dry = await post(await fileOf(bad), '1');
    expect(dry.status, dry.body.message).toBe(200);
    const report = dry.body.result as { total: number; valid: number; invalid: number; errors: Array<{ row: number; field: string; message: string }> };
    expect(report).toMatchObject({ total: ROWS, valid: ROWS - 5, invalid: 5 });
    expect(report.errors.map((e) => [e.row, e.field, e.message])).toEqual([
      [12, 'code', '疾病编码：疾病编码应为ICD-10编码，如 I10、E11.900'],
      [252, 'name', '疾病名称：请输入疾病名称!'],
      [502, 'code', '疾病编码：该值不可用，系统中已存在！'],
      [752, 'chapter', '章节分类：“第九十章”不是有效的选项'],
      [1001, 'code', '疾病编码：与第1000行重复'],
    ]);
    expect(await total()).toBe(before);

    const refused = await post(await fileOf(bad), '0');
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(`导入失败：共${ROWS}行，其中5行有误，未导入任何数据`);
    expect(await total()).toBe(before);

    const done = await post(await fileOf(rows), '0');
    expect(done.status, done.body.message).toBe(200);
    expect(done.body.result).toEqual({ total: ROWS, inserted: ROWS });
    expect(await total()).toBe(before + ROWS);
    expect(await total({ chapter: '22', name: '*导入疾病*' })).toBe(ROWS);

    const page = await call<Page<Rec>>(app, '/hisDisease/list', { token: admin, query: { code: '*U80.007*', pageSize: 5 } });
    expect(page.body.result.records).toHaveLength(1);
    expect(page.body.result.records[0]).toMatchObject({
      code: 'U80.007', name: '导入疾病7', chapter: '22', chronic: true, returnVisit: true, sexLimit: '0', matchStatus: '0', status: '1',
      // imported items wait for the platform's audit like items added by hand
      auditStatus: '0', auditStatus_dictText: '待审核',
    });
  }, 120_000);
});
