/**
 * Catalogue I in the built console against the real server: every page of 机构管理, 医护管理,
 * 患者管理, 订单中心 and 护理服务 added by the catalogue opens at its menu path with rows, and
 * its add form and a row's detail open without a browser error; a consultation order goes
 * 待支付 → 待接诊 → 问诊中 → 已完成 through the row actions and another one is withdrawn
 * (退诊) with a reason; each then shows among its patient's orders (就诊人 › 问诊订单).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { readModule } from './form.js';
import { USERS, login, openMenu, resourceTable, tableRows, waitForList } from './harness.js';
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

/** 就诊人 › search the name › the row action 问诊订单 lists the order. */
async function seeAmongPatientOrders(page: Page, patient: string, orderNo: string, status: string): Promise<void> {
  await openMenu(page, '患者管理', '就诊人');
  const form = page.locator('form').filter({ has: page.locator('button', { hasText: QUERY }) }).first();
  await form.locator('.ant-form-item').filter({ hasText: '姓名' }).locator('input').first().fill(patient);
  await form.locator('button', { hasText: QUERY }).click();
  await expect.poll(() => tableRows(page).filter({ hasText: patient }).count(), { message: `就诊人 ${patient}`, timeout: 15_000 }).toBeGreaterThan(0);
  await tableRows(page).filter({ hasText: patient }).first().locator('a[data-action="consultOrders"]').click();
  await page.waitForURL((u) => u.pathname === '/app/consultOrder', { timeout: 10_000 });
  await expect.poll(() => tableRows(page).filter({ hasText: orderNo }).innerText().catch(() => ''), { message: `${patient} 的问诊订单 ${orderNo}`, timeout: 15_000 }).toContain(status);
  // only this patient's orders are listed
  for (const r of await tableRows(page).all()) expect(await r.innerText()).toContain(patient);
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
});
