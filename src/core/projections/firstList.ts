/**
 * What a list page asks first when it opens with no query string: its list call with the
 * default page and sort, and the dictionaries its fields use. The console's build precomputes
 * this for every menu path (vite.config.ts, virtual:menu-starts) so a page opened from its
 * address can send these calls before its schema and the engine have loaded; the page itself
 * computes the same parameters (engine/firstList.ts) and takes the answer.
 */
import type { ResourceSchema } from '../schema/types.js';
import { apiPath } from '../schema/naming.js';
import { buildListQuery } from './query.js';

export interface FirstListStart {
  /** The module's name. */
  name: string;
  /** The list call's path and parameters; absent for trees, which load their own way. */
  list?: { path: string; params: Record<string, string> };
  /** Dictionary codes the schema's fields use. */
  dicts: string[];
}

export function firstListStart(schema: ResourceSchema): FirstListStart {
  const dicts = [...new Set(schema.fields.flatMap((f) => (f.dict ? [f.dict] : [])))];
  if (schema.list?.tree) return { name: schema.name, dicts };
  return { name: schema.name, list: { path: apiPath(schema, 'list'), params: buildListQuery(schema, {}) }, dicts };
}
