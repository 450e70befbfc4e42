/**
 * The first list request of a page, started as soon as the route is known: at start-up from
 * the address (app/earlyStart.ts, with the parameters the build precomputed, while the
 * permission list, the engine and the schema still load) and on a menu click from ResourcePage
 * before the table renders (engine/firstList.ts), together with the schema's dictionaries.
 * useListQuery's first request takes the answer instead of asking again when its parameters
 * are the same.
 *
 * This file stays light (no schema projections): start-up loads it before the engine.
 * The call is silent (no error notice): the page's own request repeats it on failure, and
 * shows what a user must see. An answer is taken once, only within EARLY_TTL_MS, and only when
 * no write was sent since it was asked (a page that never took it must not show it later).
 */
import type { Envelope, Page } from '../../core/protocol/envelope';
import { http, prefetchDicts, writeCount } from '../api';

type Row = Record<string, unknown> & { id?: string };

export const EARLY_TTL_MS = 10_000;

interface Early {
  at: number;
  /** writeCount() when it was asked */
  writes: number;
  answer: Promise<Envelope<Page<Row>>>;
  controller: AbortController;
  /** The answer once it came, if it succeeded: a page first rendered after it shows its rows at once. */
  settled?: Envelope<Page<Row>>;
}

const early = new Map<string, Early>();

function keyOf(name: string, params: Record<string, string>): string {
  return `${name}?${Object.keys(params).sort().map((k) => `${k}=${params[k]}`).join('&')}`;
}

/** Asks these dictionaries now (one batched call, api/index.ts). */
export function startDicts(codes: readonly string[]): void {
  prefetchDicts(codes);
}

/** Starts module `name`'s list call at `path` with `params`, unless the same one is under way. */
export function startListCall(name: string, path: string, params: Record<string, string>): void {
  const key = keyOf(name, params);
  const now = Date.now();
  const hit = early.get(key);
  if (hit && now - hit.at < EARLY_TTL_MS && hit.writes === writeCount()) return;
  const controller = new AbortController();
  const answer = http.get<Page<Row>>(path, params, { silent: true, signal: controller.signal });
  const entry: Early = { at: now, writes: writeCount(), answer, controller };
  answer.then((res) => { if (res.success) entry.settled = res; }, () => early.delete(key));
  early.set(key, entry);
}

/** Whether an early answer may still be shown: fresh, and no write sent since it was asked. */
const usable = (hit: Early) => Date.now() - hit.at < EARLY_TTL_MS && hit.writes === writeCount();

/**
 * The early answer for exactly these parameters if it has already come and succeeded, taken
 * once (the page renders its rows with its first render); undefined otherwise (the page then
 * takes the call under way with takeFirstList).
 */
export function settledFirstList(schema: { name: string }, params: Record<string, string>): Envelope<Page<Row>> | undefined {
  const key = keyOf(schema.name, params);
  const hit = early.get(key);
  if (!hit?.settled || !usable(hit)) return undefined;
  early.delete(key);
  return hit.settled;
}

/**
 * The early answer for exactly these parameters, once; undefined when there is none. From
 * then on the taker owns the request: its `signal` aborting (unmount, a newer query) aborts it.
 */
export function takeFirstList(schema: { name: string }, params: Record<string, string>, signal: AbortSignal): Promise<Envelope<Page<Row>>> | undefined {
  const key = keyOf(schema.name, params);
  const hit = early.get(key);
  if (!hit) return undefined;
  early.delete(key);
  if (!usable(hit)) {
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
