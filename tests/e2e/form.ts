/**
 * Generic-form helpers for browser tests: locate a field of the resource form by its title
 * and fill it according to the module schema's field kind, the way a user would.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { ROOT } from './harness.js';

/** The part of a module schema the tests read (schemas/meta/resource.schema.json is normative). */
export interface TestField {
  key: string;
  title: string;
  kind: string;
  required?: boolean;
  readOnly?: boolean;
  hidden?: boolean;
  createOnly?: boolean;
  form?: false | object;
  default?: unknown;
  visibleWhen?: Record<string, unknown>;
  minLength?: number;
  maxLength?: number;
  min?: number;
  max?: number;
  pattern?: string;
  multiple?: boolean;
  widget?: string;
}
export interface TestSchema {
  name: string;
  title: string;
  entity: string;
  menu?: { group: string; path: string };
  fields: TestField[];
  api?: { base?: string };
}

export function readModule(name: string): TestSchema {
  return JSON.parse(readFileSync(join(ROOT, 'schemas/modules', `${name}.json`), 'utf8')) as TestSchema;
}

/** Fields a user must fill on the create form: required, shown, writable, unconditional, no default. */
export function requiredFormFields(schema: TestSchema): TestField[] {
  return schema.fields.filter(
    (f) => f.required && f.default === undefined && !f.readOnly && !f.hidden && f.form !== false && !f.visibleWhen,
  );
}

// ---------------------------------------------------------------- values

const rnd = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');

/** A valid 18-digit mainland ID number (GB 11643 check digit). */
export function idCardNumber(birth = '19850312'): string {
  const body = `110101${birth}${rnd(3)}`;
  const w = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...body].reduce((s, d, i) => s + Number(d) * w[i]!, 0);
  return body + '10X98765432'[sum % 11]!;
}

/** A valid mainland mobile number, unique enough for one run. */
export function phoneNumber(): string {
  return `138${rnd(8)}`;
}

/** A text value for a string field that fits its limits (and its pattern, when one is declared). */
export function textValue(f: TestField, seed: string): string {
  const max = f.maxLength ?? 32;
  const min = f.minLength ?? 1;
  const candidates = [
    `${seed}`,
    `E2E${rnd(8)}`,
    rnd(Math.max(min, Math.min(max, 15))),
    rnd(Math.max(min, Math.min(max, 18))),
    `${'A'}${rnd(Math.max(min, Math.min(max, 12)) - 1)}`,
  ].map((s) => s.slice(0, max));
  const re = f.pattern ? new RegExp(f.pattern) : null;
  const ok = candidates.find((c) => c.length >= min && (!re || re.test(c)));
  if (!ok) throw new Error(`No test value fits ${f.key} (${f.title}) pattern ${f.pattern}: add one in tests/e2e/form.ts`);
  return ok;
}

/** A valid value for a text-like field, by kind; undefined for choice kinds (first option is picked). */
export function defaultValue(f: TestField, seed: string): string | undefined {
  switch (f.kind) {
    case 'phone':
      return phoneNumber();
    case 'idcard':
      return idCardNumber();
    case 'email':
      return `e2e${rnd(6)}@example.com`;
    case 'url':
      return 'https://example.com/e2e';
    case 'password':
      return `E2e@${rnd(8)}x`;
    case 'string':
    case 'text':
    case 'richtext':
      return textValue(f, seed);
    default:
      return undefined;
  }
}

// ---------------------------------------------------------------- locators

/** The drawer/modal holding the resource form, or the form itself when it carries the panel. */
export async function formPanel(page: Page): Promise<Locator> {
  const form = page.getByTestId('resource-form').first();
  await form.waitFor({ state: 'visible' });
  const panel = page.locator('.ant-drawer-content, .ant-modal-content').filter({ has: form }).last();
  return (await panel.count()) > 0 ? panel : form;
}

/** The form item (Formily or antd) whose label is exactly `title`; innermost when nested. */
export function fieldItem(scope: Locator, title: string): Locator {
  return scope
    .locator('.ant-formily-item, .ant-form-item')
    .filter({ has: scope.page().locator('label, .ant-formily-item-label-content, .ant-form-item-label').getByText(title, { exact: true }) })
    .last();
}

/** The dropdown of one Select (antd links the combobox input to its `<id>_list` listbox). */
async function dropdownOf(page: Page, item: Locator): Promise<Locator> {
  const id = await item.locator('input[role="combobox"]').first().getAttribute('id');
  const open = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden), .ant-cascader-dropdown:not(.ant-select-dropdown-hidden)');
  return id ? open.filter({ has: page.locator(`[id="${id}_list"]`) }) : open.last();
}

async function pickFirstOption(page: Page, item: Locator, multiple: boolean): Promise<void> {
  const radio = item.locator('.ant-radio-wrapper, .ant-checkbox-wrapper');
  if ((await radio.count()) > 0) {
    await radio.first().click();
    return;
  }
  const chosen = item.locator('.ant-select-selection-item').first();
  for (let attempt = 0; attempt < 3; attempt++) {
    await item.locator('.ant-select-selector, .ant-cascader').first().click();
    const dropdown = await dropdownOf(page, item);
    const option = dropdown
      .locator('.ant-select-item-option:not(.ant-select-item-option-disabled), .ant-select-tree-node-content-wrapper, .ant-cascader-menu-item')
      .first();
    await option.waitFor({ state: 'visible' });
    await option.click();
    // A Cascader may need more levels.
    for (let i = 0; i < 3 && (await page.locator('.ant-cascader-dropdown:not(.ant-select-dropdown-hidden)').count()) > 0; i++) {
      await page.locator('.ant-cascader-dropdown:not(.ant-select-dropdown-hidden) .ant-cascader-menu').last().locator('.ant-cascader-menu-item').first().click();
    }
    if (multiple) await page.keyboard.press('Escape');
    await dropdown.waitFor({ state: 'hidden' }).catch(() => undefined);
    if (await chosen.isVisible().catch(() => false)) return;
  }
  throw new Error('no option could be chosen');
}

/** Fills one field of the open form with `value` (text kinds) or the first option (choice kinds). */
export async function fillField(page: Page, scope: Locator, f: TestField, value?: string): Promise<void> {
  const item = fieldItem(scope, f.title);
  await item.waitFor({ state: 'visible' });
  switch (f.kind) {
    case 'dict':
    case 'ref':
    case 'refs':
    case 'treeRef':
    case 'region':
      await pickFirstOption(page, item, f.kind === 'refs' || !!f.multiple);
      return;
    case 'date':
    case 'datetime':
    case 'time': {
      const input = item.locator('input').first();
      await input.click();
      await input.fill(value ?? (f.kind === 'time' ? '09:00:00' : f.kind === 'date' ? '2020-01-01' : '2020-01-01 09:00:00'));
      await input.press('Enter');
      return;
    }
    case 'boolean':
      if (value === 'true') await item.locator('.ant-switch, .ant-checkbox-wrapper').first().click();
      return;
    case 'integer':
    case 'number':
    case 'money':
      await item.locator('input').first().fill(value ?? String(Math.max(f.min ?? 1, 1)));
      return;
    default: {
      const input = item.locator('input:not([type=hidden]):not([type=file]), textarea, [contenteditable=true]').first();
      await input.fill(value ?? defaultValue(f, `E2E${rnd(4)}`) ?? '');
    }
  }
}
