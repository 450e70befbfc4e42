/**
 * A property panel: the block's (or the page settings') property schema drawn by the module
 * forms' Formily engine (the same SchemaField, widgets and zh-CN validation), plus the
 * decoration widgets (LinkPicker, ArrayItems). Every change goes up as the whole value; a value
 * changed from outside (undo, redo) is written back into the form.
 */
import { useEffect, useMemo, useRef } from 'react';
import { createForm, onFormValuesChange } from '@formily/core';
import { FormProvider } from '@formily/react';
import { ArrayItems, FormLayout } from '@formily/antd-v5';
import { SchemaField } from '../../engine/formRuntime';
import { FormLinkPicker } from './LinkPicker';

const EXTRA = { ArrayItems, LinkPicker: FormLinkPicker };

export function PropertyForm({ schema, value, onChange }: { schema: Record<string, unknown>; value: Record<string, unknown>; onChange: (v: Record<string, unknown>) => void }) {
  /** JSON of the value the form and the editor agree on: changes equal to it are not news. */
  const known = useRef(JSON.stringify(value));
  const changeRef = useRef(onChange);
  changeRef.current = onChange;
  const form = useMemo(
    () => createForm({
      initialValues: JSON.parse(known.current) as Record<string, unknown>,
      effects() {
        onFormValuesChange((f) => {
          const json = JSON.stringify(f.values);
          if (json === known.current) return;
          known.current = json;
          changeRef.current(JSON.parse(json) as Record<string, unknown>);
        });
      },
    }),
    // one form per schema (a block); outside changes (undo, redo) are written in below
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [schema],
  );
  useEffect(() => {
    const json = JSON.stringify(value);
    if (json === known.current) return;
    known.current = json;
    form.setValues(JSON.parse(json), 'overwrite');
  }, [value, form]);
  return (
    <FormProvider form={form}>
      <FormLayout layout="vertical">
        <SchemaField schema={schema} components={EXTRA} />
      </FormLayout>
    </FormProvider>
  );
}
