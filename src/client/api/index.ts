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
export { createHttp, RequestError, sessionHooks, parseEnvelopeText, handleHttpError, TEXTS } from './request';
export type { Http, HttpDeps, CallOptions, Params, Method } from './request';
export { API_BASE, protocolConfig, getFileAccessHttpUrl, STATIC_PREFIX } from './config';
export { feedback, setFeedback } from './feedback';

export const http = createHttp();

const dictCache = new Map<string, Promise<DictItem[]>>();

/** Dictionary items, cached per code. A failed load resolves [] and is not cached. */
export function getDictItems(code: string): Promise<DictItem[]> {
  let p = dictCache.get(code);
  if (!p) {
    p = http
      .get<DictItem[]>(`/sys/dict/getDictItems/${code}`)
      .then((env) => {
        if (!env.success || !Array.isArray(env.result)) throw new Error(env.message || code);
        return env.result.map((i) => ({ ...i, value: String(i.value) }));
      })
      .catch(() => {
        dictCache.delete(code);
        return [] as DictItem[];
      });
    dictCache.set(code, p);
  }
  return p;
}

export function clearDictCache(code?: string): void {
  if (code === undefined) dictCache.clear();
  else dictCache.delete(code);
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
