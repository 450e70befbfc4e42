/** Field kind `icon`: 图标. */
import { type KindDescriptor, TEXT_SEARCH } from './types.js';

export const iconKind: KindDescriptor = {
  cell: 'icon', storage: 'text', input: 'choose', text: true, importable: true,
  searchModes: TEXT_SEARCH,
  widget: () => ({ component: 'IconInput', type: 'string' }),
};
