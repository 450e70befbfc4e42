/**
 * 系统管理 in the browser, one server for the file, several logins (fresh contexts):
 * (a) 角色管理 授权 grants 医生助理 the nurse list: zhuli sees 护士管理 with its list but no 新增;
 * (b) a data rule chosen for 医院管理员 in the 授权 drawer limits hospadmin's doctors to one department;
 * (c) a dictionary item renamed in 数据字典 shows renamed in the doctors list, no restart;
 * (d) the stock-in fill rule given a new prefix numbers the next 入库 bill with it;
 * (e) a job added in 定时任务 with a 10 s cron writes its run log;
 * (f) a frozen user's open console is logged out at once, and the login says 该用户已冻结.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fieldItem } from './form.js';
import { USERS, dialogSettled, login } from './harness.js';
import { useE2E, type Session } from './lifecycle.js';
import { apiLogin } from './restart.js';
import { Api, columnTexts, exact, listRows, openForm, openPage, pickOption, runSearch, searchForm, seeMessage, waitForRows, type Rec } from './schema-language-helpers.js';

const e2e = useE2E({ seedRows: 20 });
const HOSPITAL = USERS.hospadmin.tenantId;
const stamp = Date.now().toString(36).slice(-5);

interface TreeNode { key: string; title: string; menuType: number; children?: TreeNode[] }
const flatten = (nodes: TreeNode[]): TreeNode[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);

let adminHosp: Session; // admin acting on the hospital tenant (roles)
let adminPlat: Session; // admin on the platform (dictionaries, fill rules, jobs)
let zhuli: Session;
let hosp: Session;

async function adminOnHospital(): Promise<Session> {
  const s = await e2e.newSession();
  await login(s.page, e2e.url, USERS.admin.username, USERS.admin.password);
  // the organisation switch of a platform user: the tenant id in the URL is stored at start-up
  await s.page.goto(`${e2e.url}/isystem/role?tenantId=${HOSPITAL}`);
  await waitForRows(s.page);
  return s;
}

/** Opens the 授权 drawer of the role named `roleName` in the visible role list. */
async function openAuthorize(page: Page, roleName: string): Promise<Locator> {
  await fieldItem(searchForm(page), '角色名称').locator('input').first().fill(roleName);
  await runSearch(page, '/sys/role');
  await listRows(page).filter({ hasText: roleName }).first().locator('[data-action="authorize"]').click();
  const drawer = page.locator('.ant-drawer-content:visible').filter({ has: page.getByTestId('role-authorize') });
  await drawer.locator('.ant-tree-title').first().waitFor();
  return drawer;
}

/** The open modal form titled `title` (forms declared `open: "modal"`). */
async function modalForm(page: Page, title: string): Promise<Locator> {
  const modal = page.locator('.ant-modal-content:visible').filter({ has: page.locator('.ant-modal-title').getByText(title, { exact: true }) });
  await modal.waitFor();
  return modal;
}

function treeNode(drawer: Locator, title: string): Locator {
  return drawer.locator('.ant-tree-treenode:not([aria-hidden="true"])').filter({ has: drawer.page().locator('.ant-tree-title').getByText(title, { exact: true }) }).first();
}

describe('系统管理 end to end', () => {
  it('(a) 授权 gives 医生助理 the nurse list: zhuli sees 护士管理 with its list and no 新增', async () => {
    const adminApi = new Api(e2e.url, await apiLogin(e2e.url, USERS.admin.username, USERS.admin.password), HOSPITAL);
    const roles = await adminApi.call<{ records: Rec[] }>('/sys/role/list', { query: { roleCode: 'zhuli' } });
    const role = roles.result.records.find((r) => r.roleCode === 'zhuli')!;
    const grants = async () => (await adminApi.call<string[]>('/sys/permission/queryRolePermission', { query: { roleId: role.id } })).result;
    const before = await grants();
    adminHosp = await adminOnHospital();
    const { page } = adminHosp;
    const drawer = await openAuthorize(page, '医生助理');
    await drawer.getByRole('button', { name: '展开全部' }).click();
    await treeNode(drawer, '查看护士').locator('.ant-tree-checkbox').click();
    // linked checking: the page is half-checked, its 新增 stays unchecked
    await treeNode(drawer, '护士管理').locator('.ant-tree-checkbox-indeterminate').waitFor();
    await expect(treeNode(drawer, '新增护士').locator('.ant-tree-checkbox-checked').count()).resolves.toBe(0);
    await drawer.getByRole('button', { name: '保存并关闭' }).click();
    await seeMessage(page, '保存成功！');
    await drawer.waitFor({ state: 'hidden' });
    // what the role held is kept (directories and pages with it), the nurse page and its list added
    const tree = flatten((await adminApi.call<{ treeList: TreeNode[] }>('/sys/role/queryTreeList')).result.treeList);
    const nursePage = tree.find((n) => n.title === '护士管理' && n.menuType !== 2)!;
    const after = await grants();
    expect(after).toEqual(expect.arrayContaining([...before, nursePage.key, nursePage.children!.find((c) => c.title === '查看护士')!.key]));
    expect(after).not.toContain(nursePage.children!.find((c) => c.title === '新增护士')!.key);

    zhuli = await e2e.newSession();
    await login(zhuli.page, e2e.url, USERS.zhuli.username, USERS.zhuli.password);
    await openPage(zhuli.page, '医护管理', '护士管理');
    const table = zhuli.page.locator('[data-testid="resource-table"]:visible').first();
    await expect(table.getByRole('button', { name: '新增' }).count()).resolves.toBe(0);
    await expect(listRows(zhuli.page).count()).resolves.toBeGreaterThan(0);
    zhuli.errors.assertClean();
  });

  it('(b) a data rule chosen for 医院管理员 limits hospadmin\'s doctors to one department', async () => {
    // menus and their rules are the platform's records
    const adminApi = new Api(e2e.url, await apiLogin(e2e.url, USERS.admin.username, USERS.admin.password), USERS.admin.tenantId);
    const hospApi = new Api(e2e.url, await apiLogin(e2e.url, USERS.hospadmin.username, USERS.hospadmin.password), HOSPITAL);
    const doctors = (await hospApi.list('hisDoctor')).records;
    const deptId = String(doctors[0]!.departIds).split(',')[0]!;
    const deptName = String(doctors[0]!.departIds_dictText).split(',')[0]!;
    const inside = doctors.filter((d) => String(d.departIds).split(',').includes(deptId));
    const insideNames = new Set(inside.map((d) => String(d.realname)));
    const outside = doctors.find((d) => !insideNames.has(String(d.realname)))!;
    expect(outside, 'a doctor of another department').toBeTruthy();

    const tree = await adminApi.call<{ treeList: TreeNode[] }>('/sys/role/queryTreeList');
    const doctorPage = flatten(tree.result.treeList).find((n) => n.title === '医生管理' && n.menuType !== 2)!;
    const added = await adminApi.call('/sys/permission/addPermissionRule', {
      method: 'POST',
      body: { permissionId: doctorPage.key, ruleName: `仅${deptName}`, ruleColumn: 'departIds', ruleConditions: '=', ruleValue: deptId, status: '1' },
    });
    expect(added.success, added.message).toBe(true);

    const { page } = adminHosp;
    const drawer = await openAuthorize(page, '医院管理员');
    await drawer.getByRole('button', { name: '展开全部' }).click();
    await treeNode(drawer, '医生管理').locator('.ant-tree-title').click();
    const rules = drawer.getByTestId('role-data-rules');
    await rules.getByText(`仅${deptName}`, { exact: false }).click();
    await rules.getByRole('button', { name: '保存规则' }).click();
    await seeMessage(page, '保存成功！');
    await drawer.getByRole('button', { name: '取消', exact: true }).last().click();
    await drawer.waitFor({ state: 'hidden' });

    hosp = await e2e.newSession();
    await login(hosp.page, e2e.url, USERS.hospadmin.username, USERS.hospadmin.password);
    await openPage(hosp.page, '医护管理', '医生管理');
    const depts = await columnTexts(hosp.page, '科室');
    expect(depts.length).toBeGreaterThan(0);
    for (const d of depts) expect(d).toContain(deptName);
    await fieldItem(searchForm(hosp.page), '姓名').locator('input').first().fill(String(outside.realname));
    await runSearch(hosp.page, '/hisDoctor');
    await expect(listRows(hosp.page).count()).resolves.toBe(0);
    await searchForm(hosp.page).getByRole('button', { name: /重\s?置/ }).click();
    await waitForRows(hosp.page);
    hosp.errors.assertClean();
  });

  it('(c) a dictionary item renamed in 数据字典 shows renamed in the doctors list without a restart', async () => {
    const hospApi = new Api(e2e.url, await apiLogin(e2e.url, USERS.hospadmin.username, USERS.hospadmin.password), HOSPITAL);
    const shown = (await hospApi.list('hisDoctor', { pageSize: 10 })).records[0] as Rec;
    const before = String(shown.title_dictText);
    const renamed = `${before}${stamp}`;

    adminPlat = await e2e.newSession();
    const { page } = adminPlat;
    await login(page, e2e.url, USERS.admin.username, USERS.admin.password);
    await openPage(page, '系统管理', '数据字典');
    await fieldItem(searchForm(page), '字典编码').locator('input').first().fill('doctor_title');
    await runSearch(page, '/sys/dict');
    await listRows(page).filter({ hasText: 'doctor_title' }).first().getByText('编辑', { exact: true }).click();
    const panel = await openForm(page);
    const sub = panel.getByTestId('sub-table-items');
    const texts = sub.locator('[data-cell$=".itemText"] input');
    await texts.first().waitFor();
    const values = await texts.evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
    const i = values.indexOf(before);
    expect(i, `item ${before} in ${values.join(',')}`).toBeGreaterThanOrEqual(0);
    await texts.nth(i).fill(renamed);
    await panel.getByRole('button', { name: '确定' }).click();
    await seeMessage(page, '编辑成功！');

    // hospadmin's open list, searched again: the new label, no restart
    await runSearch(hosp.page, '/hisDoctor');
    await expect.poll(() => columnTexts(hosp.page, '职称')).toContain(renamed);
    adminPlat.errors.assertClean();
  });

  it('(d) the stock-in fill rule given a new prefix numbers the next 入库 bill', async () => {
    const { page } = adminPlat;
    const prefix = `RK${stamp.slice(-2).toUpperCase()}X`;
    await openPage(page, '系统管理', '编码规则');
    await fieldItem(searchForm(page), '规则编码').locator('input').first().fill('stock_in_no');
    await runSearch(page, '/sys/fillRule');
    await listRows(page).filter({ hasText: 'stock_in_no' }).first().getByText('编辑', { exact: true }).click();
    const panel = await modalForm(page, '编辑编码规则');
    await fieldItem(panel, '前缀').locator('input').first().fill(prefix);
    await panel.getByRole('button', { name: '确定' }).click();
    await seeMessage(page, '编辑成功！');

    // the next bill (added by the hospital's pharmacist through the API) carries the new prefix
    const hospApi = new Api(e2e.url, await apiLogin(e2e.url, USERS.hospadmin.username, USERS.hospadmin.password), HOSPITAL);
    const drug = (await hospApi.list('sysDrug', { pageSize: 1 })).records[0]!;
    const pharmacyId = (await hospApi.list('hisPharmacy', { pageSize: 1 })).records[0]!.id;
    const supplier = `前缀验证供应商${stamp}`;
    const added = await hospApi.call('/drugStockIn/add', {
      method: 'POST',
      body: { billType: '1', billDate: '2026-11-20', pharmacyId, supplier, handler: '王敏', lines: [{ drugId: drug.id, batchNo: `B${stamp}`, expiryDate: '2028-12-31', quantity: 1, unit: '盒', purchasePrice: 1.5 }] },
    });
    expect(added.success, added.message).toBe(true);

    await openPage(hosp.page, '药事管理', '药品入库');
    // the search form hydrates after the first rows: whether 展开 shows is known once it is there
    await searchForm(hosp.page).waitFor();
    const expand = searchForm(hosp.page).getByText('展开', { exact: true });
    if (await expand.isVisible()) await expand.click();
    await fieldItem(searchForm(hosp.page), '供应商').locator('input').first().fill(supplier);
    await runSearch(hosp.page, '/drugStockIn');
    const bills = await columnTexts(hosp.page, '单据号');
    expect(bills).toHaveLength(1);
    expect(bills[0]).toMatch(new RegExp(`^${prefix}\\d{8}\\d{4}$`));
  });

  it('(e) a job added in 定时任务 with a 10 s cron writes its run log', async () => {
    const { page } = adminPlat;
    const name = `E2E心跳${stamp}`;
    await openPage(page, '系统管理', '定时任务');
    await page.locator('[data-testid="resource-table"]:visible').first().getByRole('button', { name: '新增' }).click();
    const panel = await modalForm(page, '新增定时任务');
    await pickOption(page, fieldItem(panel, '任务类名'), '系统心跳（只记录运行日志）', false);
    await fieldItem(panel, 'Cron表达式').locator('input').first().fill('0/10 * * * * ?');
    await fieldItem(panel, '描述').locator('input, textarea').first().fill(name);
    await fieldItem(panel, '状态').getByText('已启动', { exact: true }).click();
    await panel.getByRole('button', { name: '确定' }).click();
    await seeMessage(page, '添加成功！');

    await openPage(page, '系统管理', '任务运行日志');
    // the list, asked again until the job's first fire (every 10 s) has written its row
    await expect.poll(async () => {
      await runSearch(page, '/sys/quartzJobLog');
      return listRows(page).filter({ hasText: name }).count();
    }, { timeout: 45_000, interval: 2000 }).toBeGreaterThan(0);
    adminPlat.errors.assertClean();
  });

  it('(f) a frozen user\'s open console is logged out at once and the login says 该用户已冻结', async () => {
    const { page } = hosp;
    await openPage(page, '系统管理', '用户管理');
    await fieldItem(searchForm(page), '用户账号').locator('input').first().fill(USERS.zhuli.username);
    await runSearch(page, '/sys/user');
    const reloaded = zhuli.page.waitForEvent('load', { timeout: 30_000 });
    await listRows(page).filter({ hasText: USERS.zhuli.username }).first().locator('[data-action="freeze"]').click();
    const confirm = page.locator('.ant-modal-confirm').getByRole('button', { name: '确定', exact: true });
    await dialogSettled(confirm);
    await confirm.click();
    await seeMessage(page, '冻结成功！');

    // zhuli's console, open on 护士管理 and idle: the socket is refused and the console logs out
    await zhuli.page.waitForURL((u) => u.pathname.startsWith('/user/login'), { timeout: 15_000 });
    // the console reloads after its logout (the 401 handling); log in once it has
    await reloaded;
    await zhuli.page.getByPlaceholder('请输入用户名').fill(USERS.zhuli.username);
    await zhuli.page.getByPlaceholder('请输入密码').fill(USERS.zhuli.password);
    await zhuli.page.getByRole('button', { name: '登录', exact: true }).click();
    await zhuli.page.locator('.ant-message').getByText(exact('该用户已冻结')).waitFor();
    expect(new URL(zhuli.page.url()).pathname).toBe('/user/login');
  });
});
