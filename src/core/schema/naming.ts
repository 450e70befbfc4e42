/** Names derived from a schema: SQL identifiers, API paths, field lookups. */
import type { ApiSpec, FieldSchema, ResourceSchema, SystemColumn } from './types.js';
import { SYSTEM_COLUMNS } from './types.js';
import { KINDS } from '../kinds/index.js';

/** `createTime` -> `create_time`, `idCard` -> `id_card`, `HTTPCode` -> `http_code`. */
export function snakeCase(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .toLowerCase();
}

export function isSystemColumn(key: string): key is SystemColumn {
  return (SYSTEM_COLUMNS as readonly string[]).includes(key);
}

export function findField(schema: ResourceSchema, key: string): FieldSchema | undefined {
  return schema.fields.find((f) => f.key === key);
}

/** Fields that hold several values, comma-joined on the wire (by their kind's descriptor). */
export function isMultiValued(field: FieldSchema): boolean {
  const m = KINDS[field.kind].multiValued;
  return m === true || (m === 'whenMultiple' && field.multiple === true);
}
/** Fields that come back with a `<key>_dictText` companion (dictionary and relation kinds). */
export function hasDictText(field: FieldSchema): boolean {
  return KINDS[field.kind].labelled === true;
}

/** Generic API actions every resource has a path for (each overridable in `api`). */
export const API_ACTIONS = ['list', 'queryById', 'add', 'edit', 'delete', 'deleteBatch', 'exportXls', 'importExcel', 'importTemplate', 'childList'] as const;
export type ApiAction = (typeof API_ACTIONS)[number];

export function isApiAction(action: string): action is ApiAction {
  return (API_ACTIONS as readonly string[]).includes(action);
}

/** Base path of a resource's API (default `/<name>`). */
export function apiBase(schema: Pick<ResourceSchema, 'name' | 'api'>): string {
  return schema.api?.base ?? `/${schema.name}`;
}

/**
 * Full path (relative to the API root) of one action: the generic ones (`/hisDoctor/list`,
 * overridable in `api`) and transitions (`/hisPrescription/approve`). All API path defaults
 * live here.
 */
export function apiPath(schema: Pick<ResourceSchema, 'name' | 'api'>, action: ApiAction | (string & {})): string {
  const own = isApiAction(action) ? (schema.api as ApiSpec | undefined)?.[action] : undefined;
  return `${apiBase(schema).replace(/\/$/, '')}${own ?? `/${action}`}`;
}

/** Actions that write records: none of them exists for a resource declared `readOnly`. */
export const WRITE_ACTIONS: ReadonlySet<string> = new Set(['add', 'edit', 'delete', 'deleteBatch', 'importExcel', 'importTemplate']);

/** Generic actions that get a path: childList only for tree resources, no writes for `readOnly` ones. */
export function apiActionsOf(schema: Pick<ResourceSchema, 'list' | 'readOnly'>): ApiAction[] {
  return API_ACTIONS.filter((a) => (a !== 'childList' || !!schema.list?.tree) && !(schema.readOnly && WRITE_ACTIONS.has(a)));
}

/** Permission code of one action: `<permissionPrefix ?? name>:<action>`. */
export function permissionCode(schema: Pick<ResourceSchema, 'name' | 'permissionPrefix'>, action: string): string {
  return `${schema.permissionPrefix ?? schema.name}:${action}`;
}

/** JSON pointer of path segments (RFC 6901 escaping). */
export function pointer(...segments: Array<string | number>): string {
  return segments.map((s) => '/' + String(s).replace(/~/g, '~0').replace(/\//g, '~1')).join('');
}
