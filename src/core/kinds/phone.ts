/** Field kind `phone`: 手机号. */
import { type KindDescriptor, TEXT_SEARCH } from './types.js';
import { MESSAGES } from '../validators/messages.js';

export const phoneKind: KindDescriptor = {
  cell: 'text', storage: 'text', input: 'type', text: true, format: 'phone', requiredMessage: MESSAGES.phoneRequired, importable: true,
  searchModes: TEXT_SEARCH,
  widget: () => ({ component: 'Input', type: 'string', props: { maxLength: 11 } }),
  /** 13800138000 -> 138****8000 (keep 3 + 4). */
  mask: (s) => (s.length >= 7 ? s.slice(0, 3) + '*'.repeat(s.length - 7) + s.slice(-4) : s),
};
