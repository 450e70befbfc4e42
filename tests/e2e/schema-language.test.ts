/**
 * Proof of "Schema language v1, complete", end to end through the real server and the
 * built console (Chromium). What a user sees is asserted in the page; what is stored is
 * checked through the signed API client (never the database file).
 *
 *  1. Master-detail: 处方管理 新增 with 3 lines in the sub-table → ONE add call carries all
 *     lines, queryById returns them; an invalid line is caught in the cell (no call), the
 *     server refuses it naming the line and writes nothing; an edit failing on line 2
 *     rolls back the parent update too.
 *  2. Transitions: an approved prescription offers no 审核通过, the direct call is refused
 *     with 400 and the state stays; 驳回 a pending one with a required reason (stored).
 *  3. Excel round trip on 药品管理: 导出 → edit the workbook (one bad cell) → 导入 dry run
 *     shows the row number and message → fix → dry run passes → 确认导入 → rows present.
 *  4. A URL with filters reopens the same rows in another (logged-in) browser context.
 *  5. Column settings (hidden column, density) survive a reload and another browser; 重置.
 *  6. Trees: 科室管理 roots + children on expand; 行政区划 lazy 宁夏 → 银川市 → districts.
 *
 * STATIC_DIR (env) may point the server at a privately built console
 * (`npx vite build --outDir /tmp/x`) while others rebuild dist/client.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldItem, readModule } from './form.js';
import { USERS, login } from './harness.js';
import {
  Api,
  RECORD_BODIES,
  columnTexts,
  exact,
  isCall,
  listRows,
  listTable,
  openForm,
  openPage,
  pathOf,
  pickOption,
  responseJson,
  rowById,
  runSearch,
  searchForm,
  seeMessage,
  selectedLabel,
  sentBodies,
  waitForRows,
  type Rec,
} from './schema-language-helpers.js';
import { useE2E, type Session } from './lifecycle.js';
import { apiLogin } from './restart.js';

const e2e = useE2E({ seedRows: 20 });
const TENANT = USERS.admin.tenantId; // 1000: admin's rows
const stamp = Date.now().toString(36).slice(-5);
/** 药品编号 prefix of this run: rule drug_code wants 2 letters + 6 digits. */
const codeHead = `ZZ${String(Date.now()).slice(-5)}`;
const work = mkdtempSync(join(tmpdir(), 'hosp-e2e-lang-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const RX = readModule('hisPrescription');
const DOCTOR = readModule('hisDoctor');
const DRUG = readModule('sysDrug');
const DEPT = readModule('hisDepartment');
const REGION = readModule('sysRegion');

let client: Api;
beforeAll(async () => {
  client = new Api(e2e.url, await apiLogin(e2e.url, USERS.admin.username, USERS.admin.password), TENANT);
});

/** Not this feature's: the header logo of the global config is missing in the test data. */
const KNOWN = [/\/sys\/common\/static\/logo/];

async function adminSession(): Promise<Session> {
  const s = await e2e.newSession();
  await s.context.addInitScript({ content: RECORD_BODIES });
  await login(s.page, e2e.url, USERS.admin.username, USERS.admin.password);
  return s;
}

/** Records the requests matching `pred` from now on. */
function recorder(page: Page, pred: (r: Request) => boolean): Request[] {
  const seen: Request[] = [];
  page.on('request', (r) => {
    if (pred(r)) seen.push(r);
  });
  return seen;
}

// ====================================================================== 1. master-detail

interface ItemValues {
  drug: Rec;
  dose: string;
  unit: string;
  frequency: string;
  days: string;
  quantity: string;
  remark?: string;
}

describe('schema language v1 in the browser', () => {
  let admin: Session;
  let created: Rec | undefined; // the prescription added through the form (status 待审核)
  let doctor: Rec;
  let drugs: Rec[];

  async function openRxForm(page: Page) {
    await listTable(page).getByRole('button', { name: /新增$/ }).click();
    const panel = await openForm(page);
    await panel.getByText(`新增${RX.entity}`).first().waitFor();
    return panel;
  }

  async function fillRxParent(page: Page, panel: Awaited<ReturnType<typeof openForm>>, patient: string) {
    await pickOption(page, fieldItem(panel, '开方机构'), String(doctor.hospitalId_dictText));
    await pickOption(page, fieldItem(panel, '开方医生'), String(doctor.realname));
    await fieldItem(panel, '就诊人').locator('input').first().fill(patient);
    await pickOption(page, fieldItem(panel, '性别'), '女');
    await fieldItem(panel, '年龄').locator('input').first().fill('36');
    await fieldItem(panel, '诊断').locator('input').first().fill('高血压病');
  }

  async function fillItem(page: Page, sub: ReturnType<Page['getByTestId']>, i: number, v: Partial<ItemValues>) {
    const cell = (key: string) => sub.locator(`[data-cell="${i}.${key}"]`);
    if (v.drug) await pickOption(page, cell('drugId'), String(v.drug.genericName));
    if (v.dose) await sub.getByLabel(`单次剂量 第${i + 1}行`).fill(v.dose);
    if (v.unit) await pickOption(page, cell('doseUnit'), v.unit);
    if (v.frequency) await pickOption(page, cell('frequency'), v.frequency);
    if (v.days) await sub.getByLabel(`用药天数 第${i + 1}行`).fill(v.days);
    if (v.quantity) await sub.getByLabel(`总量 第${i + 1}行`).fill(v.quantity);
    if (v.remark) await sub.getByLabel(`嘱托 第${i + 1}行`).fill(v.remark);
  }

  it('1a. 处方 新增 with 3 lines: one add call carries every line; queryById returns them', async () => {
    // a doctor of tenant 1000 (the form filters doctors by the chosen hospital) and 3 drugs with unique names
    const doctors = (await client.list('hisDoctor')).records;
    const names = new Map<string, number>();
    for (const d of doctors) names.set(String(d.realname), (names.get(String(d.realname)) ?? 0) + 1);
    doctor = doctors.find((d) => names.get(String(d.realname)) === 1 && d.hospitalId_dictText)!;
    expect(doctor, 'a seeded doctor with a unique name').toBeTruthy();
    const allDrugs = (await client.list('sysDrug')).records;
    const drugNames = new Map<string, number>();
    for (const d of allDrugs) drugNames.set(String(d.genericName), (drugNames.get(String(d.genericName)) ?? 0) + 1);
    drugs = allDrugs.filter((d) => drugNames.get(String(d.genericName)) === 1 && Number(d.retailPrice) > 0).slice(0, 3);
    expect(drugs).toHaveLength(3);

    admin = await adminSession();
    const { page } = admin;
    await openPage(page, RX.menu!.group, RX.title);
    const before = (await client.list('hisPrescription', { pageSize: 1 })).total;
    const adds = recorder(page, (r) => isCall(r, 'POST', '/hisPrescription/add'));

    const panel = await openRxForm(page);
    const patient = `子表患者${stamp}`;
    await fillRxParent(page, panel, patient);
    const sub = panel.getByTestId('sub-table-items');
    for (let i = 0; i < 3; i++) await sub.getByRole('button', { name: /添加一行/ }).click();
    await expect.poll(() => sub.locator('tbody tr.ant-table-row').count()).toBe(3);
    const lines: ItemValues[] = [
      { drug: drugs[0]!, dose: '0.5', unit: 'g', frequency: '每日三次', days: '3', quantity: '2', remark: '饭后服用' },
      { drug: drugs[1]!, dose: '10', unit: 'mg', frequency: '每日一次', days: '7', quantity: '1' },
      { drug: drugs[2]!, dose: '1', unit: 'ml', frequency: '每晚一次', days: '5', quantity: '3' },
    ];
    for (const [i, l] of lines.entries()) await fillItem(page, sub, i, l);

    const [res] = await Promise.all([
      page.waitForResponse((r) => isCall(r.request(), 'POST', '/hisPrescription/add')),
      panel.getByRole('button', { name: '确定', exact: true }).click(),
    ]);
    await seeMessage(page, '添加成功！');
    await panel.waitFor({ state: 'hidden' });
    expect(adds).toHaveLength(1);
    const sent = await sentBodies<Record<string, unknown> & { items: Array<Record<string, unknown>> }>(page, '/hisPrescription/add');
    expect(sent).toHaveLength(1);
    const body = sent[0]!;
    expect(body.patientName).toBe(patient);
    expect(body.items).toHaveLength(3);
    expect(body.items.map((r) => String(r.drugId))).toEqual(drugs.map((d) => d.id));
    expect(body.items.map((r) => Number(r.quantity))).toEqual([2, 1, 3]);
    const env = await responseJson<{ success: boolean; result: string }>(res);
    expect(env.success).toBe(true);

    // stored: the parent and its 3 lines, in order, with the server-computed amount
    const rec = await client.byId('hisPrescription', String(env.result));
    created = rec;
    expect(rec.patientName).toBe(patient);
    expect(rec.status).toBe('1');
    expect(String(rec.prescriptionNo)).toMatch(/^CF\d{8}\d{4}$/);
    const items = rec.items as Rec[];
    expect(items).toHaveLength(3);
    expect(items.map((r) => String(r.drugId))).toEqual(drugs.map((d) => d.id));
    expect(items.map((r) => Number(r.dose))).toEqual([0.5, 10, 1]);
    expect(items.map((r) => r.doseUnit)).toEqual(['g', 'mg', 'ml']);
    expect(items.map((r) => Number(r.days))).toEqual([3, 7, 5]);
    expect(items[0]!.remark).toBe('饭后服用');
    const amount = lines.reduce((s, l) => s + Number(l.quantity) * Number(l.drug.retailPrice), 0);
    expect(Number(rec.amount)).toBeCloseTo(amount, 2);
    expect((await client.list('hisPrescription', { pageSize: 1 })).total).toBe(before + 1);

    // the list shows it
    await fieldItem(searchForm(page), '处方编号').locator('input').first().fill(String(rec.prescriptionNo));
    await runSearch(page, '/hisPrescription');
    await rowById(page, rec.id).waitFor();
    admin.errors.assertClean(KNOWN);
  });

  it('1b. an invalid line: the cell shows the error and nothing is sent; the server refuses it naming the line and writes nothing', async () => {
    const { page } = admin;
    const countRx = async () => (await client.list('hisPrescription', { pageSize: 1 })).total;
    const countItems = async () => (await client.list('hisPrescriptionItem', { pageSize: 1 })).total;
    const [rxBefore, itemsBefore] = [await countRx(), await countItems()];
    const adds = recorder(page, (r) => isCall(r, 'POST', '/hisPrescription/add'));

    const panel = await openRxForm(page);
    await fillRxParent(page, panel, `坏行患者${stamp}`);
    const sub = panel.getByTestId('sub-table-items');
    await sub.getByRole('button', { name: /添加一行/ }).click();
    await sub.getByRole('button', { name: /添加一行/ }).click();
    await fillItem(page, sub, 0, { drug: drugs[0]!, dose: '1', unit: 'g', frequency: '每日一次', days: '2', quantity: '1' });
    // line 2 without its 单次剂量
    await fillItem(page, sub, 1, { drug: drugs[1]!, unit: 'mg', frequency: '每日两次', days: '2', quantity: '1' });
    await panel.getByRole('button', { name: '确定', exact: true }).click();
    await sub.locator('[data-cell="1.dose"]').getByText('请输入单次剂量!').waitFor();
    await expect(sub.locator('[data-cell="0.dose"]').getByText(/请输入/).count()).resolves.toBe(0);
    await page.waitForTimeout(800);
    expect(adds, 'no add call while a line is invalid').toHaveLength(0);
    await panel.getByRole('button', { name: '取消', exact: true }).click();
    await panel.waitFor({ state: 'hidden' });

    // the same payload straight to the server: 400 naming line 2, nothing written
    const line = (d: Rec) => ({ drugId: d.id, dose: 1, doseUnit: 'g', frequency: 'qd', route: 'po', days: 2, quantity: 1 });
    const payload = {
      hospitalId: doctor.hospitalId,
      doctorId: doctor.id,
      patientName: `接口坏行${stamp}`,
      patientSex: '2',
      patientAge: 40,
      diagnosis: '失眠',
      rxCategory: '1',
      rxType: '1',
      items: [line(drugs[0]!), { ...line(drugs[1]!), dose: undefined }, line(drugs[2]!)],
    };
    const res = await client.call<{ errors?: Array<{ field: string; message: string }> }>('/hisPrescription/add', { body: payload });
    expect(res.success).toBe(false);
    expect(res.code).toBe(400);
    expect(res.message).toContain('处方明细第2行');
    expect(res.message).toContain('单次剂量');
    expect(res.result?.errors?.map((e) => e.field)).toContain('items[1].dose');
    // a line breaking a limit only the server sees (the cell's InputNumber clamps 用药天数 to 7)
    const tooLong = await client.call<{ errors?: Array<{ field: string }> }>('/hisPrescription/add', {
      body: { ...payload, items: [line(drugs[0]!), line(drugs[1]!), { ...line(drugs[2]!), days: 30 }] },
    });
    expect(tooLong.code).toBe(400);
    expect(tooLong.message).toContain('处方明细第3行');
    expect(tooLong.result?.errors?.map((e) => e.field)).toContain('items[2].days');
    expect(await countRx()).toBe(rxBefore);
    expect(await countItems()).toBe(itemsBefore);
    expect((await client.list('hisPrescription', { patientName: `*${stamp}*` })).records.map((r) => r.patientName)).toEqual([`子表患者${stamp}`]);
    admin.errors.assertClean(KNOWN);
  });

  it('1c. an edit that fails on line 2 rolls back the parent change too (one transaction)', async () => {
    const rec = await client.byId('hisPrescription', created!.id);
    const items = rec.items as Rec[];
    const other = (await client.list('hisPrescription', { pageSize: 5, status: '5' })).records[0]!;
    const foreignItem = ((await client.byId('hisPrescription', other.id)).items as Rec[])[0]!;
    const editable = RX.fields.filter((f) => !f.readOnly).map((f) => f.key);
    const body: Record<string, unknown> = { id: rec.id, version: rec.version };
    for (const k of editable) if (rec[k] !== undefined && rec[k] !== null) body[k] = rec[k];
    delete body.patientPhone;
    body.patientName = `回滚失败${stamp}`;
    const strip = (r: Rec) => {
      const o: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(r)) if (!k.endsWith('_dictText') && !['tenantId', 'createBy', 'createTime', 'updateBy', 'updateTime', 'prescriptionId', '_transitions'].includes(k) && v !== null) o[k] = v;
      return o;
    };
    body.items = [strip(items[0]!), { ...strip(foreignItem), id: foreignItem.id }, strip(items[2]!)];
    const res = await client.call('/hisPrescription/edit', { method: 'PUT', body });
    expect(res.code).toBe(400);
    expect(res.message).toContain('处方明细第2行');

    const after = await client.byId('hisPrescription', rec.id);
    expect(after.patientName).toBe(rec.patientName);
    expect(after.updateTime).toBe(rec.updateTime);
    expect((after.items as Rec[]).map((r) => r.id)).toEqual(items.map((r) => r.id));
    const otherAfter = await client.byId('hisPrescription', other.id);
    expect((otherAfter.items as Rec[]).map((r) => r.id)).toContain(foreignItem.id);
  });

  // ====================================================================== 2. transitions

  it('2. transitions: no 审核通过 on an approved one, the direct call is refused; 驳回 needs a reason, which is stored', async () => {
    const { page } = admin;
    const approved = (await client.list('hisPrescription', { status: '5', pageSize: 1 })).records[0]!;
    expect(approved, 'a seeded approved prescription').toBeTruthy();
    const prescriptionNo = fieldItem(searchForm(page), '处方编号').locator('input').first();

    await prescriptionNo.fill(String(approved.prescriptionNo));
    await runSearch(page, '/hisPrescription');
    const row = rowById(page, approved.id);
    await row.waitFor();
    await row.getByText('已通过', { exact: true }).waitFor();
    await row.getByText('详情', { exact: true }).waitFor();
    for (const t of ['审核通过', '驳回', '质疑', '作废', '重新提交']) {
      await expect(row.getByText(t, { exact: true }).count(), `${t} on an approved prescription`).resolves.toBe(0);
    }

    const refused = await client.call('/hisPrescription/approve', { method: 'PUT', body: { id: approved.id } });
    expect(refused.success).toBe(false);
    expect(refused.code).toBe(400);
    expect(refused.message).toBe('当前状态「已通过」不允许执行「审核通过」');
    const still = await client.byId('hisPrescription', approved.id);
    expect(still.status).toBe('5');
    expect(still.auditTime).toBe(approved.auditTime);
    expect(still.updateTime).toBe(approved.updateTime);

    // the pending one created in 1a
    const pending = created!;
    await prescriptionNo.fill(String(pending.prescriptionNo));
    await runSearch(page, '/hisPrescription');
    const prow = rowById(page, pending.id);
    await prow.getByText('待审核', { exact: true }).waitFor();
    await prow.getByText('审核通过', { exact: true }).waitFor();
    const puts = recorder(page, (r) => isCall(r, 'PUT', '/hisPrescription/reject') || isCall(r, 'POST', '/hisPrescription/reject'));
    await prow.getByText('驳回', { exact: true }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '未通过原因' }).last();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: '确定', exact: true }).click();
    await dialog.getByText('请输入未通过原因!').waitFor();
    await page.waitForTimeout(500);
    expect(puts, 'no call without the required reason').toHaveLength(0);

    const reason = `剂量超出说明书范围${stamp}`;
    await fieldItem(dialog, '未通过原因').locator('textarea, input').first().fill(reason);
    const [req] = await Promise.all([
      page.waitForRequest((r) => pathOf(r).endsWith('/hisPrescription/reject')),
      dialog.getByRole('button', { name: '确定', exact: true }).click(),
    ]);
    expect(req.method()).toBe('PUT');
    await expect.poll(() => sentBodies(page, '/hisPrescription/reject')).toEqual([{ id: pending.id, version: pending.version, rejectReason: reason }]);
    await seeMessage(page, '驳回成功！');
    await dialog.waitFor({ state: 'hidden' });
    await prow.getByText('未通过', { exact: true }).waitFor();
    await expect(prow.getByText('驳回', { exact: true }).count()).resolves.toBe(0);

    const stored = await client.byId('hisPrescription', pending.id);
    expect(stored.status).toBe('3');
    expect(stored.rejectReason).toBe(reason);
    expect(stored.auditBy).toBeTruthy();
    expect(String(stored.auditTime)).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    admin.errors.assertClean(KNOWN);
  });

  // ====================================================================== 3. Excel round trip

  it('3. 药品管理: 导出 → edit the workbook → 导入 dry run names the bad row → fix → 确认导入 → rows present', async () => {
    const { page } = admin;
    await openPage(page, DRUG.menu!.group, DRUG.title);
    // export two selected rows (the export takes the selection and the shown columns)
    const picked = [listRows(page).nth(0), listRows(page).nth(1)];
    const pickedIds = await Promise.all(picked.map((r) => r.getAttribute('data-row-key')));
    for (const r of picked) await r.locator('.ant-checkbox-input').check();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      listTable(page).getByRole('button', { name: /导出$/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${DRUG.title}.xlsx`);
    const exported = join(work, 'export.xlsx');
    await download.saveAs(exported);
    const source = await Promise.all(pickedIds.map((id) => client.byId('sysDrug', String(id))));

    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(readFileSync(exported) as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    const headers = (ws.getRow(1).values as unknown[]).map((v) => (v == null ? '' : String(v)));
    const col = (title: string) => {
      const i = headers.indexOf(title);
      if (i < 1) throw new Error(`exported sheet has no column ${title}: ${headers.join('|')}`);
      return i;
    };
    for (const t of ['药品编号', '通用名', '规格', '剂型', '生产厂家', '批准文号', '医保目录', '零售价', '状态']) col(t);
    expect(ws.actualRowCount, 'header + the 2 selected rows').toBe(3);
    const cell = (r: number, title: string) => ws.getRow(r).getCell(col(title));
    expect([cell(2, '药品编号').text, cell(3, '药品编号').text].sort()).toEqual(source.map((d) => String(d.code)).sort());
    const originals = [2, 3].map((r) => ({
      dosageForm: cell(r, '剂型').text,
      retailPrice: Number(cell(r, '零售价').value),
      approvalNo: cell(r, '批准文号').text,
    }));
    expect(originals.every((o) => o.dosageForm && o.retailPrice > 0)).toBe(true);

    // new codes (药品编号 is unique) and marker names; 医保目录 → 非医保 because 医保类别 (required
    // when 医保) is not a list column and so not exported (exports follow the visible columns; the import template is the import format); row 3 gets a bad 批准文号
    const codes = [`${codeHead}1`, `${codeHead}2`];
    [2, 3].forEach((r, i) => {
      cell(r, '药品编号').value = codes[i]!;
      cell(r, '通用名').value = `导入药${stamp}${i + 1}`;
      cell(r, '医保目录').value = '非医保';
    });
    cell(3, '批准文号').value = '12345';
    const bad = join(work, 'drugs-bad.xlsx');
    await wb.xlsx.writeFile(bad);

    await listTable(page).getByRole('button', { name: /导入$/ }).click();
    const modal = page.locator('.ant-modal:visible').filter({ hasText: `导入${DRUG.entity}` }).last();
    await modal.waitFor();
    await modal.getByRole('button', { name: /下载模板/ }).waitFor();
    const commit = modal.getByRole('button', { name: '确认导入' });
    await expect(commit.isDisabled()).resolves.toBe(true);

    const importCall = (r: Request) => r.method() === 'POST' && pathOf(r).endsWith('/sysDrug/importExcel');
    const [dryReq] = await Promise.all([page.waitForRequest(importCall), modal.locator('input[type=file]').setInputFiles(bad)]);
    expect(new URL(dryReq.url()).searchParams.get('dryRun')).toBe('1');
    await modal.getByText('共 2 行，1 行有错误，请修改后重新选择文件').waitFor();
    const table = modal.locator('.ant-table');
    expect((await table.locator('thead th').allTextContents()).map((t) => t.trim())).toEqual(['行号', '字段', '错误信息']);
    const errRows = table.locator('tbody tr.ant-table-row');
    await expect(errRows.count()).resolves.toBe(1);
    const cells = (await errRows.first().locator('td').allTextContents()).map((t) => t.trim());
    expect(cells[0]).toBe('3');
    expect(cells[1]).toBe('批准文号');
    expect(cells[2]).toMatch(/^批准文号：批准文号格式不正确/);
    await expect(commit.isDisabled()).resolves.toBe(true);
    // the dry run wrote nothing
    expect((await client.list('sysDrug', { code: `*${codeHead}*` })).total).toBe(0);

    // fix the cell, choose the file again
    cell(3, '批准文号').value = 'H20240001';
    const good = join(work, 'drugs-good.xlsx');
    await wb.xlsx.writeFile(good);
    await Promise.all([page.waitForRequest(importCall), modal.locator('input[type=file]').setInputFiles(good)]);
    await modal.getByText('全部 2 行校验通过').waitFor();
    await expect(modal.locator('.ant-table').count()).resolves.toBe(0);
    await expect(commit.isEnabled()).resolves.toBe(true);
    const [commitReq] = await Promise.all([page.waitForRequest(importCall), commit.click()]);
    expect(new URL(commitReq.url()).searchParams.get('dryRun')).toBe('0');
    await seeMessage(page, '导入成功，共 2 条！');
    await modal.waitFor({ state: 'hidden' });

    // the rows are there: in the list (search 药品编号) and stored with the spreadsheet's values
    await fieldItem(searchForm(page), '药品编号').locator('input').first().fill(codeHead);
    await runSearch(page, '/sysDrug');
    await expect.poll(() => listRows(page).count()).toBe(2);
    expect((await columnTexts(page, '药品编号')).sort()).toEqual([...codes].sort());
    const stored = (await client.list('sysDrug', { code: `*${codeHead}*` })).records.sort((a, b) => String(a.code).localeCompare(String(b.code)));
    expect(stored.map((r) => r.code)).toEqual(codes);
    expect(stored.map((r) => r.genericName)).toEqual([`导入药${stamp}1`, `导入药${stamp}2`]);
    expect(stored.map((r) => r.medIns)).toEqual(['2', '2']);
    expect(stored[0]!.approvalNo).toBe(originals[0]!.approvalNo);
    expect(stored[1]!.approvalNo).toBe('H20240001');
    stored.forEach((r, i) => {
      expect(r.dosageForm_dictText).toBe(originals[i]!.dosageForm);
      expect(Number(r.retailPrice)).toBeCloseTo(originals[i]!.retailPrice, 2);
    });
    admin.errors.assertClean(KNOWN);
  });

  // ====================================================================== 4. URL state

  it('4. a URL with filters reopens the same filter values and rows in another browser context', async () => {
    const { page } = admin;
    const doctors = (await client.list('hisDoctor')).records;
    // a surname shared by a few doctors, and the sex of the first of them
    const bySurname = new Map<string, Rec[]>();
    for (const d of doctors) bySurname.set(String(d.realname).slice(0, 1), [...(bySurname.get(String(d.realname).slice(0, 1)) ?? []), d]);
    const [surname, group] = [...bySurname.entries()].sort((a, b) => b[1].length - a[1].length)[0]!;
    const sex = String(group[0]!.sex);
    const sexLabel = String(group[0]!.sex_dictText);
    const expected = (await client.list('hisDoctor', { realname: `*${surname}*`, sex, pageSize: 10, column: 'createTime', order: 'desc' })).records.map((d) => String(d.realname));
    expect(expected.length).toBeGreaterThan(0);

    await openPage(page, DOCTOR.menu!.group, DOCTOR.title);
    const form = searchForm(page);
    await fieldItem(form, '姓名').locator('input').first().fill(surname);
    await pickOption(page, fieldItem(form, '性别'), sexLabel);
    await runSearch(page, '/hisDoctor');
    await expect.poll(() => columnTexts(page, '姓名')).toEqual(expected);
    const url = page.url();
    const q = new URL(url).searchParams;
    expect(q.get('realname')).toBe(surname);
    expect(q.get('sex')).toBe(sex);

    const other = await adminSession();
    const p2 = other.page;
    const firstList = p2.waitForRequest((r) => isCall(r, 'GET', '/hisDoctor/list'));
    await p2.goto(url);
    const listReq = new URL((await firstList).url()).searchParams;
    expect(listReq.get('realname')).toBe(`*${surname}*`);
    expect(listReq.get('sex')).toBe(sex);
    await waitForRows(p2);
    const form2 = searchForm(p2);
    await expect(fieldItem(form2, '姓名').locator('input').first().inputValue()).resolves.toBe(surname);
    await expect(selectedLabel(fieldItem(form2, '性别'))).resolves.toBe(sexLabel);
    await expect.poll(() => columnTexts(p2, '姓名')).toEqual(expected);
    other.errors.assertClean(KNOWN);
    await other.context.close();
    admin.errors.assertClean(KNOWN);
  });

  // ====================================================================== 5. column settings

  it('5. column settings (hidden column, density) survive a reload and another browser; 重置 restores', async () => {
    const { page } = admin;
    await page.goto(`${e2e.url}${DOCTOR.menu!.path}`);
    await waitForRows(page);
    const header = (p: Page, title: string) => listTable(p).locator('thead th').filter({ hasText: exact(title) });
    const density = (p: Page) => listTable(p).locator('.ant-table').first().getAttribute('class');
    await expect(header(page, '手机号').count()).resolves.toBe(1);

    const openPanel = async (p: Page) => {
      await listTable(p).getByRole('button', { name: '列设置' }).click();
      const panel = p.getByTestId('column-settings');
      await panel.waitFor();
      return panel;
    };
    const saved = () => page.waitForRequest((r) => isCall(r, 'POST', '/sys/userSetting/save'));
    let panel = await openPanel(page);
    await Promise.all([saved(), panel.locator('[data-column="phone"]').getByRole('checkbox').click()]);
    await Promise.all([saved(), panel.getByText('紧凑', { exact: true }).click()]);
    await page.keyboard.press('Escape');
    await expect.poll(() => header(page, '手机号').count()).toBe(0);
    await expect.poll(() => density(page)).toMatch(/ant-table-small/);

    const stored = await client.call<{ columns: Array<{ key: string; show: boolean }>; density: string }>('/sys/userSetting/get', { query: { key: 'table:hisDoctor' } });
    const value = typeof stored.result === 'string' ? JSON.parse(stored.result) : stored.result;
    expect(value.density).toBe('small');
    expect(value.columns.find((c: { key: string }) => c.key === 'phone')).toMatchObject({ show: false });

    await page.reload();
    await waitForRows(page);
    await expect(header(page, '姓名').count()).resolves.toBe(1);
    await expect(header(page, '手机号').count()).resolves.toBe(0);
    await expect(density(page)).resolves.toMatch(/ant-table-small/);

    const other = await adminSession();
    await other.page.goto(`${e2e.url}${DOCTOR.menu!.path}`);
    await waitForRows(other.page);
    await expect(header(other.page, '姓名').count()).resolves.toBe(1);
    await expect(header(other.page, '手机号').count()).resolves.toBe(0);
    await expect(density(other.page)).resolves.toMatch(/ant-table-small/);

    // 重置 in the other browser: defaults again, saved for the user
    panel = await openPanel(other.page);
    // the answer, not only the request: closing this browser below must not cut the save short
    await Promise.all([
      other.page.waitForResponse((r) => isCall(r.request(), 'POST', '/sys/userSetting/save')),
      panel.getByRole('button', { name: /重\s?置/ }).click(),
    ]);
    await other.page.keyboard.press('Escape');
    await expect.poll(() => header(other.page, '手机号').count()).toBe(1);
    await expect.poll(() => density(other.page)).not.toMatch(/ant-table-(small|middle)/);
    other.errors.assertClean(KNOWN);
    await other.context.close();

    await page.reload();
    await waitForRows(page);
    await expect(header(page, '手机号').count()).resolves.toBe(1);
    await expect(density(page)).resolves.not.toMatch(/ant-table-(small|middle)/);
    admin.errors.assertClean(KNOWN);
  });

  // ====================================================================== 6. trees

  it('6a. 科室管理 shows the roots; expanding a node shows its children', async () => {
    const { page } = admin;
    const roots = (await client.list('hisDepartment', { pageSize: 10, column: 'sort', order: 'asc' })).records;
    expect(roots.every((r) => !r.parentId)).toBe(true);
    const parent = roots.find((r) => r.hasChild === true);
    expect(parent, 'a root department with children on the first page').toBeTruthy();
    const kids = await client.children('hisDepartment', parent!.id);
    expect(kids.length).toBeGreaterThan(0);

    const childCalls = recorder(page, (r) => isCall(r, 'GET', '/hisDepartment/childList'));
    await openPage(page, DEPT.menu!.group, DEPT.title);
    const top = listTable(page).locator('tr.ant-table-row-level-0');
    await expect.poll(async () => (await top.evaluateAll((trs) => trs.map((t) => t.getAttribute('data-row-key')))).sort()).toEqual(roots.map((r) => r.id).sort());

    const prow = rowById(page, parent!.id);
    const icon = prow.locator('button.ant-table-row-expand-icon');
    const childListOf = (id: string) => page.waitForResponse((r) => isCall(r.request(), 'GET', '/hisDepartment/childList') && new URL(r.url()).searchParams.get('pid') === id);
    if ((await icon.getAttribute('class'))?.includes('ant-table-row-expand-icon-collapsed')) {
      await Promise.all([childListOf(parent!.id), icon.click()]);
    } else {
      // a small (non-lazy) tree opens its roots by itself, loading their children
      await expect.poll(() => childCalls.some((r) => new URL(r.url()).searchParams.get('pid') === parent!.id)).toBe(true);
      await rowById(page, kids[0]!.id).waitFor();
      await icon.click(); // collapse
      await rowById(page, kids[0]!.id).waitFor({ state: 'hidden' });
      await Promise.all([childListOf(parent!.id), icon.click()]); // expand again: loaded from the server
    }
    for (const k of kids) {
      const kr = rowById(page, k.id);
      await kr.waitFor();
      await expect(kr.getAttribute('class')).resolves.toMatch(/ant-table-row-level-1/);
      await kr.getByText(String(k.name), { exact: true }).waitFor();
    }
    admin.errors.assertClean(KNOWN);
  });

  it('6b. 行政区划 expands lazily: 宁夏回族自治区 → 银川市 → districts', async () => {
    const { page } = admin;
    const provinces = (await client.list('sysRegion', { pageSize: 50 })).records;
    const nx = provinces.find((r) => r.name === '宁夏回族自治区');
    expect(nx, '宁夏回族自治区 among the first 50 roots').toBeTruthy();
    const cities = await client.children('sysRegion', nx!.id);
    const yc = cities.find((r) => r.name === '银川市');
    expect(yc).toBeTruthy();
    const districts = await client.children('sysRegion', yc!.id);
    expect(districts.map((d) => d.name)).toEqual(expect.arrayContaining(['兴庆区', '西夏区', '金凤区']));

    const childCalls = recorder(page, (r) => isCall(r, 'GET', '/sysRegion/childList'));
    await openPage(page, REGION.menu!.group, REGION.title);
    const nxRow = rowById(page, nx!.id);
    await nxRow.getByText('宁夏回族自治区', { exact: true }).waitFor();
    await page.waitForTimeout(500);
    expect(childCalls, 'a lazy tree loads no children before a node is expanded').toHaveLength(0);
    await expect(listTable(page).locator('tr.ant-table-row-level-1').count()).resolves.toBe(0);

    const expand = async (id: string) => {
      await Promise.all([
        page.waitForResponse((r) => isCall(r.request(), 'GET', '/sysRegion/childList') && new URL(r.url()).searchParams.get('pid') === id),
        rowById(page, id).locator('button.ant-table-row-expand-icon').click(),
      ]);
    };
    await expand(nx!.id);
    for (const c of cities) await rowById(page, c.id).getByText(String(c.name), { exact: true }).waitFor();
    await expect(rowById(page, yc!.id).getAttribute('class')).resolves.toMatch(/ant-table-row-level-1/);
    await expand(yc!.id);
    for (const d of districts) {
      const dr = rowById(page, d.id);
      await dr.getByText(String(d.name), { exact: true }).waitFor();
      await expect(dr.getAttribute('class')).resolves.toMatch(/ant-table-row-level-2/);
    }
    expect(childCalls.map((r) => new URL(r.url()).searchParams.get('pid'))).toEqual([nx!.id, yc!.id]);
    admin.errors.assertClean(KNOWN);
  });
});
