/**
 * The rule catalogue. `fieldRules(field)` is the single source of validation for a field:
 * the Formily projection turns it into `x-validator`, the server validator into ajv checks.
 * Rules are plain data so they cross the wire / JSON unchanged.
 */
import type { FieldSchema } from '../schema/types.js';
import { CHOICE_KINDS, UPLOAD_KINDS } from '../schema/naming.js';
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

export const MESSAGES = {
  phone: '手机号码格式不正确!',
  phoneRequired: '请输入手机号码!',
  idcard: '身份证号码格式不正确!',
  idcardRequired: '请输入身份证号码!',
  url: '请输入以 http:// 或 https:// 开头的网址',
  email: '邮箱格式不正确',
  password: '密码由大写字母、小写字母、数字和特殊符号组成，且不少于10位!',
  date: '请填写有效的日期（YYYY-MM-DD）',
  datetime: '请填写有效的日期时间（YYYY-MM-DD HH:mm:ss）',
  time: '请填写有效的时间（HH:mm:ss）',
} as const;

export function requiredMessage(field: Pick<FieldSchema, 'kind' | 'title'>): string {
  if (field.kind === 'phone') return MESSAGES.phoneRequired;
  if (field.kind === 'idcard') return MESSAGES.idcardRequired;
  if (UPLOAD_KINDS.has(field.kind)) return `请上传${field.title}!`;
  return CHOICE_KINDS.has(field.kind) ? `请选择${field.title}!` : `请输入${field.title}!`;
}

const NUMERIC = new Set(['integer', 'number', 'money']);
const TEXTUAL = new Set(['string', 'text', 'phone', 'idcard', 'url', 'email', 'password', 'richtext', 'color', 'icon']);

/**
 * Rules for one field. `required` is the static flag only; `requiredWhen` is applied by the
 * caller (reaction on the client, condition check on the server) with `requiredMessage`.
 */
export function fieldRules(field: FieldSchema): Rule[] {
  const t = field.title;
  const rules: Rule[] = [];
  if (field.required) rules.push({ type: 'required', message: requiredMessage(field) });
  switch (field.kind) {
    case 'phone': case 'idcard': case 'url': case 'email': case 'password':
    case 'date': case 'datetime': case 'time':
      rules.push({ type: 'format', format: field.kind, message: MESSAGES[field.kind] });
      break;
    case 'integer':
      rules.push({ type: 'integer', message: `${t}必须是整数` });
      break;
    case 'number': case 'money':
      rules.push({ type: 'number', message: `${t}必须是数字` });
      rules.push({ type: 'precision', value: field.precision ?? (field.kind === 'money' ? 2 : 10), message: `${t}最多${field.precision ?? (field.kind === 'money' ? 2 : 10)}位小数` });
      break;
  }
  if (TEXTUAL.has(field.kind)) {
    if (field.minLength !== undefined) rules.push({ type: 'minLength', value: field.minLength, message: `${t}长度不能少于${field.minLength}个字符` });
    if (field.maxLength !== undefined) rules.push({ type: 'maxLength', value: field.maxLength, message: `${t}长度不能超过${field.maxLength}个字符` });
  }
  if (NUMERIC.has(field.kind)) {
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
