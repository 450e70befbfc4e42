/**
 * 首页 and 工作台 in the browser: the figures a hospital administrator sees equal counts made in
 * the database for the hospital's tenant; the trend switches between 7 and 30 days and draws its
 * chart; the workplace greets by the time of day, its pending item opens the list filtered to
 * those rows, and the recent activity shows the administrator's own login.
 */
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USERS, login, revealMenuItem, tableRows, waitForList } from './harness.js';
import { useE2E, type Session } from './lifecycle.js';

const e2e = useE2E({ seedRows: 12 });
const HOSPITAL = 1001;
/** Not this feature's: the header logo of the global config may be missing in the test data. */
const KNOWN = [/\/sys\/common\/static\//];

const pad = (n: number) => String(n).padStart(2, '0');
const day = (offset: number) => {
  const d = new Date();
  const x = new Date(d.getFullYear(), d.getMonth(), d.getDate() + offset);
  return `${x.getFullYear()}-${pad(x.getMonth() + 1)}-${pad(x.getDate())}`;
};
const TODAY = day(0);
const TOMORROW = day(1);
const YESTERDAY = day(-1);
/** The order tables of schemas/dashboard.json and their time column. */
const ORDERS: Array<[string, string]> = [
  ['his_consult_order', 'order_time'], ['his_inquiry_order', 'order_time'], ['his_return_visit_order', 'order_time'],
  ['his_book_order', 'order_time'], ['his_medical_order', 'order_time'], ['his_treat_order', 'order_time'],
  ['his_service_pack_order', 'order_time'], ['his_nurse_order', 'create_time'],
];

let db: BetterSqlite3.Database;
let s: Session;
const one = (q: string) => Number((db.prepare(q).get() as { n: number | null }).n ?? 0);
const today = (col: string) => `${col} >= '${TODAY} 00:00:00' and ${col} < '${TOMORROW} 00:00:00'`;

const figure = (page: Page, key: string) => page.getByTestId(`stat-${key}`).getByTestId('figure-value');

beforeAll(() => {
  db = new BetterSqlite3(join(e2e.server.dataDir, 'hospital.db'));
  // the demo rows are dated in the past: bring some of the hospital's (and the platform's) to today and yesterday
  for (const [t, c] of ORDERS) {
    for (const tenant of [1000, HOSPITAL]) {
      const ids = (db.prepare(`select id from ${t} where tenant_id = ? order by id limit 4`).all(tenant) as Array<{ id: string }>).map((r) => r.id);
      ids.forEach((id, i) => db.prepare(`update ${t} set ${c} = ?, pay_status = ? where id = ?`).run(i < 3 ? `${TODAY} 0${i + 7}:20:00` : `${YESTERDAY} 15:00:00`, i === 1 ? '1' : '3', id));
    }
  }
  db.prepare(`update his_consult_order set status = '2' where id in (select id from his_consult_order where tenant_id = ${HOSPITAL} order by id desc limit 3)`).run();
});
afterAll(() => db?.close());

describe('首页', () => {
  it('shows the hospital its own figures of today, as counted in the database', async () => {
    s = await e2e.newSession();
    const { page } = s;
    await login(page, e2e.url, USERS.hospadmin.username, USERS.hospadmin.password);
    await page.goto(`${e2e.url}/dashboard/analysis`);
    await page.getByTestId('dashboard-analysis').waitFor();
    const orders = ORDERS.reduce((n, [t, c]) => n + one(`select count(*) n from ${t} where tenant_id = ${HOSPITAL} and ${today(c)}`), 0);
    const revenue = ORDERS.reduce((n, [t, c]) => n + one(`select sum(order_amount) n from ${t} where tenant_id = ${HOSPITAL} and pay_status = '3' and ${today(c)}`), 0);
    const consult = one(`select count(*) n from his_consult_order where tenant_id = ${HOSPITAL} and ${today('order_time')}`);
    expect(orders).toBeGreaterThan(0);
    await expect.poll(() => figure(page, 'order').innerText()).toBe(String(orders));
    expect(await figure(page, 'consult').innerText()).toBe(String(consult));
    // amounts are stored in fen; the card shows yuan
    expect(await figure(page, 'revenue').innerText()).toBe((revenue / 100).toFixed(2));
    expect(await page.getByTestId('stat-order').innerText()).toContain('今日订单');
    const yesterday = ORDERS.reduce((n, [t, c]) => n + one(`select count(*) n from ${t} where tenant_id = ${HOSPITAL} and ${c} >= '${YESTERDAY} 00:00:00' and ${c} < '${TODAY} 00:00:00'`), 0);
    const diff = orders - yesterday;
    expect(await page.getByTestId('stat-order-change').innerText()).toContain(diff === 0 ? '与昨日持平' : `较昨日 ${diff > 0 ? '+' : '-'}${Math.abs(diff)}`);
    s.errors.assertClean(KNOWN);
  });

  it('draws the trend for 7 and 30 days, the order mix and the rankings', async () => {
    const { page } = s;
    await page.getByTestId('trend-chart').locator('canvas').waitFor();
    await page.getByTestId('mix-chart').locator('canvas').waitFor();
    await page.getByText('近7天订单与收入').waitFor();
    await page.getByTestId('trend-days').getByText('近30天').click();
    await page.getByText('近30天订单与收入').waitFor();
    await page.getByTestId('trend-chart').locator('canvas').waitFor();
    // the busiest doctor of the last 30 days, counted in the database
    const counts = new Map<string, number>();
    for (const [t, c] of ORDERS) {
      const cols = (db.prepare(`pragma table_info(${t})`).all() as Array<{ name: string }>).map((x) => x.name);
      if (!cols.includes('doctor_id')) continue;
      for (const r of db.prepare(`select doctor_id d, count(*) n from ${t} where tenant_id = ${HOSPITAL} and doctor_id != '' and ${c} >= '${day(-29)} 00:00:00' and ${c} < '${TOMORROW} 00:00:00' group by doctor_id`).all() as Array<{ d: string; n: number }>) {
        counts.set(r.d, (counts.get(r.d) ?? 0) + r.n);
      }
    }
    const top = Math.max(...counts.values());
    const first = page.getByTestId('top-doctors').locator('li').first();
    await expect.poll(() => first.innerText()).toMatch(new RegExp(`${top}$`));
    s.errors.assertClean(KNOWN);
  });
});

/** Opens 工作台 › `title` from the side menu (the group is expanded first when its items are not shown). */
async function openDashboardPage(page: Page, title: string, path: string): Promise<void> {
  await (await revealMenuItem(page, '工作台', title)).click();
  await page.waitForURL((u) => u.pathname === path);
}

describe('图表', () => {
  it('the chart index draws the last 30 days of the hospital, its order total as counted in the database', async () => {
    const { page } = s;
    await openDashboardPage(page, '图表', '/dashboard/chart');
    await page.getByTestId('dashboard-chart').waitFor();
    const total = ORDERS.reduce((n, [t, c]) => n + one(`select count(*) n from ${t} where tenant_id = ${HOSPITAL} and ${c} >= '${day(-29)} 00:00:00' and ${c} < '${TOMORROW} 00:00:00'`), 0);
    expect(total).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('chart-total-orders').getByTestId('figure-value').innerText()).toBe(String(total));
    for (const key of ['orders', 'revenue', 'mix']) await page.getByTestId(`chart-${key}`).locator('canvas').waitFor();
    expect(await page.getByTestId('page-title').innerText()).toBe('图表');
    s.errors.assertClean(KNOWN);
  });
});

describe('任务', () => {
  it('the task index lists the hospital\'s pending work as counted in the database, with its chart', async () => {
    const { page } = s;
    await openDashboardPage(page, '任务', '/dashboard/task');
    await page.getByTestId('dashboard-task').waitFor();
    const pending = one(`select count(*) n from his_consult_order where tenant_id = ${HOSPITAL} and status = '2'`);
    const row = page.getByTestId('task-hisConsultOrder');
    await expect.poll(() => row.locator('td').nth(1).innerText()).toBe(String(pending));
    const counts = (await page.getByTestId('task-list').locator('tbody tr td:nth-child(2)').allInnerTexts()).map(Number);
    expect(await page.getByTestId('task-total').getByTestId('figure-value').innerText()).toBe(String(counts.reduce((a, b) => a + b, 0)));
    await page.getByTestId('task-chart').locator('canvas').waitFor();
    s.errors.assertClean(KNOWN);
  });
});

describe('工作台', () => {
  it('greets by the time of day, lists pending work and the own recent activity', async () => {
    const { page } = s;
    await page.goto(`${e2e.url}/dashboard/workplace`);
    await page.getByTestId('dashboard-workplace').waitFor();
    await expect.poll(() => page.getByTestId('workplace-greeting').innerText()).toMatch(/^(早上好|上午好|中午好|下午好|晚上好)，医院管理员，祝你开心每一天！$/);
    const pending = one(`select count(*) n from his_consult_order where tenant_id = ${HOSPITAL} and status = '2'`);
    expect(pending).toBeGreaterThan(0);
    const item = page.getByTestId('pending-hisConsultOrder');
    await expect.poll(() => item.innerText()).toBe(`待接诊问诊\n${pending}`);
    await page.getByTestId('workplace-activity').getByText('用户名: hospadmin,登录成功！').first().waitFor();
    await page.getByTestId('workplace-links').getByText('问诊订单').waitFor();
    s.errors.assertClean(KNOWN);
  });

  it('a pending item opens the list filtered to those rows', async () => {
    const { page } = s;
    await page.getByTestId('pending-hisConsultOrder').click();
    await page.waitForURL((u) => u.pathname === '/app/consultOrder' && u.searchParams.get('status') === '2');
    await waitForList(page);
    const pending = one(`select count(*) n from his_consult_order where tenant_id = ${HOSPITAL} and status = '2'`);
    await expect.poll(() => tableRows(page).count()).toBe(pending);
    for (const text of await tableRows(page).allInnerTexts()) expect(text).toContain('待接诊');
    s.errors.assertClean(KNOWN);
  });
});

describe('工作台 greeting by a mocked clock', () => {
  // the console is loaded on the real clock (the request layer keeps signing with it), then the
  // browser's clock is fixed and the login leads on to the workplace, which greets by that time
  const cases: Array<[number, number, string]> = [[8, 59, '早上好'], [10, 59, '上午好'], [12, 59, '中午好'], [19, 59, '下午好'], [20, 0, '晚上好']];
  for (const [h, m, greeting] of cases) {
    it(`${pad(h)}:${pad(m)} -> ${greeting}`, async () => {
      const session = await e2e.newSession();
      const { page } = session;
      await page.goto(`${e2e.url}/user/login?redirect=${encodeURIComponent('/dashboard/workplace')}`);
      await page.getByPlaceholder('请输入用户名').waitFor();
      const now = new Date();
      await page.clock.setFixedTime(new Date(now.getFullYear(), now.getMonth(), now.getDate(), h, m, 0));
      await page.getByPlaceholder('请输入用户名').fill(USERS.hospadmin.username);
      await page.getByPlaceholder('请输入密码').fill(USERS.hospadmin.password);
      await page.getByRole('button', { name: '登录', exact: true }).click();
      await page.waitForURL((u) => u.pathname === '/dashboard/workplace');
      await expect.poll(() => page.getByTestId('workplace-greeting').innerText()).toBe(`${greeting}，医院管理员，祝你开心每一天！`);
      session.errors.assertClean(KNOWN);
      await session.context.close();
    });
  }
});

describe('系统监控', () => {
  it('a hospital administrator is refused', async () => {
    const { page } = s;
    await page.goto(`${e2e.url}/monitor/system`);
    await page.getByTestId('system-monitor').getByText('没有权限：系统监控仅限平台超级管理员').waitFor();
    expect(await page.getByTestId('monitor-server').count()).toBe(0);
    s.errors.assertClean([...KNOWN, /status of 403/]);
  });

  it('the platform super administrator sees it refresh live, and can pause it', async () => {
    const admin = await e2e.newSession();
    const { page } = admin;
    await login(page, e2e.url, USERS.admin.username, USERS.admin.password);
    await page.goto(`${e2e.url}/dashboard/workplace`);
    await page.getByTestId('workplace-links').getByText('系统监控').click();
    await page.waitForURL((u) => u.pathname === '/monitor/system');
    await page.getByTestId('monitor-server').getByText('主机名').waitFor();
    await page.getByTestId('monitor-database').getByText(/SQLite \d/).waitFor();
    await page.getByTestId('monitor-redis').getByText(/Redis 未配置/).waitFor();
    await page.getByTestId('monitor-trace').getByText('/hospital/dashboard/workplace').first().waitFor();
    const updated = page.getByTestId('monitor-updated');
    const first = await updated.innerText();
    await expect.poll(() => updated.innerText(), { timeout: 10_000 }).not.toBe(first);
    await page.getByTestId('monitor-pause').click();
    await page.getByTestId('monitor-pause').getByText('继续').waitFor();
    await page.waitForTimeout(600); // a read already under way may still land
    const paused = await updated.innerText();
    await page.waitForTimeout(4000);
    expect(await updated.innerText()).toBe(paused);
    admin.errors.assertClean(KNOWN);
  });
});
