/**
 * Payload validation through core createValidator (the same rules the form shows).
 * Failure -> 400 `<title>：<message>` with result.errors = [{field, message}];
 * success -> the normalized payload (defaults applied, hidden fields dropped).
 */
import { createValidator } from '../../core/projections/validator.js';
import type { AppContext } from '../context.js';
import { badRequest } from '../errors.js';
import type { ResourceModel } from './model.js';

export function validatePayload(
  ctx: AppContext,
  m: ResourceModel,
  mode: 'add' | 'edit',
  payload: Record<string, unknown>,
): Record<string, unknown> {
  const r = createValidator(m.schema, mode, ctx.registry)(payload);
  if (!r.ok) throw badRequest(r.message, { errors: r.errors });
  return r.value;
}
