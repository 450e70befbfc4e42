/**
 * Public API of the request layer, used by state/, pages/, shell/ and engine/.
 *
 *   http.get<T>(path, params?)            -> Promise<Envelope<T>>
 *   http.post<T>(path, body?, params?)    -> Promise<Envelope<T>>
 *   http.put<T>(path, body?, params?)     -> Promise<Envelope<T>>
 *   http.delete<T>(path, params?)         -> Promise<Envelope<T>>
 *   http.download(path, {method, params, body, formData}) -> Promise<Blob>
 *   http.upload<T>(path, formData, params?) -> Promise<Envelope<T>>
 *
 * Business and validation failures (HTTP 2xx/400 with success=false) resolve; the other
 * HTTP failures reject with RequestError after the feedback.
 */
import type { DictItem } from '../../core/schema/types';
import type { Envelope, Page } from '../../core/protocol/envelope';
import { createHttp } from './request';

export type { Envelope, Page, DictItem };
export { createHttp, RequestError, sessionHooks, parseEnvelopeText, handleHttpError, TEXTS, writeCount } from './request';
export type { Http, HttpDeps, CallOptions, Params, Method } from './request';
export { API_BASE, protocolConfig, getFileAccessHttpUrl, STATIC_PREFIX } from './config';
export { feedback, setFeedback } from './feedback';

export const http = createHttp();

const dictCache = new Map<string, Promise<DictItem[]>>();
/** Items of the codes whose answer has arrived, readable synchronously (a first render can use them). */
const dictDone = new Map<string, DictItem[]>();

/** Codes asked in the current task, fetched together by the next flush. */
let queued: Map<string, { resolve: (items: DictItem[]) => void }> | null = null;
let flushTimer: ReturnType<typeof setTimeout> | undefined;

const normalize = (items: DictItem[]) => items.map((i) => ({ ...i, value: String(i.value) }));

/**
 * One call for every code asked in the same task (a page's columns and search fields ask
 * theirs while rendering): one code through getDictItems/<code>, several through
 * getDictItemsBatch. A code that fails resolves [] and is not cached.
 */
function flushDicts(): void {
  const batch = queued!;
  queued = null;
  clearTimeout(flushTimer);
  const codes = [...batch.keys()];
  const settle = (code: string, items: DictItem[] | undefined) => {
    if (!items) dictCache.delete(code);
    else dictDone.set(code, items);
    batch.get(code)!.resolve(items ?? []);
  };
  if (codes.length === 1) {
    const code = codes[0]!;
    http.get<DictItem[]>(`/sys/dict/getDictItems/${code}`).then(
      (env) => settle(code, env.success && Array.isArray(env.result) ? normalize(env.result) : undefined),
      () => settle(code, undefined),
    );
    return;
  }
  http.get<Record<string, DictItem[]>>('/sys/dict/getDictItemsBatch', { codes: codes.join(',') }, { silent: true }).then(
    (env) => {
      const all = env.success && env.result && typeof env.result === 'object' ? env.result : {};
      for (const code of codes) settle(code, Array.isArray(all[code]) ? normalize(all[code]!) : undefined);
    },
    () => codes.forEach((code) => settle(code, undefined)),
  );
}

/** Dictionary items, cached per code. A failed load resolves [] and is not cached. */
export function getDictItems(code: string): Promise<DictItem[]> {
  let p = dictCache.get(code);
  if (!p) {
    if (!queued) {
      queued = new Map();
      flushTimer = setTimeout(flushDicts, 0);
    }
    const q = queued;
    p = new Promise<DictItem[]>((resolve) => q.set(code, { resolve }));
    dictCache.set(code, p);
  }
  return p;
}

/** The items of a dictionary already loaded, else undefined (never starts a request). */
export function peekDictItems(code: string): DictItem[] | undefined {
  return dictCache.has(code) ? dictDone.get(code) : undefined;
}

/**
 * Asks the dictionaries of these codes now, in one call with any asked earlier in this task
 * (e.g. every dictionary a page's schema uses, beside its first list call): the request leaves
 * at once instead of in a task after the page's render.
 */
export function prefetchDicts(codes: Iterable<string>): void {
  for (const c of codes) void getDictItems(c);
  if (queued) flushDicts();
}

export function clearDictCache(code?: string): void {
  if (code === undefined) {
    dictCache.clear();
    dictDone.clear();
  } else {
    dictCache.delete(code);
    dictDone.delete(code);
  }
}

/** Saves a downloaded blob under a file name. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
