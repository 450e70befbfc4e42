/** Field kind `boolean`: 是/否. */
import { type KindDescriptor, TEXT_SEARCH } from './types.js';

export const booleanKind: KindDescriptor = {
  cell: 'switch', storage: 'bool', input: 'choose', noPlaceholder: true, importable: true,
  searchModes: TEXT_SEARCH,
  queryValue: (raw) => (raw === 'true' || raw === '1' ? { ok: true, value: 1 } : raw === 'false' || raw === '0' ? { ok: true, value: 0 } : { ok: false, what: '应为 true 或 false' }),
  widget: () => ({ component: 'Switch', type: 'boolean' }),
};
