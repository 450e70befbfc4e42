/** The select of the header menu search (MenuSearch.tsx), in its own chunk: loaded on first open. */
import { Select } from 'antd';
import { matchesTitle } from './menu';

export default function MenuSearchSelect({
  options,
  mobile,
  placeholder,
  onPick,
  onClose,
}: {
  options: ReadonlyArray<{ value: string; label: string }>;
  mobile: boolean;
  placeholder: string;
  onPick: (value: string) => void;
  onClose: () => void;
}) {
  return (
    <Select
      showSearch
      autoFocus
      defaultOpen={!mobile}
      value={null as unknown as string}
      placeholder={placeholder}
      options={options.map((o) => ({ value: o.value, label: o.label }))}
      filterOption={(input, option) => matchesTitle(String(option?.label ?? ''), input)}
      onChange={onPick}
      onBlur={() => !mobile && onClose()}
      style={{ width: mobile ? '100%' : 180 }}
      data-testid="menu-search"
      aria-label={placeholder}
    />
  );
}
