/**
 * The search form's numeric range (a lazy chunk of its own: SearchForm): two numbers whose
 * value is [min, max].
 */
import { InputNumber, Space } from 'antd';

export interface NumberRangeProps {
  value?: [unknown, unknown];
  onChange?: (v: [unknown, unknown] | undefined) => void;
}

/** Two numbers for a numeric range: value is [min, max]. */
export function NumberRange({ value, onChange }: NumberRangeProps) {
  const [a, b] = value ?? [undefined, undefined];
  const set = (i: 0 | 1, v: number | string | null) => {
    const next: [unknown, unknown] = i === 0 ? [v ?? undefined, b] : [a, v ?? undefined];
    onChange?.(next[0] === undefined && next[1] === undefined ? undefined : next);
  };
  return (
    <Space.Compact style={{ width: '100%' }}>
      <InputNumber style={{ width: '50%' }} placeholder="最小值" value={a as number | undefined} onChange={(v) => set(0, v)} />
      <InputNumber style={{ width: '50%' }} placeholder="最大值" value={b as number | undefined} onChange={(v) => set(1, v)} />
    </Space.Compact>
  );
}
