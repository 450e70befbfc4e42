/** Field kind `images`: 多张图片. */
import { type KindDescriptor, NO_SEARCH } from './types.js';

export const imagesKind: KindDescriptor = {
  cell: 'images', storage: 'text', input: 'upload', noPlaceholder: true, wide: true, multiValued: true, importable: false,
  searchModes: NO_SEARCH,
  widget: () => ({ component: 'ImageUpload', type: 'string', props: { multiple: true } }),
};
