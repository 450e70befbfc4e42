/**
 * The first list request of a page, started as soon as the route and the schema are known:
 * at start-up from the address (app/boot.ts, while the permission list and the engine chunk
 * still load) and on a menu click from ResourcePage before the table renders, together with the
 * schema's dictionaries. useListQuery's
 * first request takes the answer instead of asking again when its parameters are the same.
 *
 * The call is silent (no error notice): the page's own request repeats it on failure, and
 * shows what a user must see. An answer is taken once and only within EARLY_TTL_MS.
 */
import type { Envelope, Page } from '../../core/protocol/envelope';
import type { ResourceSchema } from '../../core/schema/types';
import { apiPath } from '../../core/schema/naming';
import { getDictItems, http } from '../api';
import { listQuery } from './projections';
import { decodeListState } from './urlState';

type Row = Record<string, unknown> & { id?: string };

export const EARLY_TTL_MS = 10_000;

interface Early {
  at: number;
  answer: Promise<Envelope<Page<Row>>>;
  controller: AbortController;
}

const early = new Map<string, Early>();

function keyOf(schema: ResourceSchema, params: Record<string, string>): string {
  return `${schema.name}?${Object.keys(params).sort().map((k) => `${k}=${params[k]}`).join('&')}`;
}

/** The parameters the page's first request will send for this address (urlState.ts, useListQuery.ts). */
export function firstListParams(schema: ResourceSchema, search: string): Record<string, string> {
  const pageSize = schema.list?.pageSize ?? 10;
  return listQuery(schema, decodeListState(schema, search, pageSize));
}

/**
 * Starts the first list request of `schema` at `search` unless one is already under way, and
 * asks every dictionary the schema uses (one call, api/index.ts). Tree lists load their own way.
 */
export function startFirstList(schema: ResourceSchema, search: string): void {
  for (const f of schema.fields) if (f.dict) void getDictItems(f.dict);
  if (schema.list?.tree) return;
  let params: Record<string, string>;
  try {
    params = firstListParams(schema, search);
  } catch {
    return; // a malformed address: the page says why
  }
  const key = keyOf(schema, params);
  const now = Date.now();
  const hit = early.get(key);
  if (hit && now - hit.at < EARLY_TTL_MS) return;
  const controller = new AbortController();
  const answer = http.get<Page<Row>>(apiPath(schema, 'list'), params, { silent: true, signal: controller.signal });
  answer.catch(() => early.delete(key));
  early.set(key, { at: now, answer, controller });
}

/**
 * The early answer for exactly these parameters, once; undefined when there is none. From
 * then on the taker owns the request: its `signal` aborting (unmount, a newer query) aborts it.
 */
export function takeFirstList(schema: ResourceSchema, params: Record<string, string>, signal: AbortSignal): Promise<Envelope<Page<Row>>> | undefined {
  const key = keyOf(schema, params);
  const hit = early.get(key);
  if (!hit) return undefined;
  early.delete(key);
  if (Date.now() - hit.at >= EARLY_TTL_MS) {
    hit.controller.abort();
    return undefined;
  }
  signal.addEventListener('abort', () => hit.controller.abort(), { once: true });
  return hit.answer;
}

/** Test seam. */
export function clearEarlyLists(): void {
  early.clear();
}
