/**
 * Background export end to end: 支付流水 holds 50,000 rows of the hospital (copied straight in
 * the database in setup); 导出 answers 已加入下载中心, 下载中心 shows the job's state and progress
 * (rows written of 50,000) until it is 已完成, and 下载 saves the .xlsx with all 50,000 rows.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USERS, login, openMenu, revealMenuItem } from './harness.js';
import { useE2E } from './lifecycle.js';
import { fillRows } from '../server/bulk-rows.js';

const ROWS = 50_000;
const dataDir = mkdtempSync(join(tmpdir(), 'hosp-e2e-exports-'));
const e2e = useE2E({ seedRows: 20, dataDir, env: { EXPORT_ASYNC_ROWS: '5000' } });

beforeAll(() => {
  // 50,000 payment rows of the hospital (tenant 1001), written in one transaction
  fillRows(e2e.server.dataDir, 'his_pay_log', USERS.hospadmin.tenantId, ROWS, { serial_no: 'ZFE2E' });
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('下载中心', () => {
  it('a 50,000-row 支付流水 export runs in the background, shows its progress in 下载中心, and downloads', async () => {
    const { page } = await e2e.newSession();
    page.setDefaultTimeout(45_000); // a shared machine: the page chunk may take a while to arrive
    await login(page, e2e.url, USERS.hospadmin.username, USERS.hospadmin.password);
    await openMenu(page, '财务中心', '支付流水');
    await page.getByRole('button', { name: /(^|\s)导出$/ }).filter({ visible: true }).first().click();
    await page.locator('.ant-message').getByText('已加入下载中心', { exact: true }).waitFor();

    // 系统设置 › 下载中心 (the side menu keeps one group open)
    await (await revealMenuItem(page, '系统设置', '下载中心')).click();
    const table = page.getByTestId('download-center-table');
    const row = table.locator('tbody tr.ant-table-row').first();
    await row.waitFor();
    await expect.poll(() => row.textContent()).toMatch(/^支付流水_\d{14}\.xlsx支付流水/);
    // its state and progress: rows written of the 50,000, read again while it runs
    await row.getByText(/ \/ 50,000 行$/).waitFor();
    await expect
      .poll(async () => {
        const text = (await row.textContent()) ?? '';
        return text.includes('已完成') && text.includes('50,000 / 50,000 行');
      }, { timeout: 120_000, interval: 250 })
      .toBe(true);
    expect(await row.locator('.ant-progress').getAttribute('class')).toContain('ant-progress-status-success');
    expect(await row.textContent()).toMatch(/\d+(\.\d)? (KB|MB)/);

    const download = page.waitForEvent('download');
    await row.getByRole('button', { name: '下载', exact: true }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^支付流水_\d{14}\.xlsx$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(readFileSync((await file.path())!) as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect((ws.getRow(1).values as unknown[]).slice(1)).toContain('流水号');
    expect(ws.actualRowCount - 1).toBe(ROWS);
  });
});
