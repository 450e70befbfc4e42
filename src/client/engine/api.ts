/**
 * The engine's only seam to the request layer: every call the generic page
 * makes, derived from the schema's `api` block (JeecgBoot conventions).
 *
 * Paths come from core `apiPath` (the server uses the same function):
 * `api.base` (default `/<name>`) + `/list|queryById|add|edit|delete|deleteBatch`
 * or the schema's per-action override.
 */
import { http, getDictItems, parseEnvelopeText } from '../api';
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

/** One option of a relation field: the target's value and label (isLeaf with `parent`, tree targets). */
export interface RefOption { value: string; label: string; isLeaf?: boolean }
export interface RefOptionsPage { records: RefOption[]; total: number }

export const REF_OPTIONS_PATH = '/sys/ref/options';

export interface RefOptionsQuery {
  /** The resource whose field this is (a child resource for sub-table cells). */
  source: string;
  /** The relation field's key (kind ref / refs / treeRef / region). */
  field: string;
  keyword?: string;
  /** Exact lookup of these values (labels of the current value). */
  ids?: string[];
  /** Tree targets: '' for the roots, else a node's value for its children. */
  parent?: string;
  /** Values of the field's declared `ref.filter` {field} entries, by target key (empty ones skipped). */
  filter?: Record<string, unknown>;
  pageNo?: number;
  pageSize?: number;
}

/**
 * GET /sys/ref/options: the options of one relation field, by named id (source resource +
 * field). The server resolves the target; the client never asks the target's own list, so a
 * role that may read the source needs no permission on the target.
 */
export function fetchRefOptions(q: RefOptionsQuery, signal?: AbortSignal): Promise<Envelope<RefOptionsPage>> {
  const params: Record<string, string> = { resource: q.source, field: q.field };
  for (const [k, v] of Object.entries(q.filter ?? {})) {
    if (v === undefined || v === null || v === '' || (Array.isArray(v) && !v.length)) continue;
    params[k] = Array.isArray(v) ? v.map(String).join(',') : String(v);
  }
  if (q.keyword) params.keyword = q.keyword;
  if (q.ids?.length) params.ids = q.ids.join(',');
  if (q.pageNo && q.pageNo > 1) params.pageNo = String(q.pageNo);
  if (q.pageSize) params.pageSize = String(q.pageSize);
  if (q.parent) params.parent = q.parent;
  // the request layer drops empty params; `parent=` (the roots) rides in the path, which it keeps
  const path = q.parent === '' ? `${REF_OPTIONS_PATH}?parent=` : REF_OPTIONS_PATH;
  return http.get<RefOptionsPage>(path, params, { signal });
}

export function dictItems(code: string): Promise<DictItem[]> {
  return getDictItems(code);
}

/* ---------------- schema language v1: transitions, actions, tree, excel, settings ---------------- */

/** `PUT <base>/<action>` with `{id, ...formFields}` (state transition). */
export function runTransition(schema: ResourceSchema, action: string, body: Row): Promise<Envelope<unknown>> {
  return http.put<unknown>(apiPath(schema, action), body);
}

/** A declared action's own API call: GET/DELETE send params, POST/PUT a body. */
export function callAction(
  spec: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string },
  payload: Record<string, unknown>,
): Promise<Envelope<unknown>> {
  const path = spec.path.replace(/\{(\w+)\}|:(\w+)/g, (_m, a: string | undefined, b: string | undefined) =>
    encodeURIComponent(String(payload[(a ?? b)!] ?? '')));
  switch (spec.method) {
    case 'GET': return http.get<unknown>(path, payload);
    case 'DELETE': return http.delete<unknown>(path, payload);
    case 'PUT': return http.put<unknown>(path, payload);
    default: return http.post<unknown>(path, payload);
  }
}

/** Tree resources: children of one node. */
export function fetchChildren(schema: ResourceSchema, pid: string, signal?: AbortSignal): Promise<Envelope<Row[] | Page<Row>>> {
  return http.get<Row[] | Page<Row>>(apiPath(schema, 'childList'), { pid }, { signal });
}

/** childList answers a plain array or a page; both become rows. */
export function childRows(result: unknown): Row[] {
  if (Array.isArray(result)) return result as Row[];
  const records = (result as { records?: unknown } | null)?.records;
  return Array.isArray(records) ? (records as Row[]) : [];
}

/**
 * The export's file, or — when the server moved a large export to the background — its
 * message (`已加入下载中心`), answered as a JSON envelope instead of a spreadsheet.
 */
export async function exportXls(schema: ResourceSchema, params: Record<string, string>): Promise<{ blob: Blob } | { queued: string }> {
  const blob = await http.download(apiPath(schema, 'exportXls'), { method: 'GET', params });
  if (/spreadsheetml|octet-stream/.test(blob.type)) return { blob };
  const env = await parseEnvelopeText(await blob.text());
  if (!env) return { blob };
  if (!env.success) throw new Error(env.message);
  return { queued: env.message };
}

export function importTemplate(schema: ResourceSchema): Promise<Blob> {
  return http.download(apiPath(schema, 'importTemplate'), { method: 'GET' });
}

export interface ImportRowError { row: number; field?: string; title?: string; message: string }
export interface ImportReport { total: number; valid?: number; invalid?: number; inserted?: number; errors?: ImportRowError[] }

export function importExcel(schema: ResourceSchema, file: Blob & { name?: string }, dryRun: boolean): Promise<Envelope<ImportReport>> {
  const fd = new FormData();
  fd.append('file', file, file.name ?? 'import.xlsx');
  return http.upload<ImportReport>(apiPath(schema, 'importExcel'), fd, { dryRun: dryRun ? 1 : 0 });
}

/** Per-user settings (column state `table:<resource>`): value or null. */
export function getUserSetting(key: string, signal?: AbortSignal): Promise<Envelope<unknown>> {
  return http.get<unknown>('/sys/userSetting/get', { key }, { signal });
}

export function saveUserSetting(key: string, value: unknown): Promise<Envelope<unknown>> {
  return http.post<unknown>('/sys/userSetting/save', { key, value });
}

/** POST /sys/common/upload (multipart `file`, `biz`) -> relative path in `result`. */
export function uploadFile(file: Blob & { name?: string }, biz = 'temp'): Promise<Envelope<string>> {
  const fd = new FormData();
  fd.append('file', file, file.name ?? 'file');
  fd.append('biz', biz);
  return http.upload<string>('/sys/common/upload', fd);
}

/** Rule-code check (field `rule`): success or the rule's message. */
export function checkRuleCode(ruleCode: string, value: string, signal?: AbortSignal): Promise<Envelope<unknown>> {
  return http.get<unknown>('/sys/checkRule/checkByCode', { ruleCode, value }, { signal });
}

/** True for an AbortController abort (ours), whatever layer wrapped it. */
export function isAbort(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const name = (err as { name?: unknown }).name;
  return name === 'AbortError' || name === 'CanceledError';
}
