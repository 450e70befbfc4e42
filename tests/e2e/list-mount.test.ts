/**
 * A list's table mounts without rc-table's scroll-bar measure (engine/ListTable.tsx): the
 * measure forced a style recalculation and a layout of the whole page on every table mount,
 * for a fixed header the lists do not have. The rows and the fixed action column still show.
 */
import { describe, expect, it } from 'vitest';
import { USERS, login, tableRows, waitForList } from './harness.js';
import { useE2E } from './lifecycle.js';

const e2e = useE2E({ seedRows: 12 });
/** Not this feature's: the header logo of the global config may be missing in the test data. */
const LOGO = /\/sys\/common\/static\//;

describe('list table mount', () => {
  it('a list page (fixed columns included) mounts its table without measuring the scroll bar', async () => {
    const { page, errors } = await e2e.newSession();
    // rc-table's scroll-bar measure inserts an element #rc-scrollbar-measure-* for a moment
    await page.addInitScript(() => {
      const w = window as unknown as { scrollbarMeasures: number };
      w.scrollbarMeasures = 0;
      new MutationObserver((records) => {
        for (const r of records) for (const n of r.addedNodes) if (n instanceof Element && n.id.startsWith('rc-scrollbar-measure')) w.scrollbarMeasures++;
      }).observe(document, { childList: true, subtree: true });
    });
    await login(page, e2e.url, USERS.admin.username, USERS.admin.password);
    for (const path of ['/app/doctor', '/app/hospital']) {
      await page.goto(`${e2e.url}${path}`);
      await waitForList(page);
      await expect.poll(() => tableRows(page).count()).toBeGreaterThan(0);
      expect(await page.locator('[data-testid="resource-table"] .ant-table-cell-fix-right').first().isVisible(), path).toBe(true);
      expect(await page.evaluate(() => (window as unknown as { scrollbarMeasures: number }).scrollbarMeasures), path).toBe(0);
    }
    errors.assertClean([LOGO]);
  });
});
