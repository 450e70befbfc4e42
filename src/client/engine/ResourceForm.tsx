/**
 * Create / edit / detail form of a resource (its own lazy chunk: Formily is
 * only downloaded when a form first opens).
 *
 * - Container per `form.open`: drawer (default) or modal; `page` falls back to
 *   a drawer. Title 新增<entity> / 编辑<entity> / <entity>详情, buttons 取消 / 确定.
 * - Edit and detail load `queryById` first (spinner; stale loads aborted).
 * - Detail is a description list (ResourceDetail), not a form: buttons 关闭, and 编辑 when the
 *   caller may edit the record in its state (it turns the same drawer into the edit form).
 * - Validation: Formily rules projected from core (`toFormilySchema`), core
 *   format rule, zh-CN messages, `$cond` reactions, debounced duplicate check.
 * - Submit: POST add / PUT edit without `<key>_dictText` keys; success shows
 *   添加成功！/ 编辑成功！, closes and reloads the list; a validation failure
 *   from the server puts each `result.errors[i]` under its field and warns
 *   with the server message. The form keeps what the user typed.
 */
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Drawer, Modal, Space, Spin } from 'antd';
import { createForm, onFieldInit, onFieldInputValueChange, type Field, type Form as FormilyForm } from '@formily/core';
import { FormProvider } from '@formily/react';
import { feedback } from '../api';
import type { FieldSchema, ResourceSchema } from '../../core/schema/types';
import { inForm, toFormilySchema, type ISchemaLike } from '../../core/projections/formily';
import { checkDictValue, checkFormat, evaluateCondition, fieldRules, type FormatName } from '../../core/validators';
import { useAccess, type Allowed } from '../state/permissions';
import { addRow, dictItems, editRow, fetchById, isAbort, type Row } from './api';
import { formTitle, type FormMode, type ResourceFormProps } from './formTypes';
import { duplicateValidator, ruleValidator } from './validation';
import { EngineFormContext } from './fields/formily';
import { SchemaField } from './formRuntime';
import { jsonError } from './fields/simple';
import { loadResourceSchema } from './schemas';
import { MergeDialog, type MergeChoice, type MergeConflict } from './MergeDialog';
import { parseChildError, SubTable, type SubTableHandle } from './SubTable';
import { ResourceDetail } from './ResourceDetail';
import { editableInState } from '../../core/projections/access';

/** The detail view's data log (its own chunk: loaded when a detail opens). */
const AuditTimeline = lazy(() => import('./widgets/AuditTimeline'));

export const FORM_TEXTS = {
  ok: '确定',
  close: '关闭',
  edit: '编辑',
  cancel: '取消',
  added: '添加成功！',
  edited: '编辑成功！',
  loadFailed: '数据加载失败',
} as const;

/** Removes `<key>_dictText` companions (display only, never sent back). */
export function stripDictText(row: Row): Row {
  const out: Row = {};
  for (const [k, v] of Object.entries(row)) if (!k.endsWith('_dictText')) out[k] = v;
  return out;
}

interface ServerFieldError { field: string; message: string }

function serverErrors(result: unknown): ServerFieldError[] {
  const errors = (result as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(errors)) return [];
  return errors.filter((e): e is ServerFieldError =>
    !!e && typeof e === 'object' && typeof (e as ServerFieldError).field === 'string' && typeof (e as ServerFieldError).message === 'string');
}

/** Puts server messages under their fields (EffectError feedback; cleared on the next input). */
export function applyServerErrors(form: FormilyForm, errors: ServerFieldError[]): void {
  for (const e of errors) {
    const field = form.query(e.field).take() as Field | undefined;
    if (field && 'setSelfErrors' in field) field.setSelfErrors([e.message]);
  }
}

function clearServerErrors(form: FormilyForm): void {
  form.query('*').forEach((f) => {
    if ('setSelfErrors' in f && (f as Field).selfErrors.length) (f as Field).setSelfErrors([]);
  });
}

/**
 * The request body: declared fields only (the server rejects unknown keys and
 * ignores system / read-only ones), never `_dictText`; on edit a cleared field
 * goes out as null so the server clears it too.
 */
export function formBody(schema: ResourceSchema, mode: 'create' | 'edit', values: Row, id?: string, allowed?: Allowed): Row {
  const body: Row = {};
  for (const f of schema.fields) {
    if (!inForm(f, mode) || f.readOnly) continue;
    // a field the user may not see or edit is left to the server as it is
    if (allowed && !fieldAccess(schema, f, allowed).edit) continue;
    // a field its condition hides is not on the form: nothing is sent for it (edit: cleared)
    if (f.visibleWhen && !evaluateCondition(f.visibleWhen, values)) {
      if (mode === 'edit' && !f.writeOnly) body[f.key] = null;
      continue;
    }
    const v = values[f.key];
    if (v !== undefined) body[f.key] = v;
    else if (mode === 'edit' && !f.writeOnly) body[f.key] = null;
  }
  if (mode === 'edit' && id !== undefined) body.id = id;
  // the version this form loaded: the server refuses the save (409) if the row moved since
  if (mode === 'edit' && values.version !== undefined) body.version = values.version;
  return body;
}

/** The format rule of a field (phone, ID card, dates …) with its message, if it has one. */
function fieldFormat(f: FieldSchema): { name: FormatName; message: string } | undefined {
  const r = fieldRules(f).find((x) => x.type === 'format');
  return r && r.type === 'format' ? { name: r.format, message: r.message } : undefined;
}

/** Field permission by the one access rule: hidden without view, read-only without edit. */
export function fieldAccess(schema: ResourceSchema, f: FieldSchema, allowed: Allowed): { view: boolean; edit: boolean } {
  return { view: allowed(schema, { action: 'view', field: f.key }), edit: allowed(schema, { action: 'edit', field: f.key }) };
}

/** The projected Formily schema with field permissions applied (removed / readPretty). */
export function applyFieldAccess(node: ISchemaLike, schema: ResourceSchema, allowed: Allowed): ISchemaLike {
  const props = node.properties as Record<string, ISchemaLike> | undefined;
  if (!props) return node;
  const out: Record<string, ISchemaLike> = {};
  for (const [k, child] of Object.entries(props)) {
    const f = schema.fields.find((x) => x.key === k);
    if (f && child['x-decorator'] === 'FormItem') {
      const access = fieldAccess(schema, f, allowed);
      if (!access.view) continue;
      out[k] = access.edit ? child : { ...child, 'x-pattern': 'readPretty', 'x-validator': undefined };
    } else {
      out[k] = applyFieldAccess(child, schema, allowed);
    }
  }
  return { ...node, properties: out };
}

type Load = { status: 'loading' } | { status: 'ready'; record: Row | null } | { status: 'error'; message: string };

export default function ResourceForm({ schema, target, onClose, onSaved }: ResourceFormProps) {
  // Keep the last target while the container animates out.
  const [shown, setShown] = useState(target);
  useEffect(() => {
    if (target) setShown(target);
  }, [target]);
  const open = !!target;
  // 编辑 in a detail view turns this opening into the edit form (a new opening starts over)
  const [editing, setEditing] = useState(false);
  useEffect(() => setEditing(false), [target]);
  const mode: FormMode = shown?.mode === 'detail' && editing ? 'edit' : shown?.mode ?? 'create';
  const id = shown?.id;
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const allowed = useAccess();
  const formilySchema = useMemo(() => applyFieldAccess(toFormilySchema(schema, mode), schema, allowed), [schema, mode, allowed]);
  // master-detail: the child schemas are needed before the form shows
  const [children, setChildren] = useState<Array<{ spec: NonNullable<ResourceSchema['children']>[number]; schema: ResourceSchema }> | null>(
    () => (schema.children?.length ? null : []),
  );
  const subTables = useRef(new Map<string, SubTableHandle>());
  useEffect(() => {
    if (!schema.children?.length) return undefined;
    let alive = true;
    Promise.all(schema.children.map((c) => loadResourceSchema(c.resource).then((s) => (s ? { spec: c, schema: s } : null)))).then(
      (list) => alive && setChildren(list.filter((x): x is NonNullable<typeof x> => !!x)),
      () => alive && setChildren([]),
    );
    return () => {
      alive = false;
    };
  }, [schema]);
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState<MergeConflict | null>(null);
  /** The stored record this form's values are based on: the loaded one, then the latest after a merge. */
  const baseRef = useRef<Row | null>(null);
  const dataId = useRef<string | undefined>(undefined);
  dataId.current = mode === 'edit' ? id : undefined;

  // Row of edit/detail: queryById (never the masked list row).
  useEffect(() => {
    if (!target) return undefined;
    if (target.mode === 'create' || !target.id) {
      setLoad({ status: 'ready', record: null });
      return undefined;
    }
    const ctl = new AbortController();
    setLoad({ status: 'loading' });
    fetchById(schema, target.id, ctl.signal).then(
      (res) => {
        if (ctl.signal.aborted) return;
        if (res.success && res.result) setLoad({ status: 'ready', record: res.result });
        else {
          setLoad({ status: 'error', message: res.message || FORM_TEXTS.loadFailed });
          void feedback.message.warning(res.message || FORM_TEXTS.loadFailed);
        }
      },
      (err: unknown) => {
        if (ctl.signal.aborted || isAbort(err)) return;
        setLoad({ status: 'error', message: err instanceof Error ? err.message : FORM_TEXTS.loadFailed });
      },
    );
    return () => ctl.abort();
  }, [schema, target]);

  const record = load.status === 'ready' ? load.record : null;
  useEffect(() => {
    baseRef.current = record;
  }, [record]);
  const form = useMemo(() => {
    if (load.status !== 'ready' || !children || mode === 'detail') return null;
    return createForm({
      validateFirst: true,
      initialValues: record ? stripDictText(record) : {},
      effects() {
        // a masked value (138****1234) loaded from the server and sent back unchanged keeps the
        // stored value: its format is checked only once the user types a new one
        for (const f of schema.fields) {
          if (f.sensitive !== 'mask' || mode !== 'edit') continue;
          onFieldInit(f.key, (field) => {
            const loaded = (field as Field).initialValue;
            const base = (field as Field).validator;
            const list = (base === undefined ? [] : Array.isArray(base) ? base : [base]).filter(
              (r) => !(typeof r === 'object' && r !== null && 'format' in r),
            );
            const format = fieldFormat(f);
            (field as Field).setValidator([
              ...list,
              { validator: (v: unknown) => (v === loaded || v === '' || v == null || !format || checkFormat(format.name, String(v)) ? '' : format.message) },
            ]);
          });
        }
        for (const f of schema.fields) {
          if (!f.unique) continue;
          const check = duplicateValidator(schema.name, f.key, () => dataId.current);
          onFieldInit(f.key, (field) => {
            const base = (field as Field).validator;
            const list = base === undefined ? [] : Array.isArray(base) ? base : [base];
            (field as Field).setValidator([...list, { triggerType: 'onInput', validator: check }]);
          });
        }
        for (const f of schema.fields) {
          if (f.kind !== 'json') continue;
          onFieldInit(f.key, (field) => {
            const base = (field as Field).validator;
            const list = base === undefined ? [] : Array.isArray(base) ? base : [base];
            (field as Field).setValidator([...list, { validator: (v: unknown) => jsonError(v) }]);
          });
        }
        // dict values: the core rule the server applies, over the enabled items the console loaded
        for (const f of schema.fields) {
          if (f.kind !== 'dict' || !f.dict) continue;
          const code = f.dict;
          onFieldInit(f.key, (field) => {
            const base = (field as Field).validator;
            const list = base === undefined ? [] : Array.isArray(base) ? base : [base];
            const check = async (v: unknown) => {
              const items = await dictItems(code);
              return checkDictValue(f, v, items.length ? items.map((i) => String(i.value)) : undefined);
            };
            (field as Field).setValidator([...list, { validator: check }]);
          });
        }
        for (const f of schema.fields) {
          if (!f.rule) continue;
          const check = ruleValidator(f.rule);
          onFieldInit(f.key, (field) => {
            const base = (field as Field).validator;
            const list = base === undefined ? [] : Array.isArray(base) ? base : [base];
            (field as Field).setValidator([...list, { triggerType: 'onInput', validator: check }]);
          });
        }
        // A server error under a field goes away when the user edits that field.
        onFieldInputValueChange('*', (field) => {
          if (field.selfErrors.length) field.setSelfErrors([]);
        });
      },
    });
    // shown: a new opening gets a fresh form
  }, [load, mode, schema, shown, children]);

  const submit = async () => {
    if (!form || saving) return;
    clearServerErrors(form);
    let valid = true;
    try {
      await form.validate();
    } catch {
      valid = false; // messages are under the fields
    }
    for (const h of subTables.current.values()) if (!h.validate()) valid = false;
    if (!valid) return;
    if (mode === 'detail') return;
    const body = formBody(schema, mode, stripDictText({ ...(form.values as Row) }), id, allowed);
    for (const c of children ?? []) {
      const h = subTables.current.get(c.spec.key);
      if (h) body[c.spec.key] = h.rows();
    }
    await save(body);
  };

  const save = async (body: Row) => {
    if (!form) return;
    setSaving(true);
    try {
      const res = mode === 'edit' ? await editRow(schema, body) : await addRow(schema, body);
      const current = (res.result as { current?: Row } | null)?.current;
      if (res.success) {
        void feedback.message.success(mode === 'edit' ? FORM_TEXTS.edited : FORM_TEXTS.added);
        onSaved();
      } else if (mode === 'edit' && res.code === 409 && current) {
        // someone saved this record after the form loaded it: let the user merge
        setConflict({ base: baseRef.current ?? {}, latest: current, mine: body });
      } else {
        const errs = serverErrors(res.result);
        applyServerErrors(form, errs);
        const perChild = new Map<string, Array<{ index: number; field: string; message: string }>>();
        for (const e of errs) {
          const p = parseChildError(e.field);
          if (p && subTables.current.has(p.key)) perChild.set(p.key, [...(perChild.get(p.key) ?? []), { index: p.index, field: p.field, message: e.message }]);
        }
        for (const [k, list] of perChild) subTables.current.get(k)!.setServerErrors(list);
        void feedback.message.warning(res.message);
      }
    } catch {
      // HTTP failures were already shown by the request layer; the form stays as typed.
    } finally {
      setSaving(false);
    }
  };

  const resolveConflict = (choice: MergeChoice) => {
    const c = conflict;
    setConflict(null);
    if (!c || !form) return;
    baseRef.current = c.latest;
    if (choice.kind === 'keepMine') {
      void save({ ...c.mine, version: c.latest.version });
      return;
    }
    // the merged values go back into the form for review; the next save is against the latest version
    form.setValues({ ...choice.values, version: c.latest.version });
  };

  const title = formTitle(schema, mode);
  const mayEdit = !!record && allowed(schema, { action: 'edit' }) && editableInState(schema, record);
  const footer = mode === 'detail' ? (
    <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
      <Button onClick={onClose}>{FORM_TEXTS.close}</Button>
      {mayEdit && <Button type="primary" onClick={() => setEditing(true)}>{FORM_TEXTS.edit}</Button>}
    </Space>
  ) : (
    <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
      <Button onClick={onClose}>{FORM_TEXTS.cancel}</Button>
      <Button type="primary" loading={saving} disabled={!form} onClick={submit}>
        {FORM_TEXTS.ok}
      </Button>
    </Space>
  );

  const detail = mode === 'detail' && load.status === 'ready' && record && children;
  const body = load.status === 'error'
    ? <Alert type="warning" showIcon message={load.message} />
    : detail
      ? (
        <>
          <ResourceDetail schema={schema} record={record} allowed={allowed} />
          {children.map((c) => (
            <SubTable key={c.spec.key} child={c.spec} schema={c.schema} readOnly
              initial={Array.isArray(record[c.spec.key]) ? (record[c.spec.key] as Row[]) : []} />
          ))}
        </>
      )
    : !form
      ? <div style={{ padding: 48, textAlign: 'center' }}><Spin /></div>
      : (
        <EngineFormContext.Provider value={{ schema, record }}>
          <FormProvider form={form}>
            <SchemaField schema={formilySchema} />
          </FormProvider>
          {(children ?? []).map((c) => (
            <SubTable
              key={c.spec.key}
              ref={(h) => {
                if (h) subTables.current.set(c.spec.key, h);
                else subTables.current.delete(c.spec.key);
              }}
              child={c.spec}
              schema={c.schema}
              readOnly={mode === 'detail'}
              initial={Array.isArray(record?.[c.spec.key]) ? (record![c.spec.key] as Row[]) : []}
            />
          ))}
          <MergeDialog conflict={conflict} fields={schema.fields} onChoose={resolveConflict} onCancel={() => setConflict(null)} />
          {mode === 'detail' && record?.id !== undefined && (
            <Suspense fallback={null}>
              <div style={{ marginTop: 24 }}><AuditTimeline schema={schema} row={record as Row} /></div>
            </Suspense>
          )}
        </EngineFormContext.Provider>
      );

  const width = schema.form?.width ?? ((schema.form?.columns ?? 1) > 1 || schema.children?.length ? 900 : 640);
  if (schema.form?.open === 'modal') {
    return (
      <Modal
        data-testid="resource-form"
        open={open}
        title={title}
        width={width}
        onCancel={onClose}
        footer={footer}
        destroyOnHidden
        maskClosable={false}
        afterOpenChange={(o) => !o && setShown(null)}
      >
        {shown && body}
      </Modal>
    );
  }
  return (
    <Drawer
      data-testid="resource-form"
      open={open}
      title={title}
      width={width}
      onClose={onClose}
      footer={footer}
      destroyOnHidden
      maskClosable={false}
      afterOpenChange={(o) => !o && setShown(null)}
    >
      {shown && body}
    </Drawer>
  );
}
