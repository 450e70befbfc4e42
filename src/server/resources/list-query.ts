/** Query string -> core ParsedListQuery; anything the schema does not declare is a 400. */
import { parseListQuery, type ParsedListQuery } from '../../core/projections/query.js';
import { badRequest } from '../errors.js';
import type { ResourceModel } from './model.js';

export function toListQuery(m: ResourceModel, query: Record<string, unknown>): ParsedListQuery {
  const r = parseListQuery(m.schema, query);
  if (!r.ok) throw badRequest(r.message);
  return r.value;
}
