/** Field kind `ref`: 关联一条记录（存 id）. */
import { type KindDescriptor, TEXT_SEARCH, refProps } from './types.js';

export const refKind: KindDescriptor = {
  cell: 'select', storage: 'text', input: 'choose', labelled: true, importable: true,
  searchModes: TEXT_SEARCH,
  widget: (f, ctx) => ({ component: 'RefSelect', type: 'string', props: { ...refProps(f, ctx), multiple: false } }),
};
