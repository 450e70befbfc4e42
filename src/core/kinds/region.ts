/** Field kind `region`: 行政区划代码. */
import { type KindDescriptor, TEXT_SEARCH } from './types.js';

export const regionKind: KindDescriptor = {
  cell: 'text', storage: 'text', input: 'choose', importable: true,
  searchModes: TEXT_SEARCH,
  // GB/T 2260 codes: the stored value is a region's `code`, the shown label its `name`
  relation: { service: 'regions', value: 'code', label: 'name' },
  widget: (f, ctx) => ({ component: 'RegionCascader', type: 'string', props: { source: ctx.source, field: f.key } }),
};
