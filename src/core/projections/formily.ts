/**
 * Formily JSON schema (ISchema) of a resource form for create / edit / detail.
 *
 * Components are @formily/antd-v5 names plus custom ones the client registers by name:
 *   RefSelect {source, field, resource, label, value, multiple, filter}   TreeRefSelect {source, field, resource, label, value}
 *     (`source` + `field` name the relation for the server's GET /sys/ref/options; the client
 *     never asks the target's own list for options)
 *   DictSelect {dict, multiple, widget}  (draws the leading 请选择 option)
 *   ImageUpload {multiple}  FileUpload  RichText  RegionCascader {source, field}  ColorInput  IconInput  JsonInput
 *   MaskedText {kind}  (detail view of sensitive fields)   Card (antd Card as a section decorator)
 * Validation (`x-validator`) is plain data from `fieldRules`:
 *   {required, message} | {pattern, message} | {format, message} | {minLength|maxLength|minimum|maximum, message}
 *   | {integer: true, message} | {precision: n, message}
 * Format names `phone`, `idcard`, `url`, `email`, `password`: the client registers
 * `registerValidateFormats(VALIDATE_FORMATS)` and, for the ID-card check digit,
 * `registerValidateRules({ format: formatRule, integer: ..., precision: ... })` (validators/).
 * Reactions use one scope function, `$cond` = evaluateCondition: the client passes
 * `scope={{ $cond: evaluateCondition }}` to SchemaField.
 */
import type { Condition, FieldSchema, ResourceSchema } from '../schema/types.js';
import type { Registry } from '../schema/registry.js';
import { isMultiValued } from '../schema/naming.js';
import { fieldRules, requiredMessage } from '../validators/rules.js';
import { KINDS } from '../kinds/index.js';
import { FORM_LABEL_LAYOUT } from './form-layout.js';

export { FORM_LABEL_LAYOUT };

export type FormMode = 'create' | 'edit' | 'detail';
export type ISchemaLike = Record<string, unknown>;
/** Name of the scope function the reactions call. */
export const COND_SCOPE = '$cond';

interface ComponentSpec { component: string; props?: Record<string, unknown>; type: string }

/** The field's widget: its kind's (src/core/kinds). */
function component(f: FieldSchema, source: string, registry?: Registry): ComponentSpec {
  return KINDS[f.kind].widget(f, { source, registry });
}

/** x-validator of a field as plain data (Formily rule descriptions). */
export function toFormilyValidator(f: FieldSchema, opts: { requiredWhen?: boolean; optional?: boolean } = {}): Array<Record<string, unknown>> {
  const out: Array<Record<string, unknown>> = [];
  for (const r of fieldRules(f)) {
    switch (r.type) {
      case 'required': if (!opts.optional) out.push({ required: true, message: r.message }); break;
      case 'format': out.push({ format: r.format, message: r.message }); break;
      case 'pattern': out.push({ pattern: r.pattern, message: r.message }); break;
      case 'minLength': out.push({ minLength: r.value, message: r.message }); break;
      case 'maxLength': out.push({ maxLength: r.value, message: r.message }); break;
      case 'min': out.push({ minimum: r.value, message: r.message }); break;
      case 'max': out.push({ maximum: r.value, message: r.message }); break;
      case 'integer': out.push({ integer: true, message: r.message }); break;
      case 'precision': if (f.kind === 'money' || f.precision !== undefined) out.push({ precision: r.value, message: r.message }); break;
      case 'number': break; // NumberPicker only yields numbers
    }
  }
  // requiredWhen: a dormant required rule carrying the message; the reaction flips `required`
  // (Formily's setValidatorRule keeps the message of an existing rule)
  if (opts.requiredWhen && !out.some((d) => d.required)) out.unshift({ required: false, message: requiredMessage(f) });
  return out;
}

const expr = (c: Condition) => `{{ ${COND_SCOPE}(${JSON.stringify(c)}, $form.values) }}`;

function reactions(f: FieldSchema, mode: FormMode): ISchemaLike[] {
  const out: ISchemaLike[] = [];
  const add = (c: Condition | undefined, state: string) => {
    if (!c) return;
    out.push({ dependencies: Object.keys(c), fulfill: { state: { [state]: expr(c) } } });
  };
  add(f.visibleWhen, 'visible');
  if (mode !== 'detail') {
    add(f.requiredWhen, 'required');
    add(f.disabledWhen, 'disabled');
  }
  return out;
}

/** Is the field on the form in this mode? */
export function inForm(f: FieldSchema, mode: FormMode): boolean {
  if (f.hidden) return false;
  if (mode === 'detail') return f.detail !== false && !f.writeOnly;
  if (f.form === false) return false;
  if (mode === 'create') return !f.readOnly;
  return !f.createOnly;
}

function fieldNode(f: FieldSchema, source: string, mode: FormMode, columns: number, registry?: Registry): ISchemaLike {
  const c = { ...component(f, source, registry) };
  const opts = f.form && typeof f.form === 'object' ? f.form : {};
  const props: Record<string, unknown> = { ...(c.props ?? {}) };
  // `suggestions`: free text with the declared values offered
  if (f.suggestions?.length && mode !== 'detail') {
    c.component = 'SuggestInput';
    props.options = f.suggestions.map((x) => ({ value: x.value, label: x.label }));
  }
  if (opts.placeholder) props.placeholder = opts.placeholder;
  else if (mode !== 'detail' && !props.placeholder && !KINDS[f.kind].noPlaceholder) {
    props.placeholder = requiredMessage({ kind: f.kind, title: f.title }).replace(/!$/, '');
  }
  const decoratorProps: Record<string, unknown> = { gridSpan: Math.min(opts.span ?? (KINDS[f.kind].wide ? columns : 1), columns) };
  if (opts.help) decoratorProps.extra = opts.help;
  const node: ISchemaLike = {
    type: c.type,
    title: f.title,
    'x-decorator': 'FormItem',
    'x-decorator-props': decoratorProps,
    'x-component': c.component,
    'x-component-props': props,
  };
  if (mode === 'detail') {
    node['x-pattern'] = 'readPretty';
    if (f.sensitive === 'mask') { node['x-component'] = 'MaskedText'; node['x-component-props'] = { kind: f.kind }; }
  } else {
    // edit: a writeOnly value is never sent back, so an empty one means "unchanged"
    const optional = mode === 'edit' && f.writeOnly === true;
    const validator = toFormilyValidator(f, { requiredWhen: !!f.requiredWhen && !optional, optional });
    if (validator.length) node['x-validator'] = validator;
    if (mode === 'edit' && f.readOnly) node['x-pattern'] = 'readPretty';
    if (mode === 'create' && f.default !== undefined) node.default = f.default;
  }
  const r = reactions(f, mode);
  if (r.length) node['x-reactions'] = r;
  if (isMultiValued(f)) node['x-data'] = { multiValued: true };
  return node;
}

/**
 * The declared sections with the given fields placed in them; fields no section names go to a
 * last section 其他信息 (untitled when the schema declares no sections).
 */
export function placeInSections(schema: ResourceSchema, fields: FieldSchema[]): Array<{ title?: string; keys: string[] }> {
  const keys = new Set(fields.map((f) => f.key));
  const declared = schema.form?.sections ?? [];
  const sections: Array<{ title?: string; keys: string[] }> = declared.map((s) => ({ title: s.title, keys: s.fields.filter((k) => keys.has(k)) }));
  const placed = new Set(sections.flatMap((s) => s.keys));
  const rest = fields.map((f) => f.key).filter((k) => !placed.has(k));
  if (rest.length) sections.push(declared.length ? { title: '其他信息', keys: rest } : { keys: rest });
  return sections;
}

/** Form schema: FormLayout > one Card + FormGrid per section (or one grid without sections). */
export function toFormilySchema(schema: ResourceSchema, mode: FormMode, registry?: Registry): ISchemaLike {
  const columns = schema.form?.columns ?? 1;
  const fields = schema.fields.filter((f) => inForm(f, mode));
  const byKey = new Map(fields.map((f) => [f.key, f]));
  const sections = placeInSections(schema, fields);

  const layoutProps = { ...FORM_LABEL_LAYOUT };
  const sectionNodes: Record<string, ISchemaLike> = {};
  sections.forEach((s, i) => {
    if (!s.keys.length) return;
    const props: Record<string, ISchemaLike> = {};
    s.keys.forEach((k, j) => { props[k] = { ...fieldNode(byKey.get(k)!, schema.name, mode, columns, registry), 'x-index': j }; });
    const grid: ISchemaLike = {
      type: 'void',
      'x-component': 'FormGrid',
      'x-component-props': { maxColumns: columns, minColumns: 1, columnGap: 24 },
      properties: props,
    };
    sectionNodes[`section${i}`] = s.title
      ? { ...grid, 'x-decorator': 'Card', 'x-decorator-props': { title: s.title, size: 'small', bordered: false }, 'x-index': i }
      : { ...grid, 'x-index': i };
  });
  return {
    type: 'object',
    properties: {
      layout: { type: 'void', 'x-component': 'FormLayout', 'x-component-props': layoutProps, properties: sectionNodes },
    },
  };
}

/** Initial values for a create form (defaults of the fields on it). */
export function formDefaults(schema: ResourceSchema): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of schema.fields) if (inForm(f, 'create') && f.default !== undefined) out[f.key] = structuredClone(f.default);
  return out;
}

/**
 * Transition / action form (e.g. 驳回原因) as a one-column Formily schema. `source` is the
 * resource the form belongs to (relation fields name it for /sys/ref/options).
 */
export function toFormilyFieldsSchema(fields: FieldSchema[], registry?: Registry, source = 'form'): ISchemaLike {
  return toFormilySchema({ schemaVersion: 1, name: source, title: '', entity: '', fields }, 'create', registry);
}
