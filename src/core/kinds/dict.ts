/** Field kind `dict`: 字典值. */
import { type KindDescriptor, TEXT_SEARCH } from './types.js';

export const dictKind: KindDescriptor = {
  cell: 'select', storage: 'text', input: 'choose', multiValued: 'whenMultiple', labelled: true, importable: true,
  searchModes: TEXT_SEARCH,
  widget: (f, ctx) => {
    const props: Record<string, unknown> = { dict: f.dict, multiple: f.multiple === true, widget: f.widget ?? 'select' };
    // options inline when the registry has the dictionary, so previews work without a server
    if (f.dict && ctx.registry?.dicts.has(f.dict)) props.options = ctx.registry.dict(f.dict).items.map((i) => ({ label: i.text, value: i.value, ...(i.color ? { color: i.color } : {}) }));
    return { component: 'DictSelect', type: 'string', props };
  },
};
