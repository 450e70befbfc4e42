/**
 * 对账管理 with an imported channel statement (schema word `statement`): the statement (a
 * WeChat-like CSV, or Excel) is parsed on the server and compared with the day's 支付流水 of the
 * task's merchant and channel; one trade the platform lacks is 短款, one amount differs
 * (金额不符), a paid log missing from the statement is 长款, a refunded trade the platform still
 * shows paid is 状态不符; totals are written; resolving every difference closes the task.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Page } from '../../src/core/protocol/index.js';
import { parseCsv, statementLines } from '../../src/server/resources/statement.js';
import { call, login, tempDir, testApp } from './helpers.js';
import { upload } from './files.multipart.js';

type Rec = Record<string, unknown>;
let app: FastifyInstance;
let admin: string;
const dataDir = tempDir('hosp-statement-');
let merchantId = '';
let hospitalId = '';
let consultBase: Rec = {};
const pad = (n: number) => String(n).padStart(2, '0');
const now = new Date();
const TODAY = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;

const first = async (p: string): Promise<Rec> => (await call<Page<Rec>>(app, p, { token: admin, query: { pageSize: 1 } })).body.result.records[0]!;
const byId = async (res: string, id: string): Promise<Rec> => (await call<Rec>(app, `/${res}/queryById`, { token: admin, query: { id } })).body.result;
const put = (p: string, body: Rec) => call<string>(app, p, { method: 'PUT', token: admin, body });
async function add(res: string, body: Rec): Promise<string> {
  const r = await call<string>(app, `/${res}/add`, { token: admin, body });
  expect(r.body.message).toBe('添加成功！');
  return r.body.result;
}
/** A paid 支付流水 of `amount` yuan with trade number `tradeNo` (paid now, so on today's bill). */
async function paidLog(amount: number, tradeNo: string, payWay = 'wxpay'): Promise<string> {
  const order = await add('hisConsultOrder', { ...consultBase, selfAmount: amount, payWay });
  const log = await add('hisPayLog', { hospitalId, merchantId, orderType: '1', consultOrderId: order, payWay, tradeTime: `${TODAY} 09:31:00` });
  expect((await put('/hisPayLog/paySuccess', { id: log, tradeNo })).body.success).toBe(true);
  return log;
}
async function uploadBill(name: string, data: Buffer, type: string): Promise<string> {
  const r = await upload(app, '/sys/common/upload', [{ name: 'file', filename: name, type, data }], { token: admin, query: { biz: 'reconcile' } });
  expect(r.body.success, r.body.message).toBe(true);
  return r.body.result as string;
}
const diffsOf = async (task: string) =>
  (await call<Page<Rec>>(app, '/hisReconcileDiff/list', { token: admin, query: { reconcileId: task, pageSize: 50 } as never })).body.result.records;

/** A WeChat-style bill: title lines, a header, backtick-prefixed cells, summary lines. */
const wechatCsv = (rows: Array<[string, string, string]>) => [
  '微信支付账单明细',
  `起始时间：[${TODAY} 00:00:00] 终止时间：[${TODAY} 23:59:59]`,
  '交易时间,公众账号ID,商户号,微信支付单号,商户订单号,交易状态,订单金额',
  ...rows.map(([no, state, amount]) => `\`${TODAY} 10:00:00,\`wx1234567890,\`1609876543,\`${no},\`M${no.slice(-6)},\`${state},\`${amount}`),
  '总交易单数,总交易额',
  `\`${rows.length},\`0`,
].join('\r\n');

beforeAll(async () => {
  app = await testApp({ seedRows: 3, dataDir });
  admin = await login(app, 'admin');
  const hospital = await first('/hisHospital/list');
  hospitalId = String(hospital.id);
  merchantId = await add('hisMerchant', { name: '对账测试商户', mchId: '1609876543', hospitalId });
  const doctor = await first('/hisDoctor/list');
  const patient = await first('/hisPatient/list');
  consultBase = {
    hospitalId: doctor.hospitalId, doctorId: doctor.id, patientId: patient.id, inquiryType: 'image', visitKind: '2',
    description: '反复头晕头痛一周，血压波动在150/95mmHg左右。', orderTime: `${TODAY} 09:30:00`, deductType: '0', payType: '1',
  };
}, 120_000);
afterAll(async () => {
  await app?.close();
});

describe('渠道账单 reading', () => {
  it('finds the header under the title lines, strips the backticks, skips the summary', () => {
    const lines = statementLines(parseCsv(wechatCsv([['4200000001202601010001', 'SUCCESS', '30.00'], ['4200000001202601010002', 'REFUND', '¥1050.10']])), { key: ['微信支付单号'], amount: ['订单金额'], time: ['交易时间'], state: ['交易状态'] });
    expect(lines).toEqual([
      { key: '4200000001202601010001', fen: 3000, time: `${TODAY} 10:00:00`, state: 'SUCCESS' },
      { key: '4200000001202601010002', fen: 105010, time: `${TODAY} 10:00:00`, state: 'REFUND' },
    ]);
  });
});

describe('对账任务 with an imported statement', () => {
  it('a CSV statement gives one 短款 and one 金额不符; resolving both closes the task', async () => {
    const same = await paidLog(30, '4200000001202601050001');
    const differs = await paidLog(50, '4200000001202601050002');
    // another channel's payment is not on the WeChat bill and is not compared
    await paidLog(20, '2026010522001400000003', 'alipay');
    const file = await uploadBill('wechat-bill.csv', Buffer.from(`\uFEFF${wechatCsv([
      ['4200000001202601050001', 'SUCCESS', '30.00'],
      ['4200000001202601050002', 'SUCCESS', '49.50'],
      ['4200000001202601059999', 'SUCCESS', '12.30'],
    ])}`), 'text/csv');
    const task = await add('hisReconcile', { billDate: TODAY, channel: '1', merchantId, platformCount: 0, platformAmount: 0, channelCount: 0, channelAmount: 0, billFile: file });
    const r = await put('/hisReconcile/compare', { id: task });
    expect(r.body.success, r.body.message).toBe(true);
    expect(await byId('hisReconcile', task)).toMatchObject({
      status: '3', platformCount: 2, platformAmount: 80, channelCount: 3, channelAmount: 91.8, diffCount: -1, diffAmount: -11.8,
    });
    const diffs = await diffsOf(task);
    const view = diffs.map((d) => [d.diffType, d.payLogId ?? null, d.channelTradeNo ?? null, d.platformAmount ?? null, d.channelAmount ?? null, d.diffAmount, d.status]).sort();
    expect(view).toEqual([
      ['2', null, '4200000001202601059999', null, 12.3, -12.3, '0'],
      ['3', differs, '4200000001202601050002', 50, 49.5, 0.5, '0'],
    ]);
    expect(diffs.some((d) => d.payLogId === same)).toBe(false);

    const short = diffs.find((d) => d.diffType === '2')!;
    const amount = diffs.find((d) => d.diffType === '3')!;
    expect((await put('/hisReconcileDiff/resolve', { id: short.id as string, resolveWay: '1', resolveReason: '已补录平台订单' })).body.success).toBe(true);
    expect((await byId('hisReconcile', task)).status).toBe('3'); // one still open
    expect((await put('/hisReconcileDiff/resolve', { id: amount.id as string, resolveWay: '3', resolveReason: '渠道少收 0.50 元，已调账' })).body.success).toBe(true);
    expect(await byId('hisReconcile', task)).toMatchObject({ status: '4', handleNote: '2 笔差异已全部处理：补单 1 笔，调账 1 笔', handleBy: '系统管理员' });
  });

  it('an Excel statement: a paid log missing from it is 长款, a refunded trade still paid on the platform is 状态不符; a matching one is 对账平', async () => {
    // a new day's worth: another merchant keeps the logs of the first test out
    merchantId = await add('hisMerchant', { name: '对账测试商户二', mchId: '1609876544', hospitalId });
    const kept = await paidLog(88.8, '4200000002202601050001');
    const missing = await paidLog(10, '4200000002202601050002');
    const refunded = await paidLog(25, '4200000002202601050003');
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('账单');
    ws.addRow(['交易时间', '微信支付单号', '交易状态', '订单金额']);
    ws.addRow([`${TODAY} 11:00:00`, '4200000002202601050001', 'SUCCESS', 88.8]);
    ws.addRow([`${TODAY} 11:05:00`, '4200000002202601050003', 'REFUND', 25]);
    const file = await uploadBill('bill.xlsx', Buffer.from(await wb.xlsx.writeBuffer()), 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const task = await add('hisReconcile', { billDate: TODAY, channel: '1', merchantId, platformCount: 0, platformAmount: 0, channelCount: 0, channelAmount: 0, billFile: file });
    expect((await put('/hisReconcile/compare', { id: task })).body.success).toBe(true);
    const diffs = await diffsOf(task);
    expect(diffs.map((d) => [d.diffType, d.payLogId]).sort()).toEqual([['1', missing], ['4', refunded]]);
    expect(diffs.some((d) => d.payLogId === kept)).toBe(false);
    expect(await byId('hisReconcile', task)).toMatchObject({ status: '3', platformCount: 3, platformAmount: 123.8, channelCount: 2, channelAmount: 113.8 });

    // the same day with a statement that matches: 对账平, no difference
    const okFile = await uploadBill('ok.csv', Buffer.from(wechatCsv([
      ['4200000002202601050001', 'SUCCESS', '88.80'], ['4200000002202601050002', 'SUCCESS', '10.00'], ['4200000002202601050003', 'SUCCESS', '25.00'],
    ])), 'text/csv');
    const ok = await add('hisReconcile', { billDate: TODAY, channel: '1', merchantId, platformCount: 0, platformAmount: 0, channelCount: 0, channelAmount: 0, billFile: okFile });
    expect((await put('/hisReconcile/compare', { id: ok })).body.success).toBe(true);
    expect(await byId('hisReconcile', ok)).toMatchObject({ status: '2', diffAmount: 0, channelAmount: 123.8 });
    expect(await diffsOf(ok)).toEqual([]);
  });

  it('a task without a statement, or with one that has no bill header, is refused naming the file; nothing changes', async () => {
    const task = await add('hisReconcile', { billDate: TODAY, channel: '1', merchantId, platformCount: 0, platformAmount: 0, channelCount: 0, channelAmount: 0 });
    const r = await put('/hisReconcile/compare', { id: task });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('渠道账单文件：请先上传渠道账单（CSV 或 Excel）');
    const bad = await uploadBill('notes.csv', Buffer.from('姓名,电话\n张三,13800000000\n'), 'text/csv');
    const other = await add('hisReconcile', { billDate: TODAY, channel: '1', merchantId, platformCount: 0, platformAmount: 0, channelCount: 0, channelAmount: 0, billFile: bad });
    const r2 = await put('/hisReconcile/compare', { id: other });
    expect(r2.status).toBe(400);
    expect(r2.body.message).toBe('渠道账单文件：未找到账单表头（需包含“微信支付单号”和“订单金额”列）');
    expect((await byId('hisReconcile', other)).status).toBe('0');
    expect(await diffsOf(other)).toEqual([]);
  });
});
