/**
 * Create / edit / detail form of a resource (its own lazy chunk: Formily is
 * only downloaded when a form first opens).
 *
 * - Container per `form.open`: drawer (default) or modal; `page` falls back to
 *   a drawer. Title 新增<entity> / 编辑<entity> / <entity>详情, buttons 取消 / 确定.
 * - Edit and detail load `queryById` first (spinner; stale loads aborted);
 *   detail is readPretty.
 * - Validation: Formily rules projected from core (`toFormilySchema`), core
 *   format rule, zh-CN messages, `$cond` reactions, debounced duplicate check.
 * - Submit: POST add / PUT edit without `<key>_dictText` keys; success shows
 *   添加成功！/ 编辑成功！, closes and reloads the list; a validation failure
 *   from the server puts each `result.errors[i]` under its field and warns
 *   with the server message. The form keeps what the user typed.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Drawer, Modal, Space, Spin } from 'antd';
import { createForm, onFieldInit, onFieldInputValueChange, type Field, type Form as FormilyForm } from '@formily/core';
import { createSchemaField, FormProvider } from '@formily/react';
import {
  Checkbox, DatePicker, FormCollapse, FormGrid, FormItem, FormLayout, FormTab, Input, NumberPicker, Password,
  PreviewText, Radio, Select, Space as FSpace, Switch, TimePicker, TreeSelect, Cascader,
} from '@formily/antd-v5';
import { feedback } from '../api';
import type { ResourceSchema } from '../../core/schema/types';
import { evaluateCondition } from '../../core/validators/condition';
import { inForm, toFormilySchema } from '../../core/projections/formily';
import { addRow, editRow, fetchById, isAbort, type Row } from './api';
import { formTitle, type FormMode, type ResourceFormProps } from './formTypes';
import { duplicateValidator, installValidation } from './validation';
import {
  EngineFormContext, FormColorInput, FormDictSelect, FormFileUpload, FormIconInput, FormImageUpload, FormJsonInput,
  FormMaskedText, FormRefSelect, FormRegionCascader, FormRichText, FormTreeRefSelect,
} from './fields/formily';
import { Section } from './fields/Section';

installValidation();

export const FORM_TEXTS = {
  ok: '确定',
  cancel: '取消',
  added: '添加成功！',
  edited: '编辑成功！',
  loadFailed: '数据加载失败',
} as const;

const SchemaField = createSchemaField({
  components: {
    FormItem, FormGrid, FormLayout, FormCollapse, FormTab, Space: FSpace, PreviewText,
    Input, Password, NumberPicker, Select, Switch, DatePicker, TimePicker, Checkbox, Radio, TreeSelect, Cascader,
    Section, Card: Section, FormSection: Section,
    DictSelect: FormDictSelect,
    RefSelect: FormRefSelect,
    ImageUpload: FormImageUpload,
    FileUpload: FormFileUpload,
    RichText: FormRichText,
    RegionCascader: FormRegionCascader,
    TreeRefSelect: FormTreeRefSelect,
    ColorInput: FormColorInput,
    IconInput: FormIconInput,
    JsonInput: FormJsonInput,
    MaskedText: FormMaskedText,
  },
  scope: { $cond: evaluateCondition },
});

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
export function formBody(schema: ResourceSchema, mode: 'create' | 'edit', values: Row, id?: string): Row {
  const body: Row = {};
  for (const f of schema.fields) {
    if (!inForm(f, mode) || f.readOnly) continue;
    const v = values[f.key];
    if (v !== undefined) body[f.key] = v;
    else if (mode === 'edit' && !f.writeOnly) body[f.key] = null;
  }
  if (mode === 'edit' && id !== undefined) body.id = id;
  return body;
}

type Load = { status: 'loading' } | { status: 'ready'; record: Row | null } | { status: 'error'; message: string };

export default function ResourceForm({ schema, target, onClose, onSaved }: ResourceFormProps) {
  // Keep the last target while the container animates out.
  const [shown, setShown] = useState(target);
  useEffect(() => {
    if (target) setShown(target);
  }, [target]);
  const open = !!target;
  const mode: FormMode = shown?.mode ?? 'create';
  const id = shown?.id;
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const formilySchema = useMemo(() => toFormilySchema(schema, mode), [schema, mode]);
  const [saving, setSaving] = useState(false);
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
  const form = useMemo(() => {
    if (load.status !== 'ready') return null;
    return createForm({
      readPretty: mode === 'detail',
      validateFirst: true,
      initialValues: record ? stripDictText(record) : {},
      effects() {
        for (const f of schema.fields) {
          if (!f.unique || mode === 'detail') continue;
          const check = duplicateValidator(schema.name, f.key, () => dataId.current);
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
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [load, mode, schema, shown]);

  const submit = async () => {
    if (!form || saving) return;
    if (mode === 'detail') {
      onClose();
      return;
    }
    clearServerErrors(form);
    try {
      await form.validate();
    } catch {
      return; // messages are under the fields
    }
    setSaving(true);
    try {
      const body = formBody(schema, mode, stripDictText({ ...(form.values as Row) }), id);
      const res = mode === 'edit' ? await editRow(schema, body) : await addRow(schema, body);
      if (res.success) {
        void feedback.message.success(mode === 'edit' ? FORM_TEXTS.edited : FORM_TEXTS.added);
        onSaved();
      } else {
        applyServerErrors(form, serverErrors(res.result));
        void feedback.message.warning(res.message);
      }
    } catch {
      // HTTP failures were already shown by the request layer; the form stays as typed.
    } finally {
      setSaving(false);
    }
  };

  const title = formTitle(schema, mode);
  const footer = (
    <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
      <Button onClick={onClose}>{FORM_TEXTS.cancel}</Button>
      <Button type="primary" loading={saving} disabled={mode !== 'detail' && !form} onClick={submit}>
        {FORM_TEXTS.ok}
      </Button>
    </Space>
  );

  const body = load.status === 'error'
    ? <Alert type="warning" showIcon message={load.message} />
    : !form
      ? <div style={{ padding: 48, textAlign: 'center' }}><Spin /></div>
      : (
        <EngineFormContext.Provider value={{ schema, record }}>
          <FormProvider form={form}>
            <SchemaField schema={formilySchema} />
          </FormProvider>
        </EngineFormContext.Provider>
      );

  const width = schema.form?.width ?? ((schema.form?.columns ?? 1) > 1 ? 900 : 640);
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
