/**
 * 财务中心 and 内容运营 in the built console against the real server:
 * - 对账管理: a task whose channel statement (a WeChat-style CSV) is uploaded is compared with
 *   the day's 支付流水 by the row action 账单比对; 差异明细 lists one 短款 and one 金额不符;
 *   resolving both (处理方式 + 处理说明) closes the task (差异已处理).
 * - 文章管理: an article whose body holds a sensitive word is refused on save naming the word,
 *   and the form keeps what was typed.
 * The platform's payment logs are set up through the API (orders paid today with known trade numbers).
 */
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { API_ROOT, DEFAULT_PROTOCOL_CONFIG, baseHeaders, computeSign, decryptText } from '../../src/core/protocol/index.js';
import { fieldItem } from './form.js';
import { USERS, login, openMenu, tableRows, waitForList } from './harness.js';
import { useE2E } from './lifecycle.js';
import { api, apiLogin } from './restart.js';
import { pickOption } from './schema-language-helpers.js';

const e2e = useE2E({ seedRows: 20 });
type Rec = Record<string, unknown>;
const pad = (n: number) => String(n).padStart(2, '0');
const now = new Date();
const TODAY = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;

async function ok<T>(token: string, path: string, o: { body?: unknown; method?: 'PUT'; query?: Record<string, string | number> } = {}): Promise<T> {
  const r = await api<T>(e2e.url, path, { token, ...o });
  if (!r.success) throw new Error(`${path}: ${r.message}`);
  return r.result;
}
const first = async (token: string, path: string): Promise<Rec> => (await ok<{ records: Rec[] }>(token, path, { query: { pageSize: 1 } })).records[0]!;

/** Uploads a file as the console's upload widget does (signed multipart); returns its key. */
async function uploadFile(token: string, name: string, text: string): Promise<string> {
  const cfg = DEFAULT_PROTOCOL_CONFIG;
  const ts = String(Date.now());
  const headers: Record<string, string> = {
    ...baseHeaders(cfg, { token, random: randomBytes(16).toString('hex') }),
    'X-Sign': computeSign('/sys/common/upload', {}, undefined, cfg.signSecret, ts),
    'X-TIMESTAMP': ts,
  };
  for (const k of Object.keys(headers)) if (k.toLowerCase() === 'content-type') delete headers[k];
  const form = new FormData();
  form.append('file', new Blob([text], { type: 'text/csv' }), name);
  const res = await fetch(`${e2e.url}${API_ROOT}/sys/common/upload`, { method: 'POST', headers, body: form });
  const body = await res.text();
  const env = JSON.parse(body.startsWith('{') ? body : decryptText(body, cfg)) as { success: boolean; message: string; result: string };
  if (!env.success) throw new Error(`upload: ${env.message}`);
  return env.result;
}

async function confirmAction(page: Page, row: ReturnType<typeof tableRows>, action: string): Promise<void> {
  await row.locator(`a[data-action="${action}"]`).click();
  const dialog = page.locator('.ant-modal-confirm');
  await expect.poll(async () => (await dialog.getAttribute('class')) ?? '', { timeout: 10_000 }).not.toMatch(/appear/);
  await dialog.getByRole('button', { name: /确\s?定/ }).click();
  await dialog.waitFor({ state: 'detached', timeout: 30_000 });
}

describe('对账管理 with an imported statement', () => {
  it('shows one 短款 and one 金额不符; resolving both closes the task', async () => {
    const token = await apiLogin(e2e.url, USERS.admin.username, USERS.admin.password);
    const hospital = await first(token, '/hisHospital/list');
    const merchantId = await ok<string>(token, '/hisMerchant/add', { body: { name: '浏览器对账商户', mchId: '1609870001', hospitalId: hospital.id } });
    const doctor = await first(token, '/hisDoctor/list');
    const patient = await first(token, '/hisPatient/list');
    const paid = async (amount: number, tradeNo: string) => {
      const order = await ok<string>(token, '/hisConsultOrder/add', { body: {
        hospitalId: doctor.hospitalId, doctorId: doctor.id, patientId: patient.id, inquiryType: 'image', visitKind: '2',
        description: '反复头晕头痛一周，血压波动在150/95mmHg左右。', orderTime: `${TODAY} 09:30:00`, selfAmount: amount, deductType: '0', payType: '1', payWay: 'wxpay',
      } });
      const log = await ok<string>(token, '/hisPayLog/add', { body: { hospitalId: hospital.id, merchantId, orderType: '1', consultOrderId: order, payWay: 'wxpay', tradeTime: `${TODAY} 09:31:00` } });
      await ok(token, '/hisPayLog/paySuccess', { method: 'PUT', body: { id: log, tradeNo } });
    };
    await paid(30, '4200000009202601050001');
    await paid(50, '4200000009202601050002');
    const bill = [
      '微信支付账单明细',
      '交易时间,公众账号ID,商户号,微信支付单号,商户订单号,交易状态,订单金额',
      `\`${TODAY} 10:00:00,\`wx1234567890,\`1609870001,\`4200000009202601050001,\`M050001,\`SUCCESS,\`30.00`,
      `\`${TODAY} 10:05:00,\`wx1234567890,\`1609870001,\`4200000009202601050002,\`M050002,\`SUCCESS,\`49.50`,
      `\`${TODAY} 10:09:00,\`wx1234567890,\`1609870001,\`4200000009202601059999,\`M059999,\`SUCCESS,\`12.30`,
      '总交易单数,总交易额',
      '`3,`91.80',
    ].join('\r\n');
    const billFile = await uploadFile(token, 'wechat-bill.csv', `\uFEFF${bill}`);
    const taskId = await ok<string>(token, '/hisReconcile/add', { body: { billDate: TODAY, channel: '1', merchantId, platformCount: 0, platformAmount: 0, channelCount: 0, channelAmount: 0, billFile } });
    const { taskNo } = await ok<Rec>(token, '/hisReconcile/queryById', { query: { id: taskId } });

    const { page, errors } = await e2e.newSession();
    await login(page, e2e.url, USERS.admin.username, USERS.admin.password);
    await openMenu(page, '财务中心', '对账管理');
    const row = () => tableRows(page).filter({ hasText: String(taskNo) }).first();
    await expect.poll(() => row().innerText(), { timeout: 15_000 }).toContain('未对账');
    await confirmAction(page, row(), 'compare');
    await expect.poll(() => row().innerText(), { timeout: 15_000 }).toContain('对账不平');
    // 平台 80.00, 渠道 91.80, 差异 −11.80 (served, in fen)
    expect(await row().innerText()).toMatch(/80(\.00)?[\s\S]*91\.8[\s\S]*-11\.8/);

    await row().locator('a[data-action="diffs"]').click();
    await waitForList(page);
    const diffRows = tableRows(page);
    await expect.poll(() => diffRows.count(), { timeout: 15_000 }).toBe(2);
    const texts = (await diffRows.allInnerTexts()).join('\n');
    expect(texts).toContain('短款（渠道有平台无）');
    expect(texts).toContain('金额不符');
    expect(texts).toContain('4200000009202601059999');

    for (const [type, way, reason] of [['短款', '补单', '已补录平台订单'], ['金额不符', '调账', '渠道少收 0.50 元，已调账']] as const) {
      const r = diffRows.filter({ hasText: type }).first();
      await r.locator('a[data-action="resolve"]').click();
      const form = page.getByTestId('action-form').locator('.ant-modal-content');
      await form.waitFor({ state: 'visible' });
      await pickOption(page, fieldItem(form, '处理方式'), way, false);
      await fieldItem(form, '处理说明').locator('textarea').fill(reason);
      await form.getByRole('button', { name: /确\s?定/ }).click();
      await form.waitFor({ state: 'hidden', timeout: 15_000 });
      await expect.poll(() => diffRows.filter({ hasText: type }).first().innerText(), { timeout: 15_000 }).toContain('已处理');
    }

    await openMenu(page, '财务中心', '对账管理');
    await expect.poll(() => row().innerText(), { timeout: 15_000 }).toContain('差异已处理');
    const task = await ok<Rec>(token, '/hisReconcile/queryById', { query: { id: taskId } });
    expect(task).toMatchObject({ status: '4', handleNote: '2 笔差异已全部处理：补单 1 笔，调账 1 笔' });
    errors.assertClean();
  });
});

describe('文章管理 sensitive words', () => {
  it('an article whose body holds 根治 is refused naming the word; the form keeps the input', async () => {
    const { page, errors } = await e2e.newSession();
    await login(page, e2e.url, USERS.admin.username, USERS.admin.password);
    await openMenu(page, '内容运营', '文章管理');
    await page.getByRole('button', { name: /新\s?增/ }).click();
    const form = page.locator('[data-testid="resource-form"] :is(.ant-modal-content, .ant-drawer-content):visible').first();
    await form.waitFor({ state: 'visible' });
    const title = '糖尿病饮食管理要点';
    await fieldItem(form, '标题').locator('input').fill(title);
    const body = fieldItem(form, '正文').locator('[contenteditable="true"]').first();
    await body.click();
    await page.keyboard.type('坚持服药两周即可根治糖尿病');
    const saved = page.waitForResponse((r) => r.url().includes('/hisArticle/add'));
    await form.getByRole('button', { name: /确\s?定|保\s?存|提\s?交/ }).last().click();
    expect((await saved).status()).toBe(400);
    await expect.poll(() => page.locator('.ant-message, .ant-notification, .ant-form-item-explain-error, .ant-formily-item-error-help').allInnerTexts().then((t) => t.join('\n')), { timeout: 10_000 })
      .toContain('包含敏感词「根治」');
    // nothing lost: the drawer is still open with what was typed
    expect(await fieldItem(form, '标题').locator('input').inputValue()).toBe(title);
    expect(await body.innerText()).toContain('坚持服药两周即可根治糖尿病');
    // the refused save's 400 is the expected answer
    errors.assertClean([/status of 400/]);
  });
});
