/**
 * A long master-detail form stays usable: a stock-in bill with 200 lines (the schema's max)
 * opens for editing with a virtualised sub-table (only a window of rows is in the DOM), the
 * last line is reachable by scrolling, and saving sends all 200 lines in one call that the
 * server stores.
 */
import { expect, it } from 'vitest';
import { fieldItem, readModule } from './form.js';
import { USERS, login } from './harness.js';
import { Api, isCall, openForm, openPage, rowById, runSearch, searchForm, seeMessage, type Rec } from './schema-language-helpers.js';
import { useE2E } from './lifecycle.js';
import { apiLogin } from './restart.js';

const e2e = useE2E({ seedRows: 12 });
const STOCK_IN = readModule('drugStockIn');
const LINES = 200;
const batch = (i: number) => `B${String(i).padStart(4, '0')}`;

it('a 200-line stock-in bill edits in a virtualised sub-table and saves in one call', async () => {
  const client = new Api(e2e.url, await apiLogin(e2e.url, USERS.admin.username, USERS.admin.password), USERS.admin.tenantId);
  const drug = (await client.list('sysDrug', { pageSize: 1 })).records[0]!;
  const pharmacyId = (await client.list('hisPharmacy', { pageSize: 1 })).records[0]!.id;
  const supplier = `长单测试供应商${Date.now().toString(36)}`;
  const added = await client.call<unknown>('/drugStockIn/add', {
    method: 'POST',
    body: {
      billType: '1',
      billDate: '2026-11-20',
      pharmacyId,
      supplier,
      handler: '王敏',
      lines: Array.from({ length: LINES }, (_, i) => ({
        drugId: drug.id, batchNo: batch(i), expiryDate: '2028-12-31', quantity: 1, unit: '盒', purchasePrice: 1.5,
      })),
    },
  });
  expect(added.success, added.message).toBe(true);
  const bill = (await client.list('drugStockIn', { supplier: `*${supplier}*` })).records[0] as Rec;
  expect((await client.byId('drugStockIn', bill.id)).lines as unknown[]).toHaveLength(LINES);

  const s = await e2e.newSession();
  const { page } = s;
  await login(page, e2e.url, USERS.admin.username, USERS.admin.password);
  await openPage(page, STOCK_IN.menu!.group, STOCK_IN.title);
  // the search form hydrates after the first rows: whether 展开 shows is known once it is there
  await searchForm(page).waitFor();
  const expand = searchForm(page).getByText('展开', { exact: true });
  if (await expand.isVisible()) await expand.click();
  await fieldItem(searchForm(page), '供应商').locator('input').first().fill(supplier);
  await runSearch(page, '/drugStockIn');
  await rowById(page, bill.id).getByText('编辑', { exact: true }).click();
  const panel = await openForm(page);
  const sub = panel.getByTestId('sub-table-lines');
  const batchCell = (i: number) => sub.locator(`[data-cell="${i}.batchNo"] input`);
  await expect.poll(() => batchCell(0).inputValue(), { timeout: 20_000 }).toBe(batch(0));

  // virtualised: only a window of the 200 rows is rendered
  const rendered = await sub.locator('[data-cell$=".batchNo"]').count();
  expect(rendered).toBeGreaterThan(0);
  expect(rendered).toBeLessThan(60);

  // the last line is reachable by scrolling the sub-table body to its end. Rows are measured as
  // they render, so the end moves while scrolling and the window may re-render the last row
  // away: keep scrolling until the last row is read and edited in one go
  const holder = sub.locator('.ant-table-tbody-virtual-holder');
  let lastBefore = '';
  await expect.poll(async () => {
    await holder.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    try {
      const value = await batchCell(LINES - 1).inputValue({ timeout: 1_000 });
      if (!lastBefore) lastBefore = value;
      await batchCell(LINES - 1).fill('B9999', { timeout: 1_000 });
      return batchCell(LINES - 1).inputValue({ timeout: 1_000 });
    } catch {
      return '';
    }
  }, { timeout: 20_000 }).toBe('B9999');
  expect(lastBefore).toBe(batch(LINES - 1));
  // saving sends every line in one call and the server keeps all of them
  const [edit] = await Promise.all([
    page.waitForRequest((r) => isCall(r, 'PUT', '/drugStockIn/edit')),
    panel.getByRole('button', { name: '确定' }).click(),
  ]);
  expect(edit).toBeTruthy();
  await seeMessage(page, '编辑成功！');
  const stored = (await client.byId('drugStockIn', bill.id)).lines as Rec[];
  expect(stored).toHaveLength(LINES);
  expect(stored.map((l) => l.batchNo)).toContain('B9999');
  expect(Number((await client.byId('drugStockIn', bill.id)).totalAmount)).toBeCloseTo(LINES * 1.5, 2);
  s.errors.assertClean();
});
