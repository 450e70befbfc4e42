/** Field kind `datetime`: 日期时间 YYYY-MM-DD HH:mm:ss. */
import { type KindDescriptor, ORDERED_SEARCH, realDate } from './types.js';
import { DATETIME_FORMAT } from './formats.js';

export const datetimeKind: KindDescriptor = {
  cell: 'dateTime', storage: 'text', input: 'choose', format: 'datetime', dateFormat: DATETIME_FORMAT, importable: true,
  searchModes: ORDERED_SEARCH,
  queryValue: (raw, edge) => {
    if (/^\d{4}-\d{2}-\d{2}$/.test(raw) && realDate(raw)) return { ok: true, value: `${raw} ${edge === 'end' ? '23:59:59' : '00:00:00'}` };
    return /^\d{4}-\d{2}-\d{2} ([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/.test(raw) && realDate(raw) ? { ok: true, value: raw } : { ok: false, what: '应为时间（YYYY-MM-DD HH:mm:ss）' };
  },
  widget: (f) => ({ component: 'DatePicker', type: 'string', props: { showTime: true, format: f.format ?? DATETIME_FORMAT } }),
};
