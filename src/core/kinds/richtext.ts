/** Field kind `richtext`: 富文本（服务端净化）; the editor counts the saved length against maxLength. */
import { type KindDescriptor, NO_SEARCH } from './types.js';

export const richtextKind: KindDescriptor = {
  cell: 'richtext', storage: 'text', input: 'type', text: true, wide: true, noPlaceholder: true, importable: false,
  searchModes: NO_SEARCH,
  widget: (f) => ({ component: 'RichText', type: 'string', ...(f.maxLength !== undefined ? { props: { maxLength: f.maxLength } } : {}) }),
};
