/** Field kind `password`: 密码（只存哈希）. */
import { type KindDescriptor, NO_SEARCH } from './types.js';

export const passwordKind: KindDescriptor = {
  cell: 'text', storage: 'text', input: 'type', text: true, format: 'password', importable: false,
  searchModes: NO_SEARCH,
  widget: () => ({ component: 'Password', type: 'string', props: { checkStrength: true } }),
};
