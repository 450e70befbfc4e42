/**
 * Formily bindings of the engine widgets (this file is only imported by the
 * lazy form chunk). Each custom component is the plain widget connected to
 * the field, with a read-pretty view for detail mode.
 */
import { createContext, useContext } from 'react';
import { connect, mapProps, mapReadPretty, observer, useField, useForm } from '@formily/react';
import type { Field } from '@formily/core';
import { PreviewText } from '@formily/antd-v5';
import type { ResourceSchema } from '../../../core/schema/types';
import { findField } from '../../../core/schema/naming';
import type { Row } from '../api';
import { DictSelect, DictText, type DictSelectProps } from './DictSelect';
import { RefSelect, RefText, type RefSelectProps } from './RefSelect';
import {
  ColorInput, ColorView, FileUpload, FileView, IconInput, ImageUpload, ImageView, JsonInput, JsonView,
  MaskedText, MaskedView, RegionCascader, RichText, RichTextView, TreeRefSelect,
} from './simple';

/** The schema and the loaded row (edit/detail), for labels of relations. */
export interface FormContextValue {
  schema: ResourceSchema;
  record: Row | null;
}
export const EngineFormContext = createContext<FormContextValue | null>(null);

function fieldName(field: Field | undefined): string {
  return field ? String(field.path.segments[field.path.segments.length - 1] ?? field.props.name ?? '') : '';
}

/** `<key>_dictText` of the loaded row for this field. */
function useRowLabels(): string | undefined {
  const field = useField<Field>();
  const ctx = useContext(EngineFormContext);
  const v = ctx?.record?.[`${fieldName(field)}_dictText`];
  return v === undefined || v === null ? undefined : String(v);
}

/* ---------------- DictSelect ---------------- */

const DictSelectEditable = observer((props: DictSelectProps) => {
  const field = useField<Field>();
  // A required single select gets no empty choice (it could only produce an error).
  return <DictSelect {...props} allowEmpty={!field?.required} />;
});

export const FormDictSelect = connect(
  DictSelectEditable,
  mapReadPretty((props: DictSelectProps) => <DictText dict={props.dict} value={props.value} />),
);

/* ---------------- RefSelect ---------------- */

type RefFilterSpec = Record<string, { field: string } | { value: string | number | boolean }>;
type FormRefProps = Omit<RefSelectProps, 'filter' | 'resource' | 'label'> & {
  resource?: string;
  label?: string;
  filter?: RefFilterSpec;
};

const RefSelectEditable = observer((props: FormRefProps) => {
  const field = useField<Field>();
  const form = useForm();
  const ctx = useContext(EngineFormContext);
  const labels = useRowLabels();
  const spec = ctx ? findField(ctx.schema, fieldName(field))?.ref : undefined;
  const resource = spec?.resource ?? props.resource ?? '';
  const label = spec?.label ?? props.label ?? 'name';
  // x-component-props.value names the target's value field, but Formily passes
  // the field value as `value`; the schema is the source of truth for both.
  const valueField = spec?.value ?? (typeof field?.componentProps?.valueField === 'string' ? field.componentProps.valueField : undefined) ?? 'id';
  const filterSpec: RefFilterSpec = (spec?.filter as RefFilterSpec | undefined) ?? props.filter ?? {};
  const filter: Record<string, unknown> = {};
  for (const [k, f] of Object.entries(filterSpec)) {
    filter[k] = 'field' in f ? (form.values as Record<string, unknown>)[f.field] : f.value;
  }
  return (
    <RefSelect
      id={props.id}
      disabled={props.disabled}
      placeholder={props.placeholder}
      multiple={props.multiple}
      resource={resource}
      label={label}
      valueField={valueField}
      filter={filter}
      labels={labels}
      value={props.value}
      onChange={props.onChange}
    />
  );
});

const RefSelectPretty = (props: { value?: unknown }) => {
  const labels = useRowLabels();
  return <RefText value={props.value} labels={labels} />;
};

export const FormRefSelect = connect(RefSelectEditable, mapReadPretty(RefSelectPretty));

/* ---------------- simple widgets ---------------- */

const valueView = <P extends { value?: unknown }>(View: (p: { value: unknown }) => JSX.Element) =>
  (props: P) => <View value={props.value} />;

export const FormImageUpload = connect(ImageUpload, mapReadPretty(valueView(ImageView)));
export const FormFileUpload = connect(FileUpload, mapReadPretty(valueView(FileView)));
export const FormRichText = connect(RichText, mapReadPretty(valueView(RichTextView)));
export const FormColorInput = connect(ColorInput, mapReadPretty(valueView(ColorView)));
export const FormJsonInput = connect(JsonInput, mapReadPretty(valueView(JsonView)));
export const FormIconInput = connect(IconInput, mapReadPretty(PreviewText.Input));
export const FormRegionCascader = connect(RegionCascader, mapReadPretty(PreviewText.Input));

const TreeRefPretty = (props: { value?: unknown }) => {
  const labels = useRowLabels();
  return <RefText value={props.value} labels={labels} />;
};
export const FormTreeRefSelect = connect(TreeRefSelect, mapReadPretty(TreeRefPretty));

export const FormMaskedText = connect(
  MaskedText,
  mapProps((props) => props),
  mapReadPretty((props: { value?: unknown; kind?: string }) => {
    const field = useField<Field>();
    const ctx = useContext(EngineFormContext);
    const kind = props.kind ?? (ctx ? findField(ctx.schema, fieldName(field))?.kind : undefined);
    return <MaskedView value={props.value} kind={kind} />;
  }),
);
