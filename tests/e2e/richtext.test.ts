/**
 * The rich-text editor (tiptap) in a real form: an article body written with a heading, a list
 * and a link through the toolbar is saved and comes back when the article is reopened; HTML
 * pasted from Word (a paste event carrying mso markup) arrives without it, in the editor and in
 * what the server stores; an image is uploaded and a table inserted after the last paragraph. The
 * editor's chunk is not loaded by a list without a form. A key and a paste handled before the
 * browser reports where a click put the caret (a busy machine) still act at the caret: the
 * editor reads the browser's selection first (selectionSync.ts) — without that, the paste of
 * the stories above landed in the heading in the full browser run.
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

  it('Word HTML pasted into the editor arrives without its mso markup, and is saved clean', async () => {
    const { page } = s;
    const panel = await formPanel(page);
    const editor = editorOf(panel);
    // the caret goes to the end of the last paragraph: clicked at its start (a click on the
    // link itself may open it instead of placing the caret), then End
    await editor.locator('p', { hasText: '详见' }).click({ position: { x: 2, y: 4 } });
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await editor.evaluate((el, html) => {
      const data = new DataTransfer();
      data.setData('text/html', html);
      data.setData('text/plain', '来自Word的段落');
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, WORD_HTML);
    const pasted = editor.locator('p', { hasText: '来自Word的段落' });
    await pasted.waitFor();
    const inner = await editor.innerHTML();
    expect(inner).not.toMatch(/mso|Mso|o:p|lang=/);

    const saved = page.waitForRequest((r) => r.url().includes('/hisArticle/edit'));
    await panel.getByRole('button', { name: '确定', exact: true }).click();
    await saved;
    await seeMessage(page, '编辑成功！');
    await page.getByTestId('resource-form').first().waitFor({ state: 'hidden' });
    const again = editorOf(await openArticle(page));
    await again.locator('p', { hasText: '来自Word的段落' }).waitFor();
    expect(await again.innerHTML()).not.toMatch(/mso|Mso|o:p|lang=/);
    expect(await again.locator('h2').textContent()).toBe('高血压的日常管理');
    s.errors.assertClean();
  });

  it('an image goes through the upload and a table is inserted; both are saved', async () => {
    const { page } = s;
    const panel = await formPanel(page);
    const editor = editorOf(panel);
    await editor.locator('p', { hasText: '来自Word的段落' }).click();
    await page.keyboard.press('End');
    const uploaded = page.waitForResponse((r) => r.url().includes('/sys/common/upload'));
    await fieldItem(panel, '正文').locator('input[type=file]').setInputFiles({ name: 'chart.png', mimeType: 'image/png', buffer: PNG });
    expect((await uploaded).status()).toBe(200);
    const img = editor.locator('img[src*="/sys/common/static/richtext/"]');
    await img.waitFor();
    await editor.locator('p', { hasText: '来自Word的段落' }).click();
    await page.keyboard.press('End');
    await tool(panel, '表格').click();
    await editor.locator('table th').first().waitFor();
    expect(await editor.locator('table tr').count()).toBe(3);
    await panel.getByRole('button', { name: '确定', exact: true }).click();
    await seeMessage(page, '编辑成功！');
    await page.getByTestId('resource-form').first().waitFor({ state: 'hidden' });
    const again = editorOf(await openArticle(page));
    await again.locator('table').waitFor();
    expect(await again.locator('table tr').count()).toBe(3);
    expect(await again.locator('img').getAttribute('src')).toMatch(/\/sys\/common\/static\/richtext\/\d{8}\/[0-9a-f]{16}_chart\.png$/);
    s.errors.assertClean();
  });
});

describe('rich-text editor on a busy machine', () => {
  it('a key and a paste that come before the browser reports the caret move land at the caret, not in the heading', async () => {
    const s2 = await e2e.newSession();
    const { page } = s2;
    await login(page, e2e.url, USERS.yunying.username, USERS.yunying.password);
    await openMenu(page, '内容运营', '文章管理');
    const editor = editorOf(await openArticle(page));
    await editor.locator('p', { hasText: '详见' }).waitFor();
    // the browser delivers `selectionchange` as a task of its own; on a loaded machine the next
    // key can be handled first. Here the caret is moved, Enter pressed and HTML pasted in one
    // task, so that event cannot come in between (what a busy machine makes likely).
    await editor.evaluate((el, html) => {
      const last = [...el.querySelectorAll('p')].find((p) => p.textContent?.includes('详见'))!;
      (el as HTMLElement).focus();
      const range = document.createRange();
      range.selectNodeContents(last);
      range.collapse(false);
      const sel = document.getSelection()!;
      sel.removeAllRanges();
      sel.addRange(range);
      el.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', code: 'Enter', keyCode: 13, bubbles: true, cancelable: true }));
      const data = new DataTransfer();
      data.setData('text/html', html);
      data.setData('text/plain', '忙时粘贴的段落');
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, '<p>忙时粘贴的段落</p>');
    await editor.getByText('忙时粘贴的段落').waitFor();
    const blocks = await editor.evaluate((el) => [...el.children].map((c) => `${c.tagName.toLowerCase()}:${c.textContent}`));
    expect(blocks.slice(0, 4)).toEqual(['h2:高血压的日常管理', 'ul:少盐饮食规律运动', 'p:详见指南', 'p:忙时粘贴的段落']);
    s2.errors.assertClean();
  });
});
