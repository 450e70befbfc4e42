/** Field kind `idcard`: 身份证号（校验位）. */
import { type KindDescriptor, TEXT_SEARCH } from './types.js';
import { MESSAGES } from '../validators/messages.js';

export const idcardKind: KindDescriptor = {
  cell: 'text', storage: 'text', input: 'type', text: true, format: 'idcard', requiredMessage: MESSAGES.idcardRequired, importable: true,
  searchModes: TEXT_SEARCH,
  widget: () => ({ component: 'Input', type: 'string', props: { maxLength: 18 } }),
  /** 110101199003078515 -> 110***********8515 (keep first 3 / last 4). */
  mask: (s) => (s.length > 7 ? s.slice(0, 3) + '*'.repeat(s.length - 7) + s.slice(-4) : s),
};
