/** Field kind `color`: 颜色. */
import { type KindDescriptor, TEXT_SEARCH } from './types.js';

export const colorKind: KindDescriptor = {
  cell: 'color', storage: 'text', input: 'choose', text: true, importable: true,
  searchModes: TEXT_SEARCH,
  widget: () => ({ component: 'ColorInput', type: 'string' }),
};
