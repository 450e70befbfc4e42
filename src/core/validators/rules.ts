/**
 * The rule catalogue. `fieldRules(field)` is the single source of validation for a field:
 * the Formily projection turns it into `x-validator`, the server validator into ajv checks.
 * Rules are plain data so they cross the wire / JSON unchanged.
 */
import type { FieldSchema } from '../schema/types.js';
import { KINDS } from '../kinds/index.js';
import { MESSAGES } from './messages.js';
import { checkFormat, type FormatName } from './formats.js';

export type Rule =
  | { type: 'required'; message: string }
  | { type: 'format'; format: FormatName; message: string }
  | { type: 'pattern'; pattern: string; message: string }
  | { type: 'minLength'; value: number; message: string }
  | { type: 'maxLength'; value: number; message: string }
  | { type: 'min'; value: number; message: string }
  | { type: 'max'; value: number; message: string }
  | { type: 'integer'; message: string }
  | { type: 'number'; message: string }
  | { type: 'precision'; value: number; message: string };

export { MESSAGES } from './messages.js';

export function requiredMessage(field: Pick<FieldSchema, 'kind' | 'title'>): string {
  const k = KINDS[field.kind];
  if (k.requiredMessage) return k.requiredMessage;
  return k.input === 'upload' ? `请上传${field.title}!` : k.input === 'choose' ? `请选择${field.title}!` : `请输入${field.title}!`;
}


/**
 * Rules for one field. `required` is the static flag only; `requiredWhen` is applied by the
 * caller (reaction on the client, condition check on the server) with `requiredMessage`.
 */
export function fieldRules(field: FieldSchema): Rule[] {
  const t = field.title;
  const rules: Rule[] = [];
  if (field.required) rules.push({ type: 'required', message: requiredMessage(field) });
  const k = KINDS[field.kind];
  if (k.format) rules.push({ type: 'format', format: k.format, message: MESSAGES[k.format] });
  if (k.numeric === 'integer') rules.push({ type: 'integer', message: `${t}必须是整数` });
  if (k.numeric === 'decimal') {
    const digits = field.precision ?? k.precision ?? 10;
    rules.push({ type: 'number', message: `${t}必须是数字` });
    rules.push({ type: 'precision', value: digits, message: `${t}最多${digits}位小数` });
  }
  if (k.text) {
    if (field.minLength !== undefined) rules.push({ type: 'minLength', value: field.minLength, message: `${t}长度不能少于${field.minLength}个字符` });
    if (field.maxLength !== undefined) rules.push({ type: 'maxLength', value: field.maxLength, message: `${t}长度不能超过${field.maxLength}个字符` });
  }
  if (k.numeric) {
    if (field.min !== undefined) rules.push({ type: 'min', value: field.min, message: `${t}不能小于${field.min}` });
    if (field.max !== undefined) rules.push({ type: 'max', value: field.max, message: `${t}不能大于${field.max}` });
  }
  if (field.pattern !== undefined) rules.push({ type: 'pattern', pattern: field.pattern, message: field.patternMessage ?? `${t}格式不正确` });
  return rules;
}

function decimals(n: number): number {
  const s = String(n);
  if (s.includes('e-')) return Number(s.split('e-')[1]);
  return s.includes('.') ? s.split('.')[1]!.length : 0;
}

/**
 * Check one non-empty value against one rule (required is handled by the caller).
 * Returns the message on failure, undefined when it passes. Numeric rules accept numeric strings.
 */
export function checkRule(rule: Rule, value: unknown): string | undefined {
  const num = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  switch (rule.type) {
    case 'required': return undefined;
    case 'format': return typeof value === 'string' && checkFormat(rule.format, value) ? undefined : rule.message;
    case 'pattern': return new RegExp(rule.pattern).test(String(value)) ? undefined : rule.message;
    case 'minLength': return String(value).length >= rule.value ? undefined : rule.message;
    case 'maxLength': return String(value).length <= rule.value ? undefined : rule.message;
    case 'min': return Number.isFinite(num) && num < rule.value ? rule.message : undefined;
    case 'max': return Number.isFinite(num) && num > rule.value ? rule.message : undefined;
    case 'integer': return Number.isInteger(num) ? undefined : rule.message;
    case 'number': return Number.isFinite(num) ? undefined : rule.message;
    case 'precision': return Number.isFinite(num) && decimals(num) > rule.value ? rule.message : undefined;
  }
}

/**
 * Formily rule override for `format` (register with `registerValidateRules({ format: formatRule })`)
 * so idcard gets the check digit; other format names fall back to the regex table.
 */
export function formatRule(value: unknown, rule: { format?: string; message?: string }): string {
  if (value === undefined || value === null || value === '' || !rule.format) return '';
  const f = rule.format as FormatName;
  if (!['phone', 'idcard', 'url', 'email', 'password'].includes(f)) return '';
  return checkFormat(f, String(value)) ? '' : rule.message ?? '格式不正确';
}
