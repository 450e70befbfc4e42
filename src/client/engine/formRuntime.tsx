/**
 * The Formily runtime shared by the lazy form chunks (ResourceForm, ActionFormModal):
 * the SchemaField with every engine widget registered by name, validation installed.
 */
import type { ComponentProps } from 'react';
import { createSchemaField } from '@formily/react';
import {
  Checkbox, DatePicker, FormCollapse, FormGrid, FormItem, FormLayout, FormTab, Input, NumberPicker, Password,
  PreviewText, Radio, Select, Space as FSpace, Switch, TimePicker, TreeSelect, Cascader,
} from '@formily/antd-v5';
import { evaluateCondition } from '../../core/validators/condition';
import { installValidation } from './validation';
import {
  FormColorInput, FormDictSelect, FormFileUpload, FormIconInput, FormImageUpload, FormJsonInput,
  FormMaskedText, FormRefSelect, FormRegionCascader, FormRichText, FormTreeRefSelect, FormSuggestInput,
} from './fields/formily';
import { Section } from './fields/Section';

installValidation();

const RawSchemaField = createSchemaField({
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
    SuggestInput: FormSuggestInput,
  },
  scope: { $cond: evaluateCondition },
});

/** The engine's SchemaField: an empty read-only value shows `-` (as list cells do), never Formily's `N/A`. */
export function SchemaField(props: ComponentProps<typeof RawSchemaField>) {
  return (
    <PreviewText.Placeholder value="-">
      <RawSchemaField {...props} />
    </PreviewText.Placeholder>
  );
}
