/** Field kind `richtext`: 富文本（服务端净化）. */
import { type KindDescriptor, NO_SEARCH } from './types.js';

export const richtextKind: KindDescriptor = {
  cell: 'richtext', storage: 'text', input: 'type', text: true, wide: true, noPlaceholder: true, importable: false,
  searchModes: NO_SEARCH,
  widget: () => ({ component: 'RichText', type: 'string' }),
};
