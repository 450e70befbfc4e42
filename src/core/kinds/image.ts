/** Field kind `image`: 一张图片. */
import { type KindDescriptor, NO_SEARCH } from './types.js';

export const imageKind: KindDescriptor = {
  cell: 'image', storage: 'text', input: 'upload', noPlaceholder: true, importable: false,
  searchModes: NO_SEARCH,
  widget: () => ({ component: 'ImageUpload', type: 'string', props: { multiple: false } }),
};
