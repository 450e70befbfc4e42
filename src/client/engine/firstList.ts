/**
 * A list page's first calls from its schema and address (the page's own parameters, so
 * useListQuery takes the answer: earlyList.ts). With no query string these are exactly what
 * core's firstListStart gives, which the build precomputes for start-up.
 */
import type { ResourceSchema } from '../../core/schema/types';
import { apiPath } from '../../core/schema/naming';
import { listQuery } from './projections';
import { decodeListState } from './urlState';
import { startDicts, startListCall } from './earlyList';

/** The parameters the page's first request will send for this address (urlState.ts, useListQuery.ts). */
export function firstListParams(schema: ResourceSchema, search: string): Record<string, string> {
  const pageSize = schema.list?.pageSize ?? 10;
  return listQuery(schema, decodeListState(schema, search, pageSize));
}

/** Starts the first list request of `schema` at `search` and asks every dictionary it uses. Trees load their own way. */
export function startFirstList(schema: ResourceSchema, search: string): void {
  startDicts(schema.fields.flatMap((f) => (f.dict ? [f.dict] : [])));
  if (schema.list?.tree) return;
  let params: Record<string, string>;
  try {
    params = firstListParams(schema, search);
  } catch {
    return; // a malformed address: the page says why
  }
  startListCall(schema.name, apiPath(schema, 'list'), params);
}
