/** Field kind `string`: 单行文本. */
import { type KindDescriptor, TEXT_SEARCH } from './types.js';

export const stringKind: KindDescriptor = {
  cell: 'text', storage: 'text', input: 'type', text: true, importable: true,
  searchModes: TEXT_SEARCH,
  widget: (f) => ({ component: 'Input', type: 'string', props: f.maxLength ? { maxLength: f.maxLength } : {} }),
};
