/** Field kind `text`: 多行文本. */
import { type KindDescriptor, TEXT_SEARCH } from './types.js';

export const textKind: KindDescriptor = {
  cell: 'textarea', storage: 'text', input: 'type', text: true, wide: true, importable: true,
  searchModes: TEXT_SEARCH,
  widget: (f) => ({ component: 'Input.TextArea', type: 'string', props: { rows: 4, ...(f.maxLength ? { maxLength: f.maxLength, showCount: true } : {}) } }),
};
