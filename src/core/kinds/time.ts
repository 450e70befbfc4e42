/** Field kind `time`: 时间 HH:mm:ss. */
import { type KindDescriptor, ORDERED_SEARCH } from './types.js';
import { TIME_FORMAT } from './formats.js';

export const timeKind: KindDescriptor = {
  cell: 'time', storage: 'text', input: 'choose', format: 'time', dateFormat: TIME_FORMAT, importable: true,
  searchModes: ORDERED_SEARCH,
  queryValue: (raw, edge) => {
    if (/^([01]\d|2[0-3]):[0-5]\d$/.test(raw)) return { ok: true, value: `${raw}:${edge === 'end' ? '59' : '00'}` };
    return /^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/.test(raw) ? { ok: true, value: raw } : { ok: false, what: '应为时间（HH:mm:ss）' };
  },
  widget: (f) => ({ component: 'TimePicker', type: 'string', props: { format: f.format ?? TIME_FORMAT } }),
};
