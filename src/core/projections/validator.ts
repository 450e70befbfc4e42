/**
 * Server (and client pre-submit) validation. `toJsonSchema` projects the writable fields to a
 * JSON Schema 2020-12 whose keywords come from `fieldRules` (the same rules the Formily form
 * uses); `createValidator` compiles it with ajv and adds what JSON Schema cannot say:
 * stripping of system/readOnly keys, visibleWhen / requiredWhen, defaults, children rows,
 * and Chinese messages `<title>：<rule message>`.
 */
import Ajv2020 from 'ajv/dist/2020.js';
import type { ErrorObject, ValidateFunction } from 'ajv';
import type { FieldSchema, ResourceSchema } from '../schema/types.js';
import type { Registry } from '../schema/registry.js';
import { isMultiValued, isSystemColumn } from '../schema/naming.js';
import { checkFormat, FORMAT_NAMES } from '../validators/formats.js';
import { fieldRules, requiredMessage, type Rule } from '../validators/rules.js';
import { evaluateCondition, isEmptyValue } from '../validators/condition.js';
import { checkDictValue, dictValueMessage, type LiveDictValues } from '../validators/dict.js';

export type ValidatorMode = 'add' | 'edit';
export interface FieldError { field: string; message: string }
export type ValidationResult =
  | { ok: true; value: Record<string, unknown> }
  | { ok: false; errors: FieldError[]; message: string };
/**
 * `live`: the enabled values of each dictionary as the database holds them (the server passes its
 * bus-invalidated dictionary cache, the console the items it loaded); absent, the schema's items.
 */
export type Validator = (input: unknown, live?: LiveDictValues) => ValidationResult;

type JsonSchema = Record<string, unknown>;

/** Fields the client may write in this mode (readOnly never; createOnly only on add). */
export function writableFields(fields: FieldSchema[], mode: ValidatorMode): FieldSchema[] {
  return fields.filter((f) => !f.readOnly && !(mode === 'edit' && f.createOnly));
}

const KIND_TYPE: Partial<Record<FieldSchema['kind'], string>> = { integer: 'integer', number: 'number', money: 'number', boolean: 'boolean', json: '' };

/** JSON Schema of one field, keyword by keyword from its rules. */
export function fieldJsonSchema(f: FieldSchema, registry?: Registry): JsonSchema {
  const type = KIND_TYPE[f.kind] ?? 'string';
  const s: JsonSchema = type ? { type: [type, 'null'] } : {};
  s.title = f.title;
  for (const r of fieldRules(f)) {
    switch (r.type) {
      case 'format': s.format = r.format; break;
      case 'pattern': s.pattern = r.pattern; break;
      case 'minLength': s.minLength = r.value; break;
      case 'maxLength': s.maxLength = r.value; break;
      case 'min': s.minimum = r.value; break;
      case 'max': s.maximum = r.value; break;
      case 'precision': s.precision = r.value; break;
      default: break; // required -> `required`; integer/number -> `type`
    }
  }
  if (f.kind === 'dict' && f.dict && registry?.dicts.has(f.dict)) {
    s.dictValues = { values: registry.dict(f.dict).items.map((i) => i.value), multiple: f.multiple === true };
  }
  return s;
}

/**
 * JSON Schema of a payload. `required` lists the statically required fields (no visibleWhen);
 * conditional requirements are enforced by createValidator. Uses two custom keywords,
 * `precision` (max decimals) and `dictValues`, and the formats phone/idcard/url/email/password.
 */
export function toJsonSchema(schema: ResourceSchema | { name: string; fields: FieldSchema[] }, mode: ValidatorMode, registry?: Registry): JsonSchema {
  const fields = writableFields(schema.fields, mode);
  const properties: Record<string, JsonSchema> = {};
  if (mode === 'edit') properties.id = { type: 'string', minLength: 1, title: '主键' };
  for (const f of fields) properties[f.key] = fieldJsonSchema(f, registry);
  // edit: writeOnly values (passwords) are never sent back, so empty means "keep"
  const required = fields.filter((f) => f.required && !f.visibleWhen && !(mode === 'edit' && f.writeOnly)).map((f) => f.key);
  if (mode === 'edit') required.unshift('id');
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: `${schema.name}:${mode}`,
    type: 'object',
    additionalProperties: false,
    properties,
    required,
  };
}

function decimals(n: number): number {
  const s = String(n);
  if (s.includes('e-')) return Number(s.split('e-')[1]);
  return s.includes('.') ? s.split('.')[1]!.length : 0;
}

let ajv: InstanceType<typeof Ajv2020> | undefined;
function getAjv(): InstanceType<typeof Ajv2020> {
  if (ajv) return ajv;
  // unicodeRegExp false: field patterns behave like the client's `new RegExp(pattern)`
  ajv = new Ajv2020({ strict: true, allErrors: true, allowUnionTypes: true, unicodeRegExp: false });
  for (const name of FORMAT_NAMES) ajv.addFormat(name, { type: 'string', validate: (v: string) => checkFormat(name, v) });
  ajv.addKeyword({ keyword: 'precision', type: 'number', schemaType: 'number', validate: (p: number, v: number) => decimals(v) <= p });
  ajv.addKeyword({
    keyword: 'dictValues', type: 'string', schemaType: 'object',
    validate: (p: { values: string[]; multiple: boolean }, v: string) => (p.multiple ? v.split(',') : [v]).every((x) => p.values.includes(x)),
  });
  return ajv;
}

/** Map one ajv error of a field to the message of the rule behind it. */
function ruleMessage(f: FieldSchema, e: ErrorObject): string {
  const rules = fieldRules(f);
  const find = (t: Rule['type']) => rules.find((r) => r.type === t)?.message;
  switch (e.keyword) {
    case 'format': return find('format') ?? `${f.title}格式不正确`;
    case 'pattern': return find('pattern') ?? `${f.title}格式不正确`;
    case 'minLength': return find('minLength')!;
    case 'maxLength': return find('maxLength')!;
    case 'minimum': return find('min')!;
    case 'maximum': return find('max')!;
    case 'precision': return find('precision')!;
    case 'dictValues': return dictValueMessage(f.title);
    case 'type': return find('integer') ?? find('number') ?? `${f.title}格式不正确`;
    default: return `${f.title}格式不正确`;
  }
}

/** Coerce what forms and query strings send: numeric strings, 'true'/'false', arrays for multi-valued fields. */
function normalize(f: FieldSchema, v: unknown): unknown {
  if (v === undefined || v === null) return v;
  if (typeof v === 'string' && v === '' && f.kind !== 'string' && f.kind !== 'text') return null;
  if ((f.kind === 'integer' || f.kind === 'number' || f.kind === 'money') && typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v.trim())) return Number(v.trim());
  if (f.kind === 'boolean') {
    if (v === 'true' || v === 1 || v === '1') return true;
    if (v === 'false' || v === 0 || v === '0') return false;
  }
  if (isMultiValued(f) && Array.isArray(v)) return v.every((x) => typeof x === 'string' || typeof x === 'number') ? v.join(',') : v;
  if (f.kind === 'string' || f.kind === 'text' || f.kind === 'phone' || f.kind === 'idcard' || f.kind === 'email' || f.kind === 'url') {
    // a value made only of spaces and zero-width characters is empty
    return typeof v === 'string' ? (INVISIBLE_ONLY.test(v) ? '' : v.trim()) : v;
  }
  return v;
}

const INVISIBLE_ONLY = /^[\s\u200B-\u200D\u2060\uFEFF]*$/;
/** Lone surrogates: half of a character that cannot be stored or shown. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** C0 controls and DEL; multi-line kinds keep tab, line feed and carriage return. */
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const CONTROL_OR_BREAK = /[\u0000-\u001F\u007F]/;
const MULTI_LINE = new Set<FieldSchema['kind']>(['text', 'richtext', 'json']);

/** A string value that no field may hold: lone surrogates and control characters. */
function badCharacters(f: FieldSchema, v: unknown): string | undefined {
  if (typeof v !== 'string') return undefined;
  if (LONE_SURROGATE.test(v)) return '包含无效的字符（不完整的 Unicode 字符）';
  if ((MULTI_LINE.has(f.kind) ? CONTROL : CONTROL_OR_BREAK).test(v)) return '包含不允许的控制字符';
  return undefined;
}

/** Message for a value sent for a field that its visibleWhen condition hides. */
export const HIDDEN_FIELD_MESSAGE = '当前条件下不应填写';

interface FieldsValidatorOptions {
  mode: ValidatorMode;
  registry?: Registry;
  /** Keys accepted and passed through unvalidated (children arrays are handled separately). */
  extraKeys?: string[];
  name?: string;
}

/** Validator over a plain field list (module forms, transition/action forms). */
export function createFieldsValidator(fields: FieldSchema[], opts: FieldsValidatorOptions): Validator {
  const { mode, registry } = opts;
  const writable = writableFields(fields, mode);
  const byKey = new Map(fields.map((f) => [f.key, f]));
  const order = new Map(fields.map((f, i) => [f.key, i]));
  // dictionary values are checked below against the live items, not the compiled schema's
  const jsonSchema = toJsonSchema({ name: opts.name ?? 'form', fields }, mode);
  const dictFields = writable.filter((f) => f.kind === 'dict' && f.dict);
  const schemaDictValues = (code: string): string[] | undefined =>
    (registry?.dicts.has(code) ? registry.dict(code).items.map((i) => i.value) : undefined);
  const validate: ValidateFunction = getAjv().compile(jsonSchema);
  const writableKeys = new Set(writable.map((f) => f.key));

  return (input: unknown, live?: LiveDictValues): ValidationResult => {
    const errors: FieldError[] = [];
    if (input === null || typeof input !== 'object' || Array.isArray(input)) {
      return { ok: false, errors: [{ field: '', message: '请求数据格式不正确' }], message: '请求数据格式不正确' };
    }
    const src = input as Record<string, unknown>;
    const value: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(src)) {
      if (k === 'id' && mode === 'edit') { value.id = typeof v === 'number' ? String(v) : v; continue; }
      // system columns, *_dictText echoes and server-managed fields are dropped silently
      if (isSystemColumn(k) || k.endsWith('_dictText')) continue;
      // server decorations echoed back by clients: `_transitions`, tree `hasChild`
      if (k.startsWith('_') || (k === 'hasChild' && !byKey.has(k))) continue;
      const f = byKey.get(k);
      if (f && !writableKeys.has(k)) continue;
      if (opts.extraKeys?.includes(k)) continue;
      if (!f) { errors.push({ field: k, message: `未知字段：${k}` }); continue; }
      const bad = badCharacters(f, v);
      if (bad) { errors.push({ field: k, message: bad }); continue; }
      value[k] = normalize(f, v);
    }
    if (mode === 'add') {
      // defaults also cover server-managed fields (e.g. auditStatus "0")
      for (const f of fields) if (f.default !== undefined && (value[f.key] === undefined) && (!(f.key in src) || !writableKeys.has(f.key))) value[f.key] = structuredClone(f.default);
    }
    if (mode === 'edit') for (const f of writable) if (f.writeOnly && isEmptyValue(value[f.key])) delete value[f.key];
    // visibleWhen false: the field is not on the form, so nothing may be sent for it
    for (const f of writable) {
      if (!f.visibleWhen || evaluateCondition(f.visibleWhen, value)) continue;
      if (f.key in src && !isEmptyValue(value[f.key])) errors.push({ field: f.key, message: HIDDEN_FIELD_MESSAGE });
      delete value[f.key];
    }
    for (const f of writable) {
      if ((!f.required && !f.requiredWhen) || (mode === 'edit' && f.writeOnly)) continue;
      if (f.visibleWhen && !evaluateCondition(f.visibleWhen, value)) continue;
      const need = f.required || evaluateCondition(f.requiredWhen, value);
      if (need && isEmptyValue(value[f.key]) && !(f.required && !f.visibleWhen)) errors.push({ field: f.key, message: requiredMessage(f) });
    }
    // ajv sees empty values as absent so that `required` means "non-empty"
    const probe: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (!isEmptyValue(v)) probe[k] = v;
    if (!validate(probe)) {
      for (const e of validate.errors ?? []) {
        if (e.keyword === 'required') {
          const k = String((e.params as { missingProperty: string }).missingProperty);
          const f = byKey.get(k);
          errors.push({ field: k, message: f ? requiredMessage(f) : '主键不能为空' });
          continue;
        }
        const k = e.instancePath.split('/')[1] ?? '';
        const f = byKey.get(k);
        if (k === 'id') errors.push({ field: 'id', message: '主键格式不正确' });
        else if (f) errors.push({ field: k, message: ruleMessage(f, e) });
      }
    }
    for (const f of dictFields) {
      const v = value[f.key];
      if (isEmptyValue(v) || errors.some((e) => e.field === f.key)) continue;
      const msg = checkDictValue(f, v, live?.(f.dict!) ?? schemaDictValues(f.dict!));
      if (msg) errors.push({ field: f.key, message: msg });
    }
    if (!errors.length) return { ok: true, value };
    // one message per field, in declaration order
    const seen = new Set<string>();
    const uniq = errors.filter((e) => (seen.has(e.field) ? false : (seen.add(e.field), true)));
    uniq.sort((a, b) => (order.get(a.field) ?? (a.field === 'id' ? -1 : 1e9)) - (order.get(b.field) ?? (b.field === 'id' ? -1 : 1e9)));
    const first = uniq[0]!;
    const f = byKey.get(first.field);
    return { ok: false, errors: uniq, message: f ? `${f.title}：${first.message}` : first.message };
  };
}

const cache = new WeakMap<ResourceSchema, Map<string, Validator>>();

/** Validator for `add` / `edit` payloads of a resource, children rows included; cached per schema + mode. */
export function createValidator(schema: ResourceSchema, mode: ValidatorMode, registry?: Registry): Validator {
  let byMode = cache.get(schema);
  if (!byMode) cache.set(schema, (byMode = new Map()));
  const hit = byMode.get(mode);
  if (hit) return hit;
  const children = schema.children ?? [];
  const main = createFieldsValidator(schema.fields, { mode, registry, name: schema.name, extraKeys: children.map((c) => c.key) });
  const rowValidators = new Map<string, Validator>();
  const rowValidator = (c: NonNullable<ResourceSchema['children']>[number], child: ResourceSchema, m: ValidatorMode) => {
    const id = `${c.key}:${m}`;
    let rv = rowValidators.get(id);
    if (!rv) rowValidators.set(id, (rv = createFieldsValidator(child.fields.filter((f) => f.key !== c.foreignKey), { mode: m, registry, name: child.name })));
    return rv;
  };
  const v: Validator = (input, live) => {
    const res = main(input, live);
    if (!children.length || input === null || typeof input !== 'object') return res;
    const src = input as Record<string, unknown>;
    const errors: FieldError[] = res.ok ? [] : [...res.errors];
    const value: Record<string, unknown> = res.ok ? res.value : {};
    for (const c of children) {
      const rows = src[c.key];
      if (rows === undefined || rows === null) {
        // add: the rows must satisfy `min`; edit: absent means "keep the current rows"
        if (mode === 'add' && c.min) errors.push({ field: c.key, message: `${c.title}至少需要${c.min}行` });
        continue;
      }
      if (!Array.isArray(rows)) { errors.push({ field: c.key, message: `${c.title}应为数组` }); continue; }
      if (c.min !== undefined && rows.length < c.min) errors.push({ field: c.key, message: `${c.title}至少需要${c.min}行` });
      if (c.max !== undefined && rows.length > c.max) errors.push({ field: c.key, message: `${c.title}最多${c.max}行` });
      const child = registry?.resources.get(c.resource);
      if (!child) { value[c.key] = rows; continue; }
      const out: unknown[] = [];
      rows.forEach((row, i) => {
        // the parent id is set by the server on save, so it is neither required nor trusted here
        const r = row && typeof row === 'object' ? { ...(row as Record<string, unknown>) } : row;
        const rowMode: ValidatorMode = mode === 'edit' && r && typeof r === 'object' && (r as Record<string, unknown>).id ? 'edit' : 'add';
        if (r && typeof r === 'object') {
          delete (r as Record<string, unknown>)[c.foreignKey];
          if (rowMode === 'add') delete (r as Record<string, unknown>).id;
        }
        const rv = rowValidator(c, child, rowMode)(r, live);
        if (rv.ok) out.push(rv.value);
        else {
          for (const e of rv.errors) {
            const title = child.fields.find((f) => f.key === e.field)?.title;
            errors.push({ field: `${c.key}[${i}].${e.field}`, message: `${c.title}第${i + 1}行：${title ? `${title}：` : ''}${e.message}` });
          }
        }
      });
      value[c.key] = out;
    }
    if (!errors.length) return { ok: true, value };
    const first = errors[0]!;
    const fm = schema.fields.find((f) => f.key === first.field);
    return { ok: false, errors, message: res.ok || !fm ? first.message : res.message };
  };
  byMode.set(mode, v);
  return v;
}
