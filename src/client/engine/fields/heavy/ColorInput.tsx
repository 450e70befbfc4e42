/** ColorInput: antd ColorPicker (lazy), value `#rrggbb` (or `#rrggbbaa` with alpha). */
import { ColorPicker } from 'antd';

export default function ColorInput({ value, onChange, disabled }: { value?: unknown; onChange?: (v: string | undefined) => void; disabled?: boolean }) {
  const v = value === undefined || value === null || value === '' ? undefined : String(value);
  return (
    <ColorPicker value={v} disabled={disabled} showText allowClear format="hex"
      onChangeComplete={(c) => onChange?.(c.toHexString())}
      onClear={() => onChange?.(undefined)} />
  );
}
