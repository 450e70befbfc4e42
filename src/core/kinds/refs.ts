/** Field kind `refs`: 关联多条记录（逗号分隔的 id）. */
import { type KindDescriptor, TEXT_SEARCH, refProps } from './types.js';

export const refsKind: KindDescriptor = {
  cell: 'select', storage: 'text', input: 'choose', multiValued: true, labelled: true, importable: true,
  searchModes: TEXT_SEARCH,
  widget: (f, ctx) => ({ component: 'RefSelect', type: 'string', props: { ...refProps(f, ctx), multiple: true } }),
};
