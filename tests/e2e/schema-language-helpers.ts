/**
 * Helpers of the schema-language browser proof (schema-language.test.ts): antd Select picking by label,
 * the list's search form, messages, decrypting captured request/response bodies, and a
 * typed wrapper around the signed API client.
 */
import type { Locator, Page, Request, Response } from 'playwright-core';
import { DEFAULT_PROTOCOL_CONFIG, decryptText } from '../../src/core/protocol/index.js';
import { revealMenuItem } from './harness.js';
import { api } from './restart.js';

export const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
export const exact = (s: string) => new RegExp(`^\\s*${escapeRe(s)}\\s*$`);

/** JSON of a captured body: plain JSON or the base64 ciphertext of it (encrypt on). */
export function decodeBody<T = unknown>(text: string | null | undefined): T {
  if (!text) throw new Error('empty body');
  const t = text.trim();
  return JSON.parse(t.startsWith('{') || t.startsWith('[') ? t : decryptText(t, DEFAULT_PROTOCOL_CONFIG)) as T;
}

export async function responseJson<T = unknown>(res: Response): Promise<T> {
  return decodeBody<T>(await res.text());
}

export const pathOf = (r: Request | Response) => new URL(r.url()).pathname;
export const isCall = (r: Request, method: string, suffix: string) => r.method() === method && pathOf(r).endsWith(suffix);

// ---------------------------------------------------------------- antd Select

/** The open dropdown that belongs to the Select inside `scope` (antd links `<id>_list`). */
async function dropdownFor(page: Page, select: Locator): Promise<Locator> {
  const id = await select.locator('input[role="combobox"]').first().getAttribute('id');
  const open = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  return id ? open.filter({ has: page.locator(`[id="${id}_list"]`) }) : open.last();
}

/**
 * Picks the option labelled exactly `label` in the (first) Select inside `scope`;
 * `search` types the label first (remote ref search, long dictionaries).
 */
export async function pickOption(page: Page, scope: Locator, label: string, search = true): Promise<void> {
  const select = scope.locator('.ant-select').first();
  await select.waitFor({ state: 'visible' });
  for (let attempt = 0; attempt < 3; attempt++) {
    await select.locator('.ant-select-selector').click();
    if (search) await select.locator('input[role="combobox"]').first().fill(label);
    const dropdown = await dropdownFor(page, select);
    const option = dropdown.locator('.ant-select-item-option').filter({ hasText: exact(label) }).first();
    try {
      await option.waitFor({ state: 'visible', timeout: 8000 });
      await option.click();
    } catch {
      await page.keyboard.press('Escape');
      continue;
    }
    await dropdown.waitFor({ state: 'hidden' }).catch(() => undefined);
    const shown = select.locator('.ant-select-selection-item').filter({ hasText: exact(label) });
    if (await shown.isVisible().catch(() => false)) return;
  }
  throw new Error(`could not pick “${label}”`);
}

/** The label the (single) Select inside `scope` shows. */
export async function selectedLabel(scope: Locator): Promise<string> {
  const item = scope.locator('.ant-select .ant-select-selection-item').first();
  return ((await item.textContent().catch(() => '')) ?? '').trim();
}

// ---------------------------------------------------------------- list page
// The shell keeps every opened menu page alive in its own (hidden) tab, so every locator
// here is scoped to what is visible: harness.ts' resourceTable()/waitForList() take the
// FIRST table in the DOM, which is a hidden tab's once a second page was opened.

const QUERY = /^\s*查\s?询\s*$/;

/** The visible list table. */
export function listTable(page: Page): Locator {
  return page.locator('[data-testid="resource-table"]:visible').first();
}

export function listRows(page: Page): Locator {
  return listTable(page).locator('tbody tr.ant-table-row');
}

export function rowById(page: Page, id: string): Locator {
  return listTable(page).locator(`tr.ant-table-row[data-row-key="${id}"]`);
}

export async function waitForRows(page: Page, timeout = 20_000): Promise<void> {
  const table = listTable(page);
  await table.waitFor({ state: 'visible', timeout });
  await table.locator('tbody tr.ant-table-row, .ant-empty').first().waitFor({ state: 'visible', timeout });
  await table.locator('.ant-spin-spinning').first().waitFor({ state: 'detached', timeout }).catch(() => undefined);
}

/** Opens `group` › `item` from the side menu and waits for the visible list. */
export async function openPage(page: Page, group: string, item: string): Promise<void> {
  await (await revealMenuItem(page, group, item)).click();
  // the list of THIS page (the table card's title is the schema title) is the visible one
  await page.locator('[data-testid="resource-table"]:visible').filter({ hasText: item }).first().waitFor({ timeout: 20_000 });
  await waitForRows(page);
}

/** The visible list's search form: the form holding the 查询 button. */
export function searchForm(page: Page): Locator {
  return page.locator('form:visible').filter({ has: page.locator('button', { hasText: QUERY }) }).first();
}

/** The open (visible) resource form's drawer / modal. */
export async function openForm(page: Page): Promise<Locator> {
  const form = page.locator('[data-testid="resource-form"]:visible').first();
  await form.waitFor({ state: 'visible' });
  const panel = page.locator('.ant-drawer-content:visible, .ant-modal-content:visible').filter({ has: form }).last();
  return (await panel.count()) > 0 ? panel : form;
}

/** Clicks 查询 and waits for the list answer. */
export async function runSearch(page: Page, resourceBase: string): Promise<void> {
  const form = searchForm(page);
  await Promise.all([
    page.waitForResponse((r) => isCall(r.request(), 'GET', `${resourceBase}/list`)),
    form.locator('button', { hasText: QUERY }).click(),
  ]);
  await waitForRows(page);
}

/** Text of one column of the visible top-level rows (by column header title). */
export async function columnTexts(page: Page, title: string): Promise<string[]> {
  const table = listTable(page);
  const headers = await table.locator('thead th').allTextContents();
  const index = headers.findIndex((h) => h.trim() === title);
  if (index < 0) throw new Error(`no column ${title} (headers: ${headers.join('|')})`);
  const rows = listRows(page);
  const n = await rows.count();
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(((await rows.nth(i).locator('td').nth(index).textContent()) ?? '').trim());
  return out;
}

export async function seeMessage(page: Page, text: string | RegExp, timeout = 15_000): Promise<void> {
  await page.locator('.ant-message').getByText(text).first().waitFor({ state: 'visible', timeout });
}

// ---------------------------------------------------------------- request bodies

/**
 * Chromium does not expose the body of the console's fetch calls to playwright
 * (request.postData() is null: ky sends a Request object), so an init script records the
 * bodies of non-GET API calls in the page: `window.__langBodies`.
 */
export const RECORD_BODIES = `(() => {
  const orig = window.fetch;
  window.__langBodies = [];
  window.fetch = function (input, init) {
    try {
      const isReq = typeof Request !== 'undefined' && input instanceof Request;
      const url = isReq ? input.url : String(input);
      const method = (init && init.method) || (isReq ? input.method : 'GET');
      if (method !== 'GET' && url.indexOf('/hospital/') >= 0) {
        const p = init && init.body != null ? Promise.resolve(typeof init.body === 'string' ? init.body : null)
          : isReq ? input.clone().text() : Promise.resolve(null);
        p.then((body) => window.__langBodies.push({ url, method, body }), () => undefined);
      }
    } catch (e) { /* recording only */ }
    return orig.apply(this, arguments);
  };
})();`;

export interface SentBody {
  url: string;
  method: string;
  body: string | null;
}

/** Bodies the page sent to paths ending in `suffix` (decoded JSON). */
export async function sentBodies<T = unknown>(page: Page, suffix: string): Promise<T[]> {
  const all = await page.evaluate(() => (window as unknown as { __langBodies?: SentBody[] }).__langBodies ?? []);
  return all.filter((b) => new URL(b.url).pathname.endsWith(suffix)).map((b) => decodeBody<T>(b.body));
}

// ---------------------------------------------------------------- API

export interface PageResult<T> {
  records: T[];
  total: number;
}
export type Rec = Record<string, unknown> & { id: string };

export class Api {
  constructor(
    private base: string,
    private token: string,
    private tenantId: number,
  ) {}

  call<T = unknown>(path: string, o: { method?: 'GET' | 'POST' | 'PUT' | 'DELETE'; query?: Record<string, string | number>; body?: unknown } = {}) {
    return api<T>(this.base, path, { ...o, token: this.token, tenantId: this.tenantId });
  }

  async list(resource: string, query: Record<string, string | number> = {}): Promise<PageResult<Rec>> {
    const r = await this.call<PageResult<Rec>>(`/${resource}/list`, { query: { pageNo: 1, pageSize: 1000, ...query } });
    if (!r.success) throw new Error(`${resource}/list: ${r.message}`);
    return r.result;
  }

  async byId(resource: string, id: string): Promise<Rec> {
    const r = await this.call<Rec>(`/${resource}/queryById`, { query: { id } });
    if (!r.success) throw new Error(`${resource}/queryById: ${r.message}`);
    return r.result;
  }

  async children(resource: string, pid: string): Promise<Rec[]> {
    const r = await this.call<Rec[] | PageResult<Rec>>(`/${resource}/childList`, { query: { pid } });
    if (!r.success) throw new Error(`${resource}/childList: ${r.message}`);
    return Array.isArray(r.result) ? r.result : r.result.records;
  }
}
