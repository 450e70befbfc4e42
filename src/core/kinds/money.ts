/** Field kind `money`: 金额（元，两位小数）; stored as integer fen (storage `fen`), sent as yuan. */
import { type KindDescriptor, ORDERED_SEARCH, minMax } from './types.js';

export const moneyKind: KindDescriptor = {
  cell: 'money', storage: 'fen', input: 'type', numeric: 'decimal', precision: 2, importable: true,
  searchModes: ORDERED_SEARCH,
  queryValue: (raw) => (/^-?\d+(\.\d+)?$/.test(raw) ? { ok: true, value: Number(raw) } : { ok: false, what: '应为数字' }),
  widget: (f) => ({ component: 'NumberPicker', type: 'number', props: { precision: f.precision ?? 2, addonAfter: '元', ...minMax(f) } }),
};
