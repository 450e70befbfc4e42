/**
 * The engine's only seam to the request layer: every call the generic page
 * makes, derived from the schema's `api` block (JeecgBoot conventions).
 *
 * Paths come from core `apiPath` (the server uses the same function):
 * `api.base` (default `/<name>`) + `/list|queryById|add|edit|delete|deleteBatch`
 * or the schema's per-action override.
 */
import { http, getDictItems } from '../api';
import type { Envelope, Page } from '../../core/protocol/envelope';
import type { DictItem, ResourceSchema } from '../../core/schema/types';
import { apiPath, permissionCode } from '../../core/schema/naming';

export type Row = Record<string, unknown> & { id?: string };

export { apiPath, permissionCode };

export function fetchList(
  schema: ResourceSchema,
  query: Record<string, string>,
  signal?: AbortSignal,
): Promise<Envelope<Page<Row>>> {
  return http.get<Page<Row>>(apiPath(schema, 'list'), query, { signal });
}

export function fetchById(schema: ResourceSchema, id: string, signal?: AbortSignal): Promise<Envelope<Row>> {
  return http.get<Row>(apiPath(schema, 'queryById'), { id }, { signal });
}

export function addRow(schema: ResourceSchema, body: Row): Promise<Envelope<unknown>> {
  return http.post<unknown>(apiPath(schema, 'add'), body);
}

export function editRow(schema: ResourceSchema, body: Row): Promise<Envelope<unknown>> {
  return http.put<unknown>(apiPath(schema, 'edit'), body);
}

export function deleteRow(schema: ResourceSchema, id: string): Promise<Envelope<unknown>> {
  return http.delete<unknown>(apiPath(schema, 'delete'), { id });
}

/** JeecgBoot sends `ids=a,b,` (trailing comma); the server tolerates both. */
export function deleteRows(schema: ResourceSchema, ids: string[]): Promise<Envelope<unknown>> {
  return http.delete<unknown>(apiPath(schema, 'deleteBatch'), { ids: `${ids.join(',')},` });
}

export interface DuplicateQuery {
  resource: string;
  field: string;
  value: string;
  dataId?: string;
}

export function duplicateCheck(q: DuplicateQuery, signal?: AbortSignal): Promise<Envelope<unknown>> {
  const params: Record<string, string> = { resource: q.resource, field: q.field, value: q.value };
  if (q.dataId) params.dataId = q.dataId;
  return http.get<unknown>('/sys/duplicate/check', params, { signal });
}

export function dictItems(code: string): Promise<DictItem[]> {
  return getDictItems(code);
}

/** True for an AbortController abort (ours), whatever layer wrapped it. */
export function isAbort(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const name = (err as { name?: unknown }).name;
  return name === 'AbortError' || name === 'CanceledError';
}
