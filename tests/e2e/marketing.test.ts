/**
 * 营销中心 and 内容运营 in the built console against the real server:
 * - 问卷管理: the list's 答卷数 counts the seeded answer sheets; the row action 结果统计 opens a drawer with the server's count of the seeded answer
 *   sheets of that questionnaire — respondents, and per question how many answered and, for a
 *   choice question, each option's count.
 * - 优惠券: receiving a coupon (a 领券记录 added) raises its 已领数量 in the list and the detail.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { USERS, login, openMenu, resourceTable, tableRows, waitForList } from './harness.js';
import { useE2E } from './lifecycle.js';
import { api, apiLogin } from './restart.js';

const e2e = useE2E({ seedRows: 20 });
type Rec = Record<string, unknown>;
interface Summary { respondents: number; questions: Array<{ key: string; title: string; answered: number; options?: Array<{ option: string; count: number }> }> }

async function ok<T>(token: string, path: string, o: { body?: unknown; method?: 'PUT'; query?: Record<string, string | number> } = {}): Promise<T> {
  const r = await api<T>(e2e.url, path, { token, ...o });
  if (!r.success) throw new Error(`${path}: ${r.message}`);
  return r.result;
}

/** The cell of `row` under the column titled `title`. */
async function cellOf(page: Page, row: Locator, title: string): Promise<Locator> {
  const heads = await resourceTable(page).locator('thead th').allInnerTexts();
  const i = heads.findIndex((h) => h.trim() === title);
  expect(i, `column ${title}`).toBeGreaterThanOrEqual(0);
  return row.locator('td').nth(i);
}

describe('问卷管理 结果统计', () => {
  it('shows the counts of the seeded answers of a questionnaire', async () => {
    const token = await apiLogin(e2e.url, USERS.hospadmin.username, USERS.hospadmin.password);
    // the list's first page in its default order, as the console asks for it
    const surveys = (await ok<{ records: Rec[] }>(token, '/hisSurvey/list', { query: { pageNo: 1, pageSize: 10, column: 'createTime', order: 'desc' } })).records;
    let index = -1;
    let summary: Summary | undefined;
    for (const [i, s] of surveys.entries()) {
      const sum = await ok<Summary>(token, '/hisSurvey/answerSummary', { query: { id: String(s.id) } });
      if (sum.respondents > 0 && (!summary || sum.respondents > summary.respondents)) { index = i; summary = sum; }
    }
    expect(summary, 'a seeded questionnaire with answers on the first page').toBeTruthy();
    const answers = (await ok<{ total: number }>(token, '/hisSurveyAnswer/list', { query: { surveyId: String(surveys[index]!.id), pageSize: 1 } })).total;
    expect(summary!.respondents).toBe(answers);

    const { page, errors } = await e2e.newSession();
    await login(page, e2e.url, USERS.hospadmin.username, USERS.hospadmin.password);
    await openMenu(page, '内容运营', '问卷管理');
    const row = tableRows(page).nth(index);
    await expect.poll(() => row.innerText(), { timeout: 15_000 }).toContain(String(surveys[index]!.title));
    // the list's 答卷数 counts the same sheets
    expect((await (await cellOf(page, row, '答卷数')).innerText()).trim()).toBe(String(answers));
    await row.locator('a[data-action="summary"]').click();
    const drawer = page.locator('.ant-drawer-content:visible').filter({ has: page.getByTestId('answer-summary') });
    await drawer.waitFor({ state: 'visible', timeout: 15_000 });
    expect(await drawer.locator('.ant-drawer-title').innerText()).toBe('结果统计');
    await expect.poll(() => drawer.getByTestId('answer-summary-respondents').innerText(), { timeout: 10_000 }).toContain(String(answers));
    for (const q of summary!.questions) {
      const card = drawer.getByTestId(`answer-summary-q${q.key}`);
      const text = await card.innerText();
      expect(text).toContain(`${q.key}. ${q.title}`);
      expect(text).toContain(`${q.answered} 人作答`);
      if (!q.options) continue;
      // option -> count as the table shows them
      const shown = new Map<string, string>();
      for (const tr of await card.locator('tbody tr.ant-table-row').all()) {
        const cells = await tr.locator('td').allInnerTexts();
        shown.set(cells[0]!.trim(), cells[1]!.trim());
      }
      for (const o of q.options) expect(shown.get(o.option), `${q.title} / ${o.option}`).toBe(String(o.count));
    }
    errors.assertClean();
  });
});

describe('优惠券 已领数量', () => {
  it('receiving a coupon raises its 已领数量 in the list and the detail', async () => {
    const token = await apiLogin(e2e.url, USERS.hospadmin.username, USERS.hospadmin.password);
    const name = '浏览器领券测试券';
    const couponId = await ok<string>(token, '/hisCoupon/add', { body: {
      name, couponType: '3', faceValue: 10, scope: '3', issueWay: '1', totalCount: 50, perLimit: 2,
      validType: '2', validDays: 30,
    } });
    // only a coupon 进行中 may be received
    await ok(token, '/hisCoupon/start', { method: 'PUT', body: { id: couponId } });
    const member = (await ok<{ records: Rec[] }>(token, '/hisMember/list', { query: { pageSize: 1 } })).records[0]!;

    const { page, errors } = await e2e.newSession();
    await login(page, e2e.url, USERS.hospadmin.username, USERS.hospadmin.password);
    await openMenu(page, '营销中心', '优惠券');
    const row = () => tableRows(page).filter({ hasText: name }).first();
    await expect.poll(async () => (await cellOf(page, row(), '已领数量')).innerText(), { timeout: 15_000 }).toBe('0');

    for (const receiveTime of ['2026-01-05 10:00:00', '2026-01-06 11:30:00']) {
      await ok<string>(token, '/hisCouponRecord/add', { body: { couponId, memberId: member.id, receiveWay: '1', receiveTime, expireTime: '2026-02-05 23:59:59' } });
    }
    await page.getByRole('button', { name: /查\s?询/ }).first().click();
    await waitForList(page);
    await expect.poll(async () => (await cellOf(page, row(), '已领数量')).innerText(), { timeout: 15_000 }).toBe('2');
    expect((await (await cellOf(page, row(), '已用数量')).innerText()).trim()).toBe('0');

    await row().getByText('详情', { exact: true }).click();
    const detail = page.locator('[data-testid="resource-form"] :is(.ant-modal-content, .ant-drawer-content):visible').first();
    await detail.waitFor({ state: 'visible', timeout: 15_000 });
    // a bordered description list: the value is the cell after its label
    const value = (label: string) => detail.locator('.ant-descriptions-item-label', { hasText: new RegExp(`^${label}$`) }).first().locator('xpath=following-sibling::*[1]');
    await expect.poll(() => value('已领数量').innerText(), { timeout: 10_000 }).toBe('2');
    expect(await value('已用数量').innerText()).toBe('0');
    errors.assertClean();
  });
});

describe('广告管理 广告图片', () => {
  it("a row's thumbnail is its stored image; a click shows that image full size and Esc closes it", async () => {
    const token = await apiLogin(e2e.url, USERS.admin.username, USERS.admin.password);
    const first = (await ok<{ records: Rec[] }>(token, '/hisAdvert/list', { query: { pageNo: 1, pageSize: 10, column: 'sort', order: 'asc' } })).records[0]!;
    const src = `/hospital/sys/common/static/${String(first.image)}`;

    const { page, errors } = await e2e.newSession();
    await login(page, e2e.url, USERS.admin.username, USERS.admin.password);
    await openMenu(page, '内容运营', '广告管理');
    const row = tableRows(page).first();
    await expect.poll(() => row.innerText(), { timeout: 15_000 }).toContain(String(first.name));
    const thumb = (await cellOf(page, row, '广告图片')).getByRole('button', { name: '图片1' });
    expect(await thumb.getAttribute('src')).toBe(src);
    // the thumbnail has loaded (the server's demo placeholder), so the preview shows a real image
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 10_000 }).toBe(true);

    await thumb.click();
    const preview = page.locator('.ant-image-preview-img');
    await preview.waitFor({ state: 'visible', timeout: 10_000 });
    expect(await preview.getAttribute('src')).toBe(src);
    await page.keyboard.press('Escape');
    await preview.waitFor({ state: 'hidden', timeout: 10_000 });
    errors.assertClean();
  });
});
