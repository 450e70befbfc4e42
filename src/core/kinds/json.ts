/** Field kind `json`: JSON. */
import { type KindDescriptor, NO_SEARCH } from './types.js';

export const jsonKind: KindDescriptor = {
  cell: 'json', storage: 'text', input: 'type', wide: true, importable: false,
  searchModes: NO_SEARCH,
  widget: () => ({ component: 'JsonInput', type: 'string' }),
};
