/**
 * Word lists: fields declaring `wordCheck` (常用语.内容 with its scene, 不良反应报告.过程描述 without
 * one) are checked against the 敏感词 list by the write pipeline — add, edit, import rows.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Page } from '../../src/core/protocol/index.js';
import { call, login, testApp } from './helpers.js';
import { upload } from './files.multipart.js';

type Rec = Record<string, unknown>;
const HOSPITAL = 1001;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

let app: FastifyInstance;
let admin: string;
beforeAll(async () => {
  app = await testApp();
  admin = await login(app, 'admin');
}, 60_000);
afterAll(async () => { await app.close(); });

const expression = (content: string) => ({ content, category: '3', owner: '2', roles: '1', sort: 1, status: '1' });

async function total(path: string, tenantId?: number, query: Rec = {}): Promise<number> {
  const r = await call<Page<Rec>>(app, path, { token: admin, tenantId, query: { pageSize: 1, ...query } as never });
  return r.body.result.total;
}

async function addWord(values: Rec, tenantId?: number): Promise<string> {
  const r = await call<string>(app, '/sysSensitiveWord/add', { token: admin, tenantId, body: { category: '1', status: '1', ...values } });
  expect(r.body.success, r.body.message).toBe(true);
  return r.body.result;
}

describe('敏感词 on 常用语.内容', () => {
  it('refuses a word to block, naming the field and the word; nothing is written', async () => {
    const before = await total('/sysUsefulExpression/list');
    const r = await call(app, '/sysUsefulExpression/add', { token: admin, body: expression('坚持服用本品可根治高血压') });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('内容：包含敏感词「根治」');
    expect((r.body.result as { errors: unknown[] }).errors).toEqual([{ field: 'content', message: '包含敏感词「根治」' }]);
    expect(await total('/sysUsefulExpression/list')).toBe(before);
  });

  it('stores a word to replace as *s; a word added in the console applies to the next write', async () => {
    await addWord({ word: '微信号', handling: '2' });
    const r = await call<string>(app, '/sysUsefulExpression/add', { token: admin, body: expression('请留下微信号或WeiXinHao联系') });
    expect(r.body.success, r.body.message).toBe(true);
    const row = await call<Rec>(app, '/sysUsefulExpression/queryById', { token: admin, query: { id: r.body.result } });
    expect(row.body.result.content).toBe('请留下***或WeiXinHao联系');

    // ASCII case is ignored when looking for a word
    await addWord({ word: 'weixinhao', handling: '1' });
    const again = await call(app, '/sysUsefulExpression/add', { token: admin, body: expression('请添加WeiXinHao联系') });
    expect(again.body.message).toBe('内容：包含敏感词「weixinhao」');
  });

  it('applies a word only to its scenes; a disabled word not at all', async () => {
    // 祖传秘方 is a seeded word of the scene 文章 only: a chat phrase may say it
    const chat = await call(app, '/sysUsefulExpression/add', { token: admin, body: expression('不要相信所谓的祖传秘方，请遵医嘱用药') });
    expect(chat.body.success, chat.body.message).toBe(true);
    await addWord({ word: '停用词', handling: '1', status: '0' });
    const off = await call(app, '/sysUsefulExpression/add', { token: admin, body: expression('这是一个停用词，不会拦截') });
    expect(off.body.success, off.body.message).toBe(true);
  });

  it('platform words apply to every hospital; a hospital\'s own words only to it', async () => {
    // 微信号 was added on the platform above
    const hosp = await call<string>(app, '/sysUsefulExpression/add', { token: admin, tenantId: HOSPITAL, body: expression('请留下微信号') });
    expect(hosp.body.success, hosp.body.message).toBe(true);
    const row = await call<Rec>(app, '/sysUsefulExpression/queryById', { token: admin, tenantId: HOSPITAL, query: { id: hosp.body.result } });
    expect(row.body.result.content).toBe('请留下***');

    await addWord({ word: '特效药', handling: '1' }, HOSPITAL);
    const own = await call(app, '/sysUsefulExpression/add', { token: admin, tenantId: HOSPITAL, body: expression('本院特效药到货') });
    expect(own.body.message).toBe('内容：包含敏感词「特效药」');
    const platform = await call(app, '/sysUsefulExpression/add', { token: admin, body: expression('本院特效药到货') });
    expect(platform.body.success, platform.body.message).toBe(true);
  });

  it('import: a row with a word is reported by its line; the commit writes nothing', async () => {
    const tpl = await (await import('./files.multipart.js')).raw(app, '/sysUsefulExpression/importTemplate', { token: admin });
    expect(tpl.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(tpl.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    const header = (ws.getRow(1).values as unknown[]).slice(1) as string[];
    const rows = [
      { 内容: '请按时服药，定期复查肝功能。', 分类: '用药指导', 归属: '机构', 适用角色: '医生', 状态: '启用' },
      { 内容: '本方案可根治糖尿病', 分类: '用药指导', 归属: '机构', 适用角色: '医生', 状态: '启用' },
    ];
    rows.forEach((r, i) => {
      const line = ws.getRow(i + 2);
      header.forEach((title, j) => { const v = (r as Record<string, string>)[title.replace(/[*＊]$/, '')]; if (v !== undefined) line.getCell(j + 1).value = v; });
      line.commit();
    });
    const file = Buffer.from((await wb.xlsx.writeBuffer()) as ArrayBuffer);
    const before = await total('/sysUsefulExpression/list');
    const post = (dryRun: string) => upload(app, '/sysUsefulExpression/importExcel', [{ name: 'file', filename: 'expr.xlsx', type: XLSX, data: file }], { token: admin, query: { dryRun } });
    const dry = await post('1');
    expect(dry.status, dry.body.message).toBe(200);
    expect(dry.body.result).toEqual({ total: 2, valid: 1, invalid: 1, errors: [{ row: 3, field: 'content', title: '内容', message: '内容：包含敏感词「根治」' }] });
    const commit = await post('0');
    expect(commit.status).toBe(400);
    expect(await total('/sysUsefulExpression/list')).toBe(before);
  });
});

describe('敏感词 on 不良反应报告.过程描述 (no scene: every word applies)', () => {
  it('refuses an edit whose description holds a word; the stored report is unchanged', async () => {
    const page = await call<Page<Rec>>(app, '/hisAdrReport/list', { token: admin, query: { pageSize: 1 } });
    const id = String(page.body.result.records[0]!.id);
    const before = (await call<Rec>(app, '/hisAdrReport/queryById', { token: admin, query: { id } })).body.result;
    // the edit form as the console sends it: the record's own fields
    const form = Object.fromEntries(Object.entries(before).filter(([k]) => !k.endsWith('_dictText') && !k.startsWith('_') && !['tenantId', 'createBy', 'createTime', 'updateBy', 'updateTime', 'drugs'].includes(k)));
    const r = await call(app, '/hisAdrReport/edit', { method: 'PUT', token: admin, body: { ...form, description: '患者自行服用祖传秘方后出现皮疹，停药后好转。' } });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('过程描述及处理情况：包含敏感词「祖传秘方」');
    const after = (await call<Rec>(app, '/hisAdrReport/queryById', { token: admin, query: { id } })).body.result;
    expect(after.description).toBe(before.description);
    expect(after.version).toBe(before.version);

    const ok = await call(app, '/hisAdrReport/edit', { method: 'PUT', token: admin, body: { ...form, description: '患者服用阿莫西林后出现皮疹，可加微信随访。' } });
    expect(ok.body.success, ok.body.message).toBe(true);
    const edited = (await call<Rec>(app, '/hisAdrReport/queryById', { token: admin, query: { id } })).body.result;
    expect(edited.description).toBe('患者服用阿莫西林后出现皮疹，可***随访。');
  });
});
