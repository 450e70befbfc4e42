/** Field kind `email`: 邮箱. */
import { type KindDescriptor, TEXT_SEARCH } from './types.js';

export const emailKind: KindDescriptor = {
  cell: 'text', storage: 'text', input: 'type', text: true, format: 'email', importable: true,
  searchModes: TEXT_SEARCH,
  widget: () => ({ component: 'Input', type: 'string' }),
  /** zhang.san@x.com -> z***@x.com */
  mask: (s) => { const at = s.indexOf('@'); return at > 0 ? `${s[0]}***${s.slice(at)}` : s; },
};
