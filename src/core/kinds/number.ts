/** Field kind `number`: 小数. */
import { type KindDescriptor, ORDERED_SEARCH, minMax } from './types.js';

export const numberKind: KindDescriptor = {
  cell: 'digit', storage: 'real', input: 'type', numeric: 'decimal', importable: true,
  searchModes: ORDERED_SEARCH,
  queryValue: (raw) => (/^-?\d+(\.\d+)?$/.test(raw) ? { ok: true, value: Number(raw) } : { ok: false, what: '应为数字' }),
  widget: (f) => ({ component: 'NumberPicker', type: 'number', props: { ...(f.precision !== undefined ? { precision: f.precision } : {}), ...minMax(f) } }),
};
