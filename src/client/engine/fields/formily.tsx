/**
 * Formily bindings of the engine widgets (this file is only imported by the
 * lazy form chunk). Each custom component is the plain widget connected to
 * the field, with a read-pretty view for detail mode.
 */
import { createContext, Suspense, useContext, useEffect, useState } from 'react';
import { Button, Space } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { connect, mapProps, mapReadPretty, observer, useField, useForm } from '@formily/react';
import type { Field } from '@formily/core';
import { PreviewText } from '@formily/antd-v5';
import type { ResourceSchema } from '../../../core/schema/types';
import { findField } from '../../../core/schema/naming';
import { useAccess } from '../../state/permissions';
import type { Row } from '../api';
import { DictSelect, DictText, type DictSelectProps } from './DictSelect';
import { RefSelect, RefText, type RefSelectProps } from './RefSelect';
import {
  ColorInput, ColorView, FileUpload, FileView, IconInput, ImageUpload, ImageView, JsonInput, JsonView,
  MaskedText, MaskedView, RegionCascader, RichText, RichTextView, TreeRefSelect,
} from './simple';
import { RefPickerModal } from './lazyWidgets';
import { loadResourceSchema } from '../schemas';
import { searchFields } from '../projections';
import { fromList, toList } from './values';
import { SuggestInput } from './SuggestInput';

/**
 * A ref target with more than one search field gets the table picker next to the select. The
 * picker pages the target's own list, so it needs the target's list permission (the select
 * itself only needs the source's, through /sys/ref/options).
 */
export function wantsPicker(target: ResourceSchema | null): boolean {
  return !!target && searchFields(target).length > 1;
}

function useTarget(resource: string): ResourceSchema | null {
  const [target, setTarget] = useState<ResourceSchema | null>(null);
  useEffect(() => {
    let alive = true;
    if (resource) loadResourceSchema(resource).then((s) => alive && setTarget(s), () => undefined);
    return () => {
      alive = false;
    };
  }, [resource]);
  return target;
}

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
type FormRefProps = Omit<RefSelectProps, 'filter' | 'source' | 'field'> & {
  source?: string;
  field?: string;
  resource?: string;
  label?: string;
  filter?: RefFilterSpec;
};

/** Source resource + field key of the widget (the engine form's schema wins over props). */
function useRelationId(field: Field | undefined, props: { source?: string; field?: string }): { source: string; key: string } {
  const ctx = useContext(EngineFormContext);
  return { source: ctx?.schema.name ?? props.source ?? '', key: fieldName(field) || props.field || '' };
}

const RefSelectEditable = observer((props: FormRefProps) => {
  const field = useField<Field>();
  const form = useForm();
  const ctx = useContext(EngineFormContext);
  const labels = useRowLabels();
  const spec = ctx ? findField(ctx.schema, fieldName(field))?.ref : undefined;
  const rel = useRelationId(field, props);
  const resource = spec?.resource ?? props.resource ?? '';
  const label = spec?.label ?? props.label ?? 'name';
  // x-component-props.value names the target's value field, but Formily passes
  // the field value as `value`; the schema is the source of truth for both.
  const valueField = spec?.value ?? (typeof field?.componentProps?.valueField === 'string' ? field.componentProps.valueField : undefined) ?? 'id';
  const filterSpec: RefFilterSpec = (spec?.filter as RefFilterSpec | undefined) ?? props.filter ?? {};
  const filter: Record<string, unknown> = {};
  // only the values of other form fields are sent: the server applies the constant ({value})
  // filters itself and refuses them as query parameters
  for (const [k, f] of Object.entries(filterSpec)) {
    if ('field' in f) filter[k] = (form.values as Record<string, unknown>)[f.field];
  }
  const target = useTarget(resource);
  const allowed = useAccess();
  const [picking, setPicking] = useState(false);
  const [pickedLabels, setPickedLabels] = useState<string | undefined>();
  const select = (
    <RefSelect
      id={props.id}
      disabled={props.disabled}
      placeholder={props.placeholder}
      multiple={props.multiple}
      source={rel.source}
      field={rel.key}
      filter={filter}
      labels={pickedLabels ?? labels}
      value={props.value}
      onChange={props.onChange}
    />
  );
  const picker = wantsPicker(target) && !props.disabled && allowed(target!, { action: 'list' });
  // one tree shape whether or not the picker button joins (the target schema loads after the
  // first render): the select is never remounted, so its options are requested once per open
  return (
    <Space.Compact style={{ width: '100%' }}>
      {select}
      {picker && <Button aria-label="选择" icon={<SearchOutlined />} onClick={() => setPicking(true)} />}
      {picker && picking && target && (
        <Suspense fallback={null}>
          <RefPickerModal target={target} title={`选择${field?.title ?? ''}`} multiple={props.multiple} valueField={valueField} labelField={label}
            value={toList(props.value)}
            onClose={() => setPicking(false)}
            onOk={(picked) => {
              setPickedLabels(fromList(picked.map((p) => p.label)));
              props.onChange?.(props.multiple ? fromList(picked.map((p) => p.value)) : picked[0]?.value);
              setPicking(false);
            }} />
        </Suspense>
      )}
    </Space.Compact>
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
const RegionEditable = observer((props: { value?: unknown; onChange?: (v: string | undefined) => void; disabled?: boolean; placeholder?: string; source?: string; field?: string }) => {
  const field = useField<Field>();
  const rel = useRelationId(field, props);
  return <RegionCascader source={rel.source} field={rel.key} value={props.value} onChange={props.onChange} disabled={props.disabled} placeholder={props.placeholder} />;
});
export const FormRegionCascader = connect(RegionEditable, mapReadPretty(PreviewText.Input));

const TreeRefPretty = (props: { value?: unknown }) => {
  const labels = useRowLabels();
  return <RefText value={props.value} labels={labels} />;
};
const TreeRefEditable = observer((props: { value?: unknown; onChange?: (v: string | undefined) => void; disabled?: boolean; placeholder?: string; source?: string; field?: string }) => {
  const field = useField<Field>();
  const labels = useRowLabels();
  const rel = useRelationId(field, props);
  return (
    <TreeRefSelect source={rel.source} field={rel.key}
      labels={labels} value={props.value} onChange={props.onChange} disabled={props.disabled} placeholder={props.placeholder} />
  );
});
export const FormTreeRefSelect = connect(TreeRefEditable, mapReadPretty(TreeRefPretty));

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

/** Free text with offered values (`suggestions`); read-pretty as plain text. */
export const FormSuggestInput = connect(SuggestInput, mapReadPretty(PreviewText.Input));
