/** Query string -> core ParsedListQuery; anything the schema does not declare is a 400. */
import { parseListQuery, type Filter, type ParsedListQuery } from '../../core/projections/query.js';
import { badRequest } from '../errors.js';
import { toStored, type ResourceModel } from './model.js';

export function toListQuery(m: ResourceModel, query: Record<string, unknown>): ParsedListQuery {
  const r = parseListQuery(m.schema, query);
  if (!r.ok) throw badRequest(r.message);
  return { ...r.value, filters: r.value.filters.map((f) => storedFilter(m, f)) };
}

/** A money filter compares stored fen: the typed yuan of eq / in / range become fen. */
function storedFilter(m: ResourceModel, f: Filter): Filter {
  const c = m.byKey.get(f.key);
  if (!c || c.storage !== 'fen' || f.op === 'like') return f;
  const fen = (v: string | number) => toStored(c, v) as number;
  return { ...f, value: Array.isArray(f.value) ? f.value.map(fen) : fen(f.value) };
}
