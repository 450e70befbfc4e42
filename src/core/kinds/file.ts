/** Field kind `file`: 文件. */
import { type KindDescriptor, NO_SEARCH } from './types.js';

export const fileKind: KindDescriptor = {
  cell: 'file', storage: 'text', input: 'upload', noPlaceholder: true, importable: false,
  searchModes: NO_SEARCH,
  widget: () => ({ component: 'FileUpload', type: 'string' }),
};
