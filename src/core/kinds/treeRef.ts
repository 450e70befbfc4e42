/** Field kind `treeRef`: 树形关联. */
import { type KindDescriptor, TEXT_SEARCH, refProps } from './types.js';

export const treeRefKind: KindDescriptor = {
  cell: 'select', storage: 'text', input: 'choose', labelled: true, importable: true,
  searchModes: TEXT_SEARCH,
  widget: (f, ctx) => ({ component: 'TreeRefSelect', type: 'string', props: refProps(f, ctx) }),
};
