/**
 * Payload validation through core createValidator (the same rules the form shows).
 * Failure -> 400 `<title>：<message>` with result.errors = [{field, message}];
 * success -> the normalized payload (defaults applied, hidden fields dropped).
 * Dict fields accept the live enabled items of the dictionary (DictCache.enabledValues).
 */
import { createValidator } from '../../core/projections/validator.js';
import type { AppContext } from '../context.js';
import { badRequest } from '../errors.js';
import type { ResourceModel } from './model.js';

export async function validatePayload(
  ctx: AppContext,
  m: ResourceModel,
  mode: 'add' | 'edit',
  payload: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  // dictionary values: the enabled items of sys_dict_item (bus-invalidated cache), not the files'
  const r = createValidator(m.schema, mode, ctx.registry)(payload, await ctx.dicts.enabledValues());
  if (!r.ok) throw badRequest(r.message, { errors: r.errors });
  return r.value;
}
