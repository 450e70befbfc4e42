/** Field kind `integer`: 整数. */
import { type KindDescriptor, ORDERED_SEARCH, minMax } from './types.js';

export const integerKind: KindDescriptor = {
  cell: 'digit', storage: 'integer', input: 'type', numeric: 'integer', importable: true,
  searchModes: ORDERED_SEARCH,
  queryValue: (raw) => (/^-?\d{1,15}$/.test(raw) ? { ok: true, value: Number(raw) } : { ok: false, what: '应为整数' }),
  widget: (f) => ({ component: 'NumberPicker', type: 'number', props: { precision: 0, ...minMax(f) } }),
};
