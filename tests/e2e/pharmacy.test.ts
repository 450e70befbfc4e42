/**
 * 药事管理 and 监管上报 in the built console against the real server and a stub regulator
 * (generators/regulator-stub.ts) the tenant's 监管机构配置 points at:
 * - a prescription goes 待审核 → 已通过 (pharmacist review) → 已发药, and 药品库存 shows its
 *   pharmacy's stock of the drug lowered by the quantity;
 * - a 药品出库 bill that would take the stock below zero is refused naming the drug, nothing changes;
 * - 上报 of a prescription shows 已上报 in 上报监控; against a refusing regulator 上报失败 with
 *   the reason, then 重新上报 once it accepts shows 已上报;
 * - without an enabled regulator configuration, 上报 shows 系统提示 / 缺少全局参数，请稍后重试.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRegulatorStub, type RegulatorStub } from '../../generators/regulator-stub.js';
import { USERS, login, openMenu, resourceTable, tableRows, waitForList } from './harness.js';
import { useE2E } from './lifecycle.js';
import { api, apiLogin } from './restart.js';

// the queue sends due rows every second here (30 s by default)
const e2e = useE2E({ seedRows: 8, env: { UPLOAD_INTERVAL_MS: '1000', UPLOAD_BACKOFF_MS: '1000' } });

type Rec = Record<string, unknown>;
const who = USERS.hospadmin;
const PHARMACY = '浏览器测试发药药房';
const BATCH = 'E2E250101';
let stub: RegulatorStub;
let token = '';
let drugName = '';
let drugId = '';
let pharmacyId = '';
let hospitalId = '';
let doctorId = '';
let regulatorId = '';

async function call<T = unknown>(path: string, o: { method?: 'GET' | 'POST' | 'PUT' | 'DELETE'; query?: Record<string, string | number>; body?: unknown } = {}): Promise<T> {
  const r = await api<T>(e2e.url, path, { ...o, token, tenantId: who.tenantId });
  if (!r.success) throw new Error(`${path}: ${r.message}`);
  return r.result;
}
const list = async (path: string, query: Record<string, string | number> = {}) => (await call<{ records: Rec[] }>(path, { query: { pageSize: 100, ...query } })).records;

async function stockOf(): Promise<number> {
  const rows = (await list('/drugStock/list', { pharmacyId, drugId })).filter((r) => r.batchNo === BATCH);
  return Number(rows[0]?.quantity ?? 0);
}

/** A prescription of `quantity` units of the drug from the test pharmacy; answers its number. */
async function prescription(quantity: number, approve = false): Promise<string> {
  const id = await call<string>('/hisPrescription/add', { body: {
    hospitalId, doctorId, pharmacyId, patientName: '马晓东', patientSex: '1', patientAge: 42, diagnosis: '急性上呼吸道感染', rxCategory: '1', rxType: '1',
    items: [{ drugId, dose: 1, doseUnit: 'cap', frequency: 'tid', route: 'po', days: 3, quantity }],
  } });
  if (approve) await call('/hisPrescription/approve', { method: 'PUT', body: { id } });
  return String((await call<Rec>('/hisPrescription/queryById', { query: { id } })).prescriptionNo);
}

beforeAll(async () => {
  stub = await startRegulatorStub();
  token = await apiLogin(e2e.url, who.username, who.password);
  const hospital = (await list('/hisHospital/list'))[0]!;
  hospitalId = String(hospital.id);
  doctorId = String((await list('/hisDoctor/list', { hospitalId }))[0]!.id);
  const drug = (await list('/sysDrug/list', { pageSize: 1 }))[0]!;
  [drugId, drugName] = [String(drug.id), String(drug.genericName)];
  pharmacyId = await call<string>('/hisPharmacy/add', { body: {
    name: PHARMACY, hospitalId, nature: '0', pharmacyType: '10', contact: '马丽', phone: '13995012345',
    regionCode: '640104', address: '银川市兴庆区胜利街804号', deliveryModes: '1,2', enableStatus: '0',
  } });
  const bill = await call<string>('/drugStockIn/add', { body: {
    billType: '1', billDate: '2026-01-05', pharmacyId, supplier: '国药控股宁夏有限公司', handler: '马丽',
    lines: [{ drugId, batchNo: BATCH, expiryDate: '2028-06-30', quantity: 10, unit: '盒', purchasePrice: 12 }],
  } });
  await call('/drugStockIn/submit', { method: 'PUT', body: { id: bill } });
  await call('/drugStockIn/approve', { method: 'PUT', body: { id: bill } });
  // the tenant uploads to the stub only
  for (const o of await list('/hisSuperviseOrg/list')) {
    if (o.uploadEnabled === true) await call('/hisSuperviseOrg/edit', { method: 'PUT', body: { ...o, uploadEnabled: false } });
  }
  regulatorId = await call<string>('/hisSuperviseOrg/add', { body: {
    name: '宁夏互联网医院监管平台（测试桩）', regionCode: '640000', baseUrl: stub.url, orgCode: 'NX640000H0001', appKey: 'nx_hosp_01', appSecret: 'nx-secret-01',
    transferMode: '1', timeoutSeconds: 5, maxRetries: 0, uploadEnabled: true, status: '1',
  } });
}, 120_000);
afterAll(async () => { await stub?.close(); });

async function confirmAction(page: Page, row: ReturnType<typeof tableRows>, action: string): Promise<void> {
  await row.locator(`a[data-action="${action}"]`).click();
  const dialog = page.locator('.ant-modal-confirm');
  await expect.poll(async () => (await dialog.getAttribute('class')) ?? '', { timeout: 10_000 }).not.toMatch(/appear/);
  await dialog.getByRole('button', { name: /确\s?定/ }).click();
  await dialog.waitFor({ state: 'detached', timeout: 30_000 });
}

const QUERY = /^\s*查\s?询\s*$/;

/** Searches the visible list again (the query form's 查询) and answers the row text holding `text`. */
async function rowText(page: Page, text: string): Promise<string> {
  await page.locator('button', { hasText: QUERY }).filter({ visible: true }).first().click();
  await waitForList(page);
  const row = tableRows(page).filter({ hasText: text });
  return (await row.count()) ? row.first().innerText() : '';
}

/** The cell of `row` under the column titled `title`. */
async function cellOf(page: Page, row: ReturnType<typeof tableRows>, title: string): Promise<string> {
  const heads = (await resourceTable(page).locator('thead th').allInnerTexts()).map((t) => t.trim());
  const cells = (await row.locator('td').allInnerTexts()).map((t) => t.trim());
  return cells[heads.indexOf(title)] ?? '';
}

describe('药事管理: 处方发药 and stock', () => {
  it('a prescription goes 待审核 → 已通过 → 已发药 and 药品库存 shows its pharmacy\'s stock lowered by the quantity', async () => {
    const rxNo = await prescription(3);
    expect(await stockOf()).toBe(10);
    const { page, errors } = await e2e.newSession();
    await login(page, e2e.url, who.username, who.password);
    await openMenu(page, '药事管理', '处方管理');
    const row = () => tableRows(page).filter({ hasText: rxNo });
    await expect.poll(() => row().innerText(), { timeout: 15_000 }).toContain('待审核');
    expect(await row().locator('a[data-action="dispense"]').count()).toBe(0);
    await confirmAction(page, row(), 'approve');
    await expect.poll(() => row().innerText()).toContain('已通过');
    await confirmAction(page, row(), 'dispense');
    await expect.poll(() => row().innerText()).toContain('已发药');

    await openMenu(page, '药事管理', '药品库存');
    const stockRow = tableRows(page).filter({ hasText: PHARMACY }).filter({ hasText: BATCH });
    await expect.poll(() => stockRow.count(), { timeout: 15_000 }).toBe(1);
    expect(await stockRow.innerText()).toContain(drugName);
    expect(await cellOf(page, stockRow, '可用数量')).toBe('7');
    errors.assertClean();
  }, 120_000);

  it('a 药品出库 bill that would take the stock below zero is refused naming the drug; nothing changes', async () => {
    const id = await call<string>('/drugStockOut/add', { body: {
      billType: '2', billDate: '2026-01-06', pharmacyId, handler: '李明', lines: [{ drugId, batchNo: BATCH, quantity: 8, unit: '盒', retailPrice: 15 }],
    } });
    await call('/drugStockOut/submit', { method: 'PUT', body: { id } });
    const billNo = String((await call<Rec>('/drugStockOut/queryById', { query: { id } })).billNo);
    const { page, errors } = await e2e.newSession();
    await login(page, e2e.url, who.username, who.password);
    await openMenu(page, '药事管理', '药品出库');
    const row = () => tableRows(page).filter({ hasText: billNo });
    await expect.poll(() => row().innerText(), { timeout: 15_000 }).toContain('待审核');
    await confirmAction(page, row(), 'approve');
    await page.getByText(`${drugName}：库存不足（现有 7，出库 8）`).first().waitFor({ state: 'visible', timeout: 15_000 });
    expect(await row().innerText()).toContain('待审核');
    expect(await stockOf()).toBe(7);
    expect((await call<Rec>('/drugStockOut/queryById', { query: { id } })).status).toBe('1');
    errors.assertClean([/status of 400 \(Bad Request\) \(http:\/\/[^)]+\/hospital\/drugStockOut\/approve\)/]);
  }, 120_000);
});

describe('监管上报 of a prescription against the stub regulator', () => {
  it('上报 shows 已上报 in 上报监控; a refusal shows 上报失败 with the reason, and 重新上报 once accepted shows 已上报', async () => {
    const accepted = await prescription(1, true);
    const refused = await prescription(1, true);
    const { page, errors } = await e2e.newSession();
    await login(page, e2e.url, who.username, who.password);
    await openMenu(page, '药事管理', '处方管理');
    const row = (no: string) => tableRows(page).filter({ hasText: no });

    stub.setMode('accept');
    await confirmAction(page, row(accepted), 'upload');
    // queued (上报中), or already answered: the queue sends every second here
    await expect.poll(() => row(accepted).innerText()).toMatch(/上报中|已上报/);
    await openMenu(page, '监管上报', '上报监控');
    await expect.poll(() => rowText(page, accepted), { timeout: 30_000 }).toContain('已上报');
    const sent = stub.received.find((r) => r.body.includes(accepted));
    expect(sent?.url).toBe('/pub/prescription');
    expect(JSON.parse(sent!.body)).toMatchObject({ orgCode: 'NX640000H0001', uploadType: 'prescription', bizNo: accepted, data: { prescriptionNo: accepted, pharmacyId_dictText: PHARMACY } });

    stub.setMode('reject', '处方医师未在监管平台备案');
    await openMenu(page, '药事管理', '处方管理');
    await confirmAction(page, row(refused), 'upload');
    await openMenu(page, '监管上报', '上报监控');
    await expect.poll(() => rowText(page, refused), { timeout: 30_000 }).toContain('上报失败');
    expect(await rowText(page, refused)).toContain('监管平台拒绝：处方医师未在监管平台备案');

    stub.setMode('accept');
    await confirmAction(page, tableRows(page).filter({ hasText: refused }), 'retry');
    await expect.poll(() => rowText(page, refused), { timeout: 30_000 }).toContain('已上报');
    // the prescription follows its upload
    const rx = (await list('/hisPrescription/list', { prescriptionNo: refused }))[0]!;
    expect([rx.uploadStatus, rx.failReason ?? null]).toEqual(['2', null]);
    errors.assertClean();
  }, 150_000);

  it('without an enabled regulator configuration, 上报 shows 系统提示 / 缺少全局参数，请稍后重试 and sends nothing', async () => {
    const rxNo = await prescription(1, true);
    const cfg = await call<Rec>('/hisSuperviseOrg/queryById', { query: { id: regulatorId } });
    await call('/hisSuperviseOrg/edit', { method: 'PUT', body: { ...cfg, uploadEnabled: false } });
    const { page, errors } = await e2e.newSession();
    await login(page, e2e.url, who.username, who.password);
    await openMenu(page, '药事管理', '处方管理');
    const row = tableRows(page).filter({ hasText: rxNo });
    await row.locator('a[data-action="upload"]').click();
    const notice = page.locator('.ant-notification-notice').filter({ hasText: '系统提示' });
    await notice.waitFor({ state: 'visible', timeout: 15_000 });
    expect(await notice.innerText()).toContain('缺少全局参数，请稍后重试');
    // no confirmation, no call: the prescription is still 待上报 and the stub got nothing for it
    expect(await page.locator('.ant-modal-confirm').count()).toBe(0);
    expect((await list('/hisPrescription/list', { prescriptionNo: rxNo }))[0]!.uploadStatus).toBe('0');
    expect(stub.received.some((r) => r.body.includes(rxNo))).toBe(false);
    // shown for 4 s, then gone
    await notice.waitFor({ state: 'detached', timeout: 15_000 });
    errors.assertClean();
  }, 120_000);
});
