/**
 * Foundation proof (issue 2): the 医生管理 module, driven end to end through the real
 * server and the built console — create with client-side validation, search, edit,
 * log out, tenant isolation, delete.
 *
 * The required fields come from schemas/modules/hisDoctor.json, so adding a required
 * field to the schema does not break this test.
 */
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { defaultValue, fieldItem, fillField, formPanel, idCardNumber, phoneNumber, readModule, requiredFormFields } from './form.js';
import { USERS, login, logout, openMenu, resourceTable, tableRows, waitForList } from './harness.js';
import { useE2E, type Session } from './lifecycle.js';

const e2e = useE2E({ seedRows: 55 });
const schema = readModule('hisDoctor');
const GROUP = schema.menu?.group ?? '医护管理';
const TITLE = schema.title; // 医生管理
const ENTITY = schema.entity; // 医生

const stamp = Date.now().toString(36).slice(-5);
const NAME = `测试医生${stamp}`;
const NAME_EDITED = `改名医生${stamp}`;

const field = (title: string) => {
  const f = schema.fields.find((x) => x.title === title);
  if (!f) throw new Error(`hisDoctor.json has no field titled ${title}`);
  return f;
};

/**
 * The list's search form: the form that holds the 查询 button. (By text, not accessible name:
 * once a query ran, antd keeps the button's loading-icon wrapper and the name changes.)
 */
const QUERY = /^\s*查\s?询\s*$/;
function searchForm(page: Page) {
  return page.locator('form').filter({ has: page.locator('button', { hasText: QUERY }) }).first();
}

function isListCall(r: Request): boolean {
  return r.method() === 'GET' && /\/list$/.test(new URL(r.url()).pathname);
}

/** Types `name` into the search form's 姓名 and runs the query. */
async function searchByName(page: Page, name: string): Promise<void> {
  const form = searchForm(page);
  await fieldItem(form, field('姓名').title).locator('input').first().fill(name);
  await Promise.all([
    page.waitForResponse((r) => isListCall(r.request())),
    form.locator('button', { hasText: QUERY }).click(),
  ]);
  await waitForList(page);
}

function rowWith(page: Page, text: string) {
  return tableRows(page).filter({ hasText: text });
}

async function seeMessage(page: Page, text: string): Promise<void> {
  await page.locator('.ant-message').getByText(text).first().waitFor({ state: 'visible' });
}

describe('医生管理 (hisDoctor) end to end', () => {
  let admin: Session;
  const addCalls: string[] = [];

  it('admin logs in and opens 医生管理 from the side menu', async () => {
    admin = await e2e.newSession();
    const { page } = admin;
    page.on('request', (r) => {
      if (r.method() === 'POST' && /\/add$/.test(new URL(r.url()).pathname)) addCalls.push(r.url());
    });
    await login(page, e2e.url, USERS.admin.username, USERS.admin.password);
    await page.waitForURL(/\/dashboard\//);
    await openMenu(page, GROUP, TITLE);
    expect(new URL(page.url()).pathname).toBe(schema.menu?.path ?? '/app/doctor');
    admin.errors.assertClean();
  });

  it('the pager offers 条/页 and 跳至 once the rows are drawn: 20 条/页 asks pageSize=20, 跳至 2 asks pageNo=2', async () => {
    const { page } = admin;
    const pager = resourceTable(page).locator('.ant-pagination');
    const listCall = (match: (u: URL) => boolean) =>
      page.waitForRequest((r) => r.method() === 'GET' && new URL(r.url()).pathname.endsWith('/hisDoctor/list') && match(new URL(r.url())));
    await pager.locator('.ant-pagination-options-size-changer').getByText('10 条/页').click();
    const twenty = listCall((u) => u.searchParams.get('pageSize') === '20');
    await page.locator('.ant-select-item-option').getByText('20 条/页', { exact: true }).click();
    await twenty;
    await expect.poll(() => tableRows(page).count()).toBe(20);
    const second = listCall((u) => u.searchParams.get('pageNo') === '2' && u.searchParams.get('pageSize') === '20');
    await pager.locator('.ant-pagination-options-quick-jumper input').fill('2');
    await pager.locator('.ant-pagination-options-quick-jumper input').press('Enter');
    await second;
    await expect.poll(() => pager.locator('.ant-pagination-item-active').innerText()).toBe('2');
    // back to the first page of ten, as the next steps expect
    const back = listCall((u) => u.searchParams.get('pageSize') === '10');
    await pager.locator('.ant-pagination-options-size-changer').click();
    await page.locator('.ant-select-item-option').getByText('10 条/页', { exact: true }).click();
    await back;
    await expect.poll(() => tableRows(page).count()).toBe(10);
    admin.errors.assertClean();
  });

  it('an invalid phone blocks saving with 手机号码格式不正确! under the field', async () => {
    const { page } = admin;
    await resourceTable(page).waitFor();
    // The toolbar is inside the resource-table container; the button's icon aria-label precedes its text.
    await resourceTable(page).getByRole('button', { name: /(^|\s)新增$/ }).click();
    const panel = await formPanel(page);
    await panel.getByText(`新增${ENTITY}`, { exact: true }).first().waitFor();

    const values: Record<string, string | undefined> = {
      姓名: NAME,
      手机号: '12345',
      身份证号: idCardNumber(),
    };
    // Every required field of the schema, in schema order (所属医院 before its dependent 科室).
    const toFill = requiredFormFields(schema);
    for (const f of toFill) {
      await fillField(page, panel, f, values[f.title] ?? defaultValue(f, `E2E${stamp}`));
    }

    await panel.getByRole('button', { name: '确定', exact: true }).click();
    const phoneItem = fieldItem(panel, field('手机号').title);
    await phoneItem.getByText('手机号码格式不正确!').waitFor({ state: 'visible' });
    // ...and it is the only complaint: every other required field was filled correctly.
    const feedback = await panel.locator('.ant-formily-item-error-help, .ant-form-item-explain-error').allInnerTexts();
    expect(feedback.map((t) => t.trim()).filter(Boolean)).toEqual(['手机号码格式不正确!']);
    // The form stays open and nothing reached the server.
    await page.waitForTimeout(300);
    expect(addCalls).toEqual([]);
    expect(await panel.isVisible()).toBe(true);
    admin.errors.assertClean();
  });

  it('a fixed phone saves (添加成功！) and the search finds exactly one row', async () => {
    const { page } = admin;
    const panel = await formPanel(page);
    const phoneInput = fieldItem(panel, field('手机号').title).locator('input').first();
    await phoneInput.fill(phoneNumber());
    await panel.getByRole('button', { name: '确定', exact: true }).click();
    await seeMessage(page, '添加成功！');
    await page.getByTestId('resource-form').first().waitFor({ state: 'hidden' });
    expect(addCalls).toHaveLength(1);

    await searchByName(page, NAME);
    expect(await tableRows(page).count()).toBe(1);
    expect(await rowWith(page, NAME).count()).toBe(1);
    admin.errors.assertClean();
  });

  it('editing the name shows the change in the list', async () => {
    const { page } = admin;
    await rowWith(page, NAME).getByText('编辑', { exact: true }).click();
    const panel = await formPanel(page);
    await panel.getByText(`编辑${ENTITY}`, { exact: true }).first().waitFor();
    const nameInput = fieldItem(panel, field('姓名').title).locator('input').first();
    await expect.poll(() => nameInput.inputValue()).toBe(NAME); // the form loaded the row
    await nameInput.fill(NAME_EDITED);
    await panel.getByRole('button', { name: '确定', exact: true }).click();
    await seeMessage(page, '编辑成功！');
    await page.getByTestId('resource-form').first().waitFor({ state: 'hidden' });

    await searchByName(page, NAME_EDITED);
    expect(await tableRows(page).count()).toBe(1);
    expect(await rowWith(page, NAME_EDITED).count()).toBe(1);
    await searchByName(page, NAME);
    expect(await rowWith(page, NAME).count()).toBe(0);
    admin.errors.assertClean();
  });

  it('logging out returns to the login page and the list needs a login again', async () => {
    const { page } = admin;
    await logout(page);
    await page.goto(`${e2e.url}${schema.menu?.path ?? '/app/doctor'}`);
    await page.waitForURL((u) => u.pathname.startsWith('/user/login'));
    admin.errors.assertClean();
  });

  it('hospadmin (tenant 1001) does not see the platform tenant\'s doctor', async () => {
    const hosp = await e2e.newSession();
    const { page } = hosp;
    await login(page, e2e.url, USERS.hospadmin.username, USERS.hospadmin.password);
    await openMenu(page, GROUP, TITLE);
    expect(await tableRows(page).count()).toBeGreaterThan(0); // the hospital's own seeded doctors
    await searchByName(page, NAME_EDITED);
    expect(await tableRows(page).count()).toBe(0);
    await hosp.context.close();
    hosp.errors.assertClean();
  });

  it('admin deletes the doctor after 确定删除吗? and it is gone', async () => {
    const s = await e2e.newSession();
    const { page } = s;
    await login(page, e2e.url, USERS.admin.username, USERS.admin.password);
    await openMenu(page, GROUP, TITLE);
    await searchByName(page, NAME_EDITED);
    await rowWith(page, NAME_EDITED).getByText('删除', { exact: true }).click();
    const pop = page.locator('.ant-popover, .ant-popconfirm').filter({ hasText: '确定删除吗?' }).last();
    await pop.waitFor({ state: 'visible' });
    await Promise.all([
      page.waitForResponse((r) => isListCall(r.request())),
      pop.getByRole('button', { name: '确定', exact: true }).click(),
    ]);
    await seeMessage(page, '删除成功！');
    await waitForList(page);
    expect(await rowWith(page, NAME_EDITED).count()).toBe(0);
    await searchByName(page, NAME_EDITED);
    expect(await tableRows(page).count()).toBe(0);
    s.errors.assertClean();
  });

  it('opened from its address with a stored login: no userSetting/get, and 所属医院 asks its options only once 展开 shows it', async () => {
    const s = await e2e.newSession();
    const { page } = s;
    await login(page, e2e.url, USERS.admin.username, USERS.admin.password);
    await page.waitForURL(/\/dashboard\//);
    const asked: string[] = [];
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (/\/sys\/(userSetting\/get|ref\/options)$/.test(path)) asked.push(`${path}?${new URL(r.url()).searchParams.get('field') ?? ''}`);
    });
    await page.goto(`${e2e.url}${schema.menu?.path ?? '/app/doctor'}`);
    await waitForList(page);
    const form = searchForm(page);
    await form.waitFor();
    // the theme / notice preferences came with the permission answer
    await page.waitForLoadState('networkidle');
    expect(asked.filter((a) => a.includes('userSetting'))).toEqual([]);
    // 所属医院 is collapsed out of sight: its options are not asked yet
    expect(await fieldItem(form, field('所属医院').title).isVisible()).toBe(false);
    expect(asked).toEqual([]);
    await Promise.all([
      page.waitForRequest((r) => new URL(r.url()).pathname.endsWith('/sys/ref/options')),
      form.locator('.resource-search-collapse').click(),
    ]);
    await fieldItem(form, field('所属医院').title).waitFor({ state: 'visible' });
    expect(asked).toEqual(['/hospital/sys/ref/options?hospitalId']);
    s.errors.assertClean();
  });
});
