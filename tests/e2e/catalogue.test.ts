/**
 * Catalogue I in the built console against the real server: every page of 机构管理, 医护管理,
 * 患者管理, 订单中心 and 护理服务 added by the catalogue opens at its menu path with rows, and
 * its add form and a row's detail open without a browser error; a consultation order goes
 * 待支付 → 待接诊 → 问诊中 → 已完成 through the row actions and another one is withdrawn
 * (退诊) with a reason; each then shows among its patient's orders (就诊人管理 › 问诊订单).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fieldItem, fillField, formPanel, readModule } from './form.js';
import { USERS, login, menuItem, openMenu, resourceTable, tableRows, waitForList } from './harness.js';
import { useE2E } from './lifecycle.js';

const e2e = useE2E({ seedRows: 60 });


/** The open form (modal or drawer) of the list. */
const openForm = (page: Page) => page.locator('[data-testid="resource-form"] :is(.ant-modal-content, .ant-drawer-content):visible').first();

/** The list's form opens titled `title` and shows the module's first field. */
async function seeForm(page: Page, title: string, firstField: string): Promise<void> {
  await openForm(page).waitFor({ state: 'visible', timeout: 10_000 });
  await expect.poll(() => openForm(page).innerText(), { message: title, timeout: 10_000 }).toContain(title);
  await expect.poll(() => openForm(page).innerText(), { message: `${title} shows ${firstField}`, timeout: 10_000 }).toContain(firstField);
}

async function closeForm(page: Page, what: string): Promise<void> {
  await openForm(page).locator('.ant-drawer-close, .ant-modal-close').first().click();
  await expect.poll(() => openForm(page).count(), { message: `${what} closes`, timeout: 10_000 }).toBe(0);
}

async function confirmAction(page: Page, row: ReturnType<typeof tableRows>, action: string): Promise<void> {
  await row.locator(`a[data-action="${action}"]`).click();
  const dialog = page.locator('.ant-modal-confirm');
  // click once the dialog has finished appearing; the call behind it may take a while on a busy machine
  await expect.poll(async () => (await dialog.getAttribute('class')) ?? '', { timeout: 10_000 }).not.toMatch(/appear/);
  await dialog.getByRole('button', { name: /确\s?定/ }).click();
  await dialog.waitFor({ state: 'detached', timeout: 30_000 });
}

const QUERY = /^\s*查\s?询\s*$/;

/** The 就诊人 cell of an order's row (the column after 订单编号). */
async function patientOf(row: ReturnType<typeof tableRows>, orderNo: string): Promise<string> {
  const cells = (await row.locator('td').allInnerTexts()).map((t) => t.trim());
  return cells[cells.indexOf(orderNo) + 1]!;
}

/**
 * 就诊人管理 › search the name › the row action 问诊订单 of the patient lists the order, and only
 * that patient's orders (patients may share a name: each one found is tried).
 */
async function seeAmongPatientOrders(page: Page, patient: string, orderNo: string, status: string): Promise<void> {
  const search = async () => {
    // the side menu keeps one group open: open 患者管理 unless it is
    const group = menuItem(page, '患者管理');
    if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
    await menuItem(page, '就诊人管理').click();
    await page.waitForURL((u) => u.pathname === '/app/patient' && !u.search, { timeout: 10_000 });
    await waitForList(page);
    const form = page.locator('form').filter({ has: page.locator('button', { hasText: QUERY }) }).first();
    await form.locator('.ant-form-item').filter({ hasText: '姓名' }).locator('input').first().fill(patient);
    await form.locator('button', { hasText: QUERY }).click();
    await expect.poll(() => tableRows(page).filter({ hasText: patient }).count(), { message: `就诊人 ${patient}`, timeout: 15_000 }).toBeGreaterThan(0);
    return tableRows(page).filter({ hasText: patient }).count();
  };
  const namesakes = await search();
  for (let i = 0; i < namesakes; i++) {
    if (i > 0) await search();
    await Promise.all([
      page.waitForResponse((r) => /\/hisConsultOrder\/list\?/.test(r.url()) && r.url().includes('patientId='), { timeout: 15_000 }),
      tableRows(page).filter({ hasText: patient }).nth(i).locator('a[data-action="consultOrders"]').click(),
    ]);
    await page.waitForURL((u) => u.pathname === '/app/consultOrder' && u.searchParams.has('patientId'), { timeout: 10_000 });
    // the patients' list may stay on screen for a moment: wait for the orders' list, loaded
    await expect.poll(() => resourceTable(page).locator('.resource-table-title').innerText().catch(() => ''), { timeout: 15_000 }).toBe('问诊订单');
    await waitForList(page);
    await expect.poll(() => resourceTable(page).locator('.ant-spin-spinning').count()).toBe(0);
    await expect.poll(async () => (await tableRows(page).count()) > 0 || (await resourceTable(page).innerText()).includes('暂无数据'), { timeout: 15_000 }).toBe(true);
    // only this patient's orders are listed
    for (const r of await tableRows(page).all()) expect(await r.innerText()).toContain(patient);
    const row = tableRows(page).filter({ hasText: orderNo });
    if (await row.count()) {
      expect(await row.innerText()).toContain(status);
      return;
    }
  }
  throw new Error(`${orderNo} is not among the orders of any patient named ${patient}`);
}

describe('Catalogue I pages', () => {
  it('a consultation order is paid, accepted and finished; another is withdrawn with a reason; both are among their patients\' orders', async () => {
    const { page, errors } = await e2e.newSession();
    await login(page, e2e.url, USERS.hospadmin.username, USERS.hospadmin.password);
    await openMenu(page, '订单中心', '问诊订单');
    const unpaid = tableRows(page).filter({ hasText: '待支付' }).first();
    const orderNo = (await unpaid.innerText()).match(/WZ\d{12}/)![0];
    const row = () => tableRows(page).filter({ hasText: orderNo });
    await confirmAction(page, row(), 'pay');
    await expect.poll(() => row().innerText()).toContain('待接诊');
    await confirmAction(page, row(), 'accept');
    await expect.poll(() => row().innerText()).toContain('问诊中');
    await confirmAction(page, row(), 'finish');
    await expect.poll(() => row().innerText()).toContain('已完成');
    // no transition leaves 已完成: only the link to the order's refunds stays
    expect(await row().locator('a[data-action]').allInnerTexts()).toEqual(['退款记录']);
    const finishedBy = await patientOf(row(), orderNo);

    const waiting = tableRows(page).filter({ hasText: '待接诊' }).first();
    const other = (await waiting.innerText()).match(/WZ\d{12}/)![0];
    await waiting.locator('a[data-action="withdraw"]').click();
    const form = page.getByTestId('action-form');
    await form.getByRole('button', { name: /确\s?定/ }).click();
    await expect.poll(() => form.innerText(), { timeout: 15_000 }).toContain('请输入退诊原因');
    await form.locator('textarea').fill('医生临时停诊，无法接诊');
    await form.getByRole('button', { name: /确\s?定/ }).click();
    await form.waitFor({ state: 'detached', timeout: 10_000 });
    await waitForList(page);
    await expect.poll(() => tableRows(page).filter({ hasText: other }).innerText()).toContain('已退诊');
    const withdrawnBy = await patientOf(tableRows(page).filter({ hasText: other }), other);

    await seeAmongPatientOrders(page, finishedBy, orderNo, '已完成');
    await seeAmongPatientOrders(page, withdrawnBy, other, '已退诊');
    errors.assertClean();
  }, 120_000);

  it('退款管理: two partial refunds of one order go through, a third past what it paid is refused naming the amount, then the rest goes through', async () => {
    const { page, errors } = await e2e.newSession();
    await login(page, e2e.url, USERS.hospadmin.username, USERS.hospadmin.password);
    await openMenu(page, '财务中心', '退款管理');
    const schema = readModule('hisMemberRefund');
    const field = (key: string) => schema.fields.find((f) => f.key === key)!;
    let order = '';

    /** 新增 a refund of `amount` for the order chosen first; answers the form panel after 确定. */
    const addRefund = async (amount: string) => {
      await page.getByRole('button', { name: /新\s?增/ }).click();
      const panel = await formPanel(page);
      await expect.poll(() => panel.innerText()).toContain('新增退款单');
      if (!order) {
        await fillField(page, panel, field('consultOrderId'));
        order = (await fieldItem(panel, '问诊订单').locator('.ant-select-selection-item').first().innerText()).trim();
      } else {
        const item = fieldItem(panel, '问诊订单');
        await item.locator('input[role="combobox"]').first().fill(order);
        await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: order }).first().click();
      }
      await fillField(page, panel, field('refundAmount'), amount);
      await fillField(page, panel, field('refundReason'), '患者申请取消，部分退款');
      // the last moment of today: the list sorts by this time and the demo data runs up to today
      await fillField(page, panel, field('refundTime'), `${new Date().toLocaleDateString('sv-SE')} 23:59:59`);
      await panel.getByRole('button', { name: /确\s?定/ }).click();
      return panel;
    };
    const saved = async () => {
      await page.locator('.ant-message').getByText('添加成功！').first().waitFor({ state: 'visible' });
      await expect.poll(() => page.locator('[data-testid="resource-form"] :is(.ant-modal-content, .ant-drawer-content):visible').count()).toBe(0);
    };

    await addRefund('0.01');
    await saved();
    expect(order).toMatch(/^WZ\d{12}$/);
    await addRefund('0.02');
    await saved();
    const panel = await addRefund('999999');
    const refused = /退款金额：合计 ([\d.,]+) 元 超过问诊订单的自费金额 ([\d.]+) 元，本次最多 ([\d.]+) 元/;
    await expect.poll(() => page.locator('body').innerText(), { timeout: 15_000 }).toMatch(refused);
    const [, , paid, room] = (await page.locator('body').innerText()).match(refused)!;
    // what is left is what was paid less what the refunds of this order already took
    expect(Number(room)).toBeLessThanOrEqual(Number(paid) - 0.03 + 1e-9);
    // the form stays open with what was typed; the rest goes through
    await expect.poll(() => panel.isVisible()).toBe(true);
    await fieldItem(panel, '退款金额').locator('input').first().fill(room!);
    await panel.getByRole('button', { name: /确\s?定/ }).click();
    await saved();
    await waitForList(page);
    await expect.poll(() => tableRows(page).filter({ hasText: room! }).count()).toBeGreaterThan(0);
    // the refused add is the one 400 the browser saw
    errors.assertClean([/status of 400 \(Bad Request\) \(http:\/\/[^)]+\/hospital\/memberRefund\/add\)/]);
  }, 120_000);
});
