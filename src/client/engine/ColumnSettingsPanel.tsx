/**
 * Column settings popover content (lazy chunk): density, then one line per
 * column with show/hide, up/down and a width input; 重置 restores the schema
 * defaults. Changes apply immediately (the hook saves them debounced).
 */
import { Button, Checkbox, InputNumber, Radio, Space, Tooltip } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import type { ColumnSetting, Density, TableSettings } from './tableSettings';

export interface ColumnSettingsPanelProps {
  settings: TableSettings;
  titles: Record<string, string>;
  onChange: (next: TableSettings) => void;
  onReset: () => void;
}

export const SETTINGS_TEXTS = {
  density: '密度',
  large: '宽松',
  middle: '中等',
  small: '紧凑',
  reset: '重置',
  up: '上移',
  down: '下移',
  width: '宽度',
} as const;

export default function ColumnSettingsPanel({ settings, titles, onChange, onReset }: ColumnSettingsPanelProps) {
  const setColumns = (columns: ColumnSetting[]) => onChange({ ...settings, columns });
  const patch = (i: number, p: Partial<ColumnSetting>) =>
    setColumns(settings.columns.map((c, j) => {
      if (j !== i) return c;
      const next: ColumnSetting = { ...c, ...p };
      if (next.width === undefined) delete next.width;
      return next;
    }));
  const move = (i: number, d: -1 | 1) => {
    const j = i + d;
    if (j < 0 || j >= settings.columns.length) return;
    const cols = [...settings.columns];
    [cols[i], cols[j]] = [cols[j]!, cols[i]!];
    setColumns(cols);
  };
  return (
    <div data-testid="column-settings" style={{ width: 340 }}>
      <Space style={{ marginBottom: 8, display: 'flex', justifyContent: 'space-between' }}>
        <Space>
          <span>{SETTINGS_TEXTS.density}</span>
          <Radio.Group size="small" optionType="button" value={settings.density}
            onChange={(e) => onChange({ ...settings, density: e.target.value as Density })}
            options={(['large', 'middle', 'small'] as const).map((d) => ({ value: d, label: SETTINGS_TEXTS[d] }))} />
        </Space>
        <Button size="small" type="link" onClick={onReset}>{SETTINGS_TEXTS.reset}</Button>
      </Space>
      <div style={{ maxHeight: 360, overflowY: 'auto' }}>
        {settings.columns.map((c, i) => (
          <div key={c.key} data-column={c.key} style={{ display: 'flex', alignItems: 'center', gap: 4, padding: '2px 0' }}>
            <Checkbox style={{ flex: 1 }} checked={c.show} onChange={(e) => patch(i, { show: e.target.checked })}>
              {titles[c.key] ?? c.key}
            </Checkbox>
            <Tooltip title={SETTINGS_TEXTS.up}>
              <Button size="small" type="text" aria-label={`${SETTINGS_TEXTS.up} ${titles[c.key] ?? c.key}`} disabled={i === 0}
                icon={<ArrowUpOutlined />} onClick={() => move(i, -1)} />
            </Tooltip>
            <Tooltip title={SETTINGS_TEXTS.down}>
              <Button size="small" type="text" aria-label={`${SETTINGS_TEXTS.down} ${titles[c.key] ?? c.key}`}
                disabled={i === settings.columns.length - 1} icon={<ArrowDownOutlined />} onClick={() => move(i, 1)} />
            </Tooltip>
            <InputNumber size="small" min={40} max={2000} step={10} style={{ width: 76 }} placeholder={SETTINGS_TEXTS.width}
              aria-label={`${SETTINGS_TEXTS.width} ${titles[c.key] ?? c.key}`}
              value={c.width ?? null} onChange={(v) => patch(i, { width: typeof v === 'number' ? v : undefined })} />
          </div>
        ))}
      </div>
    </div>
  );
}
