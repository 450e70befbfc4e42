/** Field kind `date`: 日期 YYYY-MM-DD. */
import { type KindDescriptor, ORDERED_SEARCH, realDate } from './types.js';
import { DATE_FORMAT } from './formats.js';

export const dateKind: KindDescriptor = {
  cell: 'date', storage: 'text', input: 'choose', format: 'date', dateFormat: DATE_FORMAT, importable: true,
  searchModes: ORDERED_SEARCH,
  queryValue: (raw) => (/^\d{4}-\d{2}-\d{2}$/.test(raw) && realDate(raw) ? { ok: true, value: raw } : { ok: false, what: '应为日期（YYYY-MM-DD）' }),
  widget: (f) => ({ component: 'DatePicker', type: 'string', props: { format: f.format ?? DATE_FORMAT } }),
};
