/**
 * Modal form of a transition or an action (`form: FieldSchema[]`, e.g. 驳回原因),
 * projected by core `toFormilyFieldsSchema` with the same rules as resource
 * forms. Lazy chunk (Formily). `onSubmit` resolves true to close.
 */
import { useMemo, useState } from 'react';
import { Modal } from 'antd';
import { createForm } from '@formily/core';
import { FormProvider } from '@formily/react';
import type { FieldSchema, ResourceSchema } from '../../core/schema/types';
import { toFormilyFieldsSchema } from '../../core/projections/formily';
import { EngineFormContext } from './fields/formily';
import { SchemaField } from './formRuntime';

export interface ActionFormModalProps {
  title: string;
  schema: ResourceSchema;
  fields: FieldSchema[];
  onSubmit: (values: Record<string, unknown>) => Promise<boolean>;
  onClose: () => void;
}

export default function ActionFormModal({ title, schema, fields, onSubmit, onClose }: ActionFormModalProps) {
  const form = useMemo(() => createForm({ validateFirst: true }), []);
  const formSchema = useMemo(() => toFormilyFieldsSchema(fields, undefined, schema.name), [fields, schema.name]);
  const [saving, setSaving] = useState(false);
  const ok = async () => {
    try {
      await form.validate();
    } catch {
      return;
    }
    setSaving(true);
    try {
      if (await onSubmit({ ...(form.values as Record<string, unknown>) })) onClose();
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal open title={title} okText="确定" cancelText="取消" onOk={ok} onCancel={onClose} confirmLoading={saving}
      destroyOnHidden maskClosable={false} data-testid="action-form">
      <EngineFormContext.Provider value={{ schema: { ...schema, fields }, record: null }}>
        <FormProvider form={form}>
          <SchemaField schema={formSchema} />
        </FormProvider>
      </EngineFormContext.Provider>
    </Modal>
  );
}
