/**
 * Two operators edit the same doctor. The first saves a change to 执业范围; the second, whose
 * form still holds the old version, changes 擅长 and saves: the server answers 409 and the
 * console shows the merge dialog naming 执业范围 with the other person's value. 使用最新 puts
 * that value into the form beside the second operator's own edit, and 确定 stores both.
 * Also: a hospital administrator, who sees phone and ID card masked, saves an edit with the
 * masked values untouched, and the stored ones are kept.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { fieldItem, formPanel, readModule } from './form.js';
import { USERS, login, openMenu, tableRows } from './harness.js';
import { useE2E } from './lifecycle.js';
import { api, apiLogin } from './restart.js';

const e2e = useE2E({ seedRows: 12 });
const schema = readModule('hisDoctor');
const GROUP = schema.menu?.group ?? '医护管理';
const stamp = Date.now().toString(36).slice(-5);
const SCOPE = `内科、全科医疗${stamp}`;
const EXPERTISE = `高血压、糖尿病的长期管理${stamp}`;
type Rec = Record<string, unknown>;

async function openFirstForEdit(page: Page, row = 0): Promise<Locator> {
  await tableRows(page).nth(row).getByText('编辑', { exact: true }).click();
  const panel = await formPanel(page);
  await panel.getByText(`编辑${schema.entity}`, { exact: true }).first().waitFor();
  await expect.poll(() => fieldItem(panel, '执业范围').locator('input').first().inputValue()).not.toBe('');
  return panel;
}

/** The open form's 确定 (the drawer's footer), found again after a dialog closed over it. */
function saveButton(page: Page): Locator {
  return page.locator('.ant-drawer-footer button').filter({ hasText: /^确定$/ }).last();
}

async function seeMessage(page: Page, text: string): Promise<void> {
  await page.locator('.ant-message').getByText(text).first().waitFor({ state: 'visible' });
}

describe('concurrent edits of one doctor', () => {
  it('the second save shows the merge dialog; 使用最新 then 确定 stores both changes', async () => {
    const a = await e2e.newSession();
    const b = await e2e.newSession();
    for (const s of [a, b]) {
      await login(s.page, e2e.url, USERS.admin.username, USERS.admin.password);
      await openMenu(s.page, GROUP, schema.title);
    }
    const firstId = async (p: Page) => (await tableRows(p).first().getAttribute('data-row-key')) ?? '';
    expect(await firstId(a.page)).toBe(await firstId(b.page));
    const id = await firstId(a.page);

    const formA = await openFirstForEdit(a.page);
    let formB = await openFirstForEdit(b.page); // B loads the same version as A

    await fieldItem(formA, '执业范围').locator('input').first().fill(SCOPE);
    await formA.getByRole('button', { name: '确定', exact: true }).click();
    await seeMessage(a.page, '编辑成功！');

    await fieldItem(formB, '擅长').locator('textarea').first().fill(EXPERTISE);
    const answer = b.page.waitForResponse((r) => /\/hisDoctor\/edit$/.test(new URL(r.url()).pathname));
    await formB.getByRole('button', { name: '确定', exact: true }).click();
    expect((await answer).status()).toBe(409);

    const dialog = b.page.getByTestId('merge-dialog');
    await dialog.getByText('数据已被他人修改').first().waitFor();
    const changed = dialog.locator('tbody tr');
    expect(await changed.count()).toBe(1);
    await expect.poll(() => changed.first().innerText()).toContain('执业范围');
    expect(await changed.first().innerText()).toContain(SCOPE);

    await dialog.getByRole('button', { name: '使用最新', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await fieldItem(formB, '执业范围').locator('input').first().inputValue()).toBe(SCOPE);
    expect(await fieldItem(formB, '擅长').locator('textarea').first().inputValue()).toBe(EXPERTISE);
    await saveButton(b.page).click();
    await seeMessage(b.page, '编辑成功！');

    const token = await apiLogin(e2e.url, USERS.admin.username, USERS.admin.password);
    const stored = await api<Rec>(e2e.url, '/hisDoctor/queryById', { token, query: { id } });
    expect(stored.result).toMatchObject({ pracScope: SCOPE, expertise: EXPERTISE, version: 3 });
    a.errors.assertClean();
    b.errors.assertClean([/status of 409/]); // the refused save, answered by the dialog
  });

  it('以我的为准 keeps my value; 逐项选择 takes theirs for one field and keeps my other edit', async () => {
    const a = await e2e.newSession();
    const b = await e2e.newSession();
    for (const s of [a, b]) {
      await login(s.page, e2e.url, USERS.admin.username, USERS.admin.password);
      await openMenu(s.page, GROUP, schema.title);
    }
    const token = await apiLogin(e2e.url, USERS.admin.username, USERS.admin.password);
    const idOf = async (row: number) => (await tableRows(a.page).nth(row).getAttribute('data-row-key')) ?? '';

    // 以我的为准: both changed 擅长; mine wins
    const id1 = await idOf(1);
    let formA = await openFirstForEdit(a.page, 1);
    let formB = await openFirstForEdit(b.page, 1);
    await fieldItem(formA, '擅长').locator('textarea').first().fill(`甲${stamp}`);
    await formA.getByRole('button', { name: '确定', exact: true }).click();
    await seeMessage(a.page, '编辑成功！');
    await fieldItem(formB, '擅长').locator('textarea').first().fill(`乙${stamp}`);
    await formB.getByRole('button', { name: '确定', exact: true }).click();
    let dialog = b.page.getByTestId('merge-dialog');
    await dialog.getByText('数据已被他人修改').first().waitFor();
    await dialog.getByRole('button', { name: '以我的为准', exact: true }).click();
    await seeMessage(b.page, '编辑成功！');
    expect((await api<Rec>(e2e.url, '/hisDoctor/queryById', { token, query: { id: id1 } })).result.expertise).toBe(`乙${stamp}`);

    // 逐项选择: they changed 擅长 and 执业范围; I take theirs for 擅长 only and keep my 姓名 edit
    const id2 = await idOf(2);
    const before = (await api<Rec>(e2e.url, '/hisDoctor/queryById', { token, query: { id: id2 } })).result;
    formA = await openFirstForEdit(a.page, 2);
    formB = await openFirstForEdit(b.page, 2);
    await fieldItem(formA, '擅长').locator('textarea').first().fill(`甲擅长${stamp}`);
    await fieldItem(formA, '执业范围').locator('input').first().fill(`甲范围${stamp}`);
    await formA.getByRole('button', { name: '确定', exact: true }).click();
    await seeMessage(a.page, '编辑成功！');
    await fieldItem(formB, '姓名').locator('input').first().fill(`乙名${stamp}`);
    await formB.getByRole('button', { name: '确定', exact: true }).click();
    dialog = b.page.getByTestId('merge-dialog');
    await dialog.getByRole('button', { name: '逐项选择', exact: true }).click();
    await dialog.locator('tbody tr', { hasText: '擅长' }).locator('.ant-radio-wrapper').nth(1).click();
    await dialog.getByRole('button', { name: '应用选择', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await saveButton(b.page).click();
    await seeMessage(b.page, '编辑成功！');
    const stored = (await api<Rec>(e2e.url, '/hisDoctor/queryById', { token, query: { id: id2 } })).result;
    expect(stored.expertise).toBe(`甲擅长${stamp}`);
    expect(stored.pracScope).toBe(before.pracScope);
    expect(stored.realname).toBe(`乙名${stamp}`);
    a.errors.assertClean();
    b.errors.assertClean([/status of 409/]);
  });

  it('a hospital administrator saves an edit with the masked phone and ID card untouched', async () => {
    const s = await e2e.newSession();
    await login(s.page, e2e.url, USERS.hospadmin.username, USERS.hospadmin.password);
    await openMenu(s.page, GROUP, schema.title);
    const id = (await tableRows(s.page).first().getAttribute('data-row-key')) ?? '';
    const token = await apiLogin(e2e.url, USERS.admin.username, USERS.admin.password);
    const before = (await api<Rec>(e2e.url, '/hisDoctor/queryById', { token, tenantId: 1001, query: { id } })).result;

    const panel = await openFirstForEdit(s.page);
    expect(await fieldItem(panel, '手机号').locator('input').first().inputValue()).toContain('*');
    await fieldItem(panel, '执业范围').locator('input').first().fill(`外科${stamp}`);
    await panel.getByRole('button', { name: '确定', exact: true }).click();
    await seeMessage(s.page, '编辑成功！');

    const after = (await api<Rec>(e2e.url, '/hisDoctor/queryById', { token, tenantId: 1001, query: { id } })).result;
    expect(after.pracScope).toBe(`外科${stamp}`);
    expect(after.phone).toBe(before.phone);
    expect(after.idCard).toBe(before.idCard);
    s.errors.assertClean();
  });
});

