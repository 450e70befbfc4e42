/**
 * Free text with offered values (`suggestions` of a text field): an input whose drop-down lists
 * the declared values with their meaning; picking one fills it, typing anything else is kept.
 * E.g. a data rule's value: #{sys_user_code} 当前用户账号, #{sys_org_code} 当前用户部门编码, ….
 */
import { AutoComplete } from 'antd';

export interface SuggestInputProps {
  value?: string;
  onChange?: (value: string) => void;
  options?: Array<{ value: string; label: string }>;
  placeholder?: string;
  maxLength?: number;
  disabled?: boolean;
  status?: 'error';
  'aria-label'?: string;
}

export function SuggestInput({ value, onChange, options = [], placeholder, maxLength, disabled, status, 'aria-label': ariaLabel }: SuggestInputProps) {
  return (
    <AutoComplete
      value={value ?? ''}
      onChange={(v: string) => onChange?.(v)}
      placeholder={placeholder}
      disabled={disabled}
      status={status}
      aria-label={ariaLabel}
      allowClear
      maxLength={maxLength}
      // every offered value stays listed whatever is typed: the list is short and explains itself
      filterOption={false}
      options={options.map((o) => ({ value: o.value, label: <span data-value={o.value}>{o.value}<span style={{ color: '#999', marginLeft: 8 }}>{o.label}</span></span> }))}
    />
  );
}
