/** Field kind `url`: 网址. */
import { type KindDescriptor, TEXT_SEARCH } from './types.js';

export const urlKind: KindDescriptor = {
  cell: 'link', storage: 'text', input: 'type', text: true, format: 'url', importable: true,
  searchModes: TEXT_SEARCH,
  widget: () => ({ component: 'Input', type: 'string', props: { placeholder: 'https://' } }),
};
