/**
 * The request layer (signing, cipher, the error catalogue) on top of ky.
 *
 * Every call is signed afresh (new X-TIMESTAMP in ms and access-auth random, so the server's
 * replay refusal never hits a real call; there are no automatic retries): X-Sign = core
 * computeSign over the path relative to the API base, the query params (minus `_t`, sent and
 * signed as text) and the plaintext body (signed with its types, nested values included).
 * A DELETE whose query is longer than MAX_QUERY_LENGTH sends its params as the body instead. GET calls except
 * `/sys/dict/getDictItems/*` add `_t` (epoch seconds, unsigned). Array query values are sent
 * comma-joined. With encryption on, post/put JSON bodies go out as the raw base64 ciphertext
 * and any text response not starting with `{` is decrypted. The cipher is the browser's own
 * (WebCrypto AES-CBC), so preparing a request and reading an answer are asynchronous.
 *
 * Results: 2xx and 400 resolve with the envelope (business / validation failures have
 * success=false; the caller shows them). 401/403/404/500/other reject after the §8 feedback;
 * 504 rejects silently.
 */
import ky, { type KyInstance } from 'ky';
import { canonicalValue, computeSign, TIMESTAMP_PARAM } from '../../core/protocol/sign';
import { H, headerValues } from '../../core/protocol/header-values';
import { decryptTextWeb, encryptTextWeb, makeAccessAuthWeb } from '../../core/protocol/cipher-web';
import type { ProtocolConfig } from '../../core/protocol/config';
import type { Envelope } from '../../core/protocol/envelope';
import { API_BASE, protocolConfig, TIMEOUT_MS } from './config';
import { feedback } from './feedback';
import { getOrgId, getTenantId, getToken } from '../state/storage';

export type Params = Record<string, unknown>;
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export const TEXTS = {
  systemTip: '系统提示',
  forbidden: '拒绝访问',
  notFound: '很抱歉，资源未找到!',
  unauthorized: '未授权，请重新登录',
  expiredTitle: '登录已过期',
  expiredContent: '很抱歉，登录已过期，请重新登录',
  expiredOk: '重新登录',
  connectionFailed: '服务器连接失败!',
} as const;

/** Thrown (rejected) for HTTP failures other than 400. */
export class RequestError extends Error {
  readonly status: number;
  readonly envelope: Envelope<unknown> | null;
  /** True when the request layer already showed feedback for it. */
  readonly notified: boolean;
  constructor(message: string, status: number, envelope: Envelope<unknown> | null, notified: boolean) {
    super(message);
    this.name = 'RequestError';
    this.status = status;
    this.envelope = envelope;
    this.notified = notified;
  }
}

export interface CallOptions {
  params?: Params;
  body?: unknown;
  /** Extra or overriding headers (e.g. the logout call passes the old token). */
  headers?: Record<string, string>;
  /** Show no §8 feedback (global config, logout). Still rejects. */
  silent?: boolean;
  /** Response kind; 'blob' skips decryption. */
  responseType?: 'json' | 'blob';
  /** Send the body as multipart/form data, plain. */
  formData?: FormData;
  signal?: AbortSignal;
}

/** Session hooks set by state/session (keeps api free of a dependency cycle). */
export const sessionHooks = {
  /** Logs out locally (and remotely); must resolve. */
  logout: async (): Promise<void> => {},
  reload: (): void => {
    if (typeof window !== 'undefined') window.location.reload();
  },
};

export interface HttpDeps {
  base?: string;
  config?: ProtocolConfig;
  fetch?: typeof fetch;
  now?: () => number;
  random?: () => string;
  token?: () => string | null;
  tenantId?: () => string | number | null;
  orgId?: () => string | number | null;
}

export function randomHex(bytes = 16): string {
  const a = new Uint8Array(bytes);
  globalThis.crypto.getRandomValues(a);
  return Array.from(a, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Splits `path?x=1` into the path and its query pairs (raw, JeecgBoot parseQueryString). */
function splitPath(path: string): { path: string; query: Params } {
  const i = path.indexOf('?');
  if (i < 0) return { path, query: {} };
  const query: Params = {};
  for (const pair of path.slice(i + 1).split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const k = eq < 0 ? pair : pair.slice(0, eq);
    const v = eq < 0 ? '' : pair.slice(eq + 1);
    try {
      query[decodeURIComponent(k)] = decodeURIComponent(v);
    } catch {
      query[k] = v;
    }
  }
  return { path: path.slice(0, i), query };
}

/**
 * The wire (and signed) form of a query value: arrays comma-joined (JSON when numeric with a
 * value over 65535, core canonicalValue), objects as JSON, the rest as strings. Signing the
 * wire strings keeps client and server canonical forms equal.
 */
export function queryValue(v: unknown): string {
  const c = canonicalValue(v);
  if (typeof c === 'string') return c;
  if (typeof c === 'object' && c !== null) return JSON.stringify(c);
  return String(c);
}

/** Drops undefined / null / '' values (JeecgBoot lists do this) so sign and URL agree. */
export function cleanParams(params: Params | undefined): Params {
  const out: Params = {};
  for (const [k, v] of Object.entries(params ?? {})) {
    if (v === undefined || v === null || v === '') continue;
    out[k] = v;
  }
  return out;
}

/** Longest query string a DELETE sends in the URL; longer ones travel in the body. */
export const MAX_QUERY_LENGTH = 2000;

function queryLength(params: Record<string, string>): number {
  return new URLSearchParams(params).toString().length;
}

export function isDictItemsPath(path: string): boolean {
  return path.includes('/sys/dict/getDictItems/');
}

export interface PreparedRequest {
  url: string;
  method: Method;
  headers: Record<string, string>;
  body: BodyInit | undefined;
  signedParams: Params;
}

/** Writes sent so far by this page (any method but GET): an answer asked before one may be stale. */
let writesSent = 0;
export const writeCount = (): number => writesSent;

export function createHttp(deps: HttpDeps = {}) {
  const base = (deps.base ?? API_BASE).replace(/\/+$/, '');
  const cfg = deps.config ?? protocolConfig;
  const now = deps.now ?? Date.now;
  const random = deps.random ?? randomHex;
  const token = deps.token ?? getToken;
  const tenantId = deps.tenantId ?? getTenantId;
  const orgId = deps.orgId ?? getOrgId;

  /**
   * The next call's access-auth random and its ciphertext, made ahead: WebCrypto answers in a
   * later task, and a call that waited for it reached fetch only after whatever task held the
   * main thread next (a menu click's list call left after a slice of the new page's render,
   * up to 12 ms late). A GET now reaches fetch in the task that asked for it. Each pair is used
   * once, and the next one is made at once.
   */
  let nextAuth: { random: string; auth: string } | undefined;
  let makingAuth = false;
  function makeNextAuth(): void {
    if (makingAuth || nextAuth) return;
    makingAuth = true;
    const r = random();
    makeAccessAuthWeb(cfg, r).then(
      (auth) => {
        makingAuth = false;
        nextAuth = { random: r, auth };
      },
      () => {
        makingAuth = false;
      },
    );
  }
  function takeAuth(): { random: string; auth: string | Promise<string> } {
    const ready = nextAuth;
    nextAuth = undefined;
    makeNextAuth();
    if (ready) return ready;
    const r = random();
    return { random: r, auth: makeAccessAuthWeb(cfg, r) };
  }
  makeNextAuth();

  const client: KyInstance = ky.create({
    timeout: TIMEOUT_MS,
    retry: 0,
    throwHttpErrors: false,
    ...(deps.fetch ? { fetch: deps.fetch } : {}),
  });

  async function prepare(method: Method, rawPath: string, opts: CallOptions): Promise<PreparedRequest> {
    const split = splitPath(rawPath.startsWith('/') ? rawPath : `/${rawPath}`);
    const path = split.path;
    const params: Record<string, string> = {};
    for (const [k, v] of Object.entries({ ...split.query, ...cleanParams(opts.params) })) {
      if (k !== TIMESTAMP_PARAM) params[k] = queryValue(v);
    }
    const ts = now();
    let plainBody = opts.formData ? undefined : opts.body;
    // a DELETE whose query would not fit a URL (a long deleteBatch id list) sends it as the body
    if (method === 'DELETE' && plainBody === undefined && queryLength(params) > MAX_QUERY_LENGTH) {
      plainBody = { ...params };
      for (const k of Object.keys(params)) delete params[k];
    }
    const auth = takeAuth();
    const ctx = { token: token(), tenantId: tenantId(), orgId: orgId(), random: auth.random };
    const sign = computeSign(path, params, plainBody, cfg.signSecret, ts);
    const json = !opts.formData && method !== 'GET' && plainBody !== undefined ? JSON.stringify(plainBody) : undefined;
    // the body is encrypted beside the access-auth if that was not made ahead (WebCrypto works off the main thread)
    const [accessAuth, cipherBody] = await Promise.all([
      auth.auth,
      json !== undefined && cfg.encrypt ? encryptTextWeb(json, cfg) : Promise.resolve(json),
    ]);
    const headers = headerValues(cfg, ctx, accessAuth);
    headers[H.sign] = sign;
    headers[H.timestamp] = String(ts);
    Object.assign(headers, opts.headers ?? {});

    const search = new URLSearchParams();
    if (method === 'GET' && !isDictItemsPath(path)) search.set(TIMESTAMP_PARAM, String(Math.floor(ts / 1000)));
    for (const [k, v] of Object.entries(params)) search.set(k, v);
    const qs = search.toString();

    let body: BodyInit | undefined;
    if (opts.formData) {
      body = opts.formData;
      delete headers[H.contentType]; // the browser sets the multipart boundary
    } else if (cipherBody !== undefined) {
      body = cipherBody;
    }
    return { url: `${base}${path}${qs ? `?${qs}` : ''}`, method, headers, body, signedParams: params };
  }

  async function readEnvelope(res: Response): Promise<Envelope<unknown> | null> {
    let text: string;
    try {
      text = await res.text();
    } catch {
      return null;
    }
    return parseEnvelopeText(text, cfg);
  }

  function fail(status: number, env: Envelope<unknown> | null, silent: boolean | undefined): RequestError {
    const msg = env?.message ?? '';
    if (silent) return new RequestError(msg || TEXTS.connectionFailed, status, env, false);
    const shown = handleHttpError(status, env, cfg);
    return new RequestError(msg || shownText(status) || TEXTS.connectionFailed, status, env, shown);
  }

  async function send(prepared: PreparedRequest, opts: CallOptions): Promise<Response> {
    try {
      return await client(prepared.url, {
        method: prepared.method,
        headers: prepared.headers,
        body: prepared.body,
        signal: opts.signal,
      });
    } catch (e) {
      if ((e as Error)?.name === 'AbortError') throw e;
      throw fail(0, null, opts.silent);
    }
  }

  async function call<T>(method: Method, path: string, opts: CallOptions = {}): Promise<Envelope<T>> {
    if (method !== 'GET') writesSent++;
    const prepared = await prepare(method, path, opts);
    const res = await send(prepared, opts);
    const env = await readEnvelope(res);
    if (res.ok && env) return env as Envelope<T>;
    // 400 (a field or a rule) and 409 (the record moved since it was read) are answers the caller handles
    if ((res.status === 400 || res.status === 409) && env) return env as Envelope<T>;
    throw fail(res.status, env, opts.silent);
  }

  async function blob(method: 'GET' | 'POST', path: string, opts: CallOptions = {}): Promise<Blob> {
    if (method !== 'GET') writesSent++;
    const prepared = await prepare(method, path, opts);
    const res = await send(prepared, opts);
    if (res.ok) return res.blob();
    throw fail(res.status, await readEnvelope(res), opts.silent);
  }

  return {
    prepare,
    call,
    get: <T = unknown>(path: string, params?: Params, opts?: CallOptions) => call<T>('GET', path, { ...opts, params }),
    post: <T = unknown>(path: string, body?: unknown, params?: Params, opts?: CallOptions) =>
      call<T>('POST', path, { ...opts, body, params }),
    put: <T = unknown>(path: string, body?: unknown, params?: Params, opts?: CallOptions) =>
      call<T>('PUT', path, { ...opts, body, params }),
    delete: <T = unknown>(path: string, params?: Params, opts?: CallOptions) => call<T>('DELETE', path, { ...opts, params }),
    /** Blob download, GET with params or POST with a JSON body / form data. */
    download: (path: string, opts: { method?: 'GET' | 'POST'; params?: Params; body?: unknown; formData?: FormData } = {}) =>
      blob(opts.method ?? 'GET', path, opts),
    /** Plain multipart upload. */
    upload: <T = unknown>(path: string, formData: FormData, params?: Params) =>
      call<T>('POST', path, { formData, params }),
  };
}

export type Http = ReturnType<typeof createHttp>;

/** Parses a response text into an envelope, decrypting it when it does not start with `{`. */
export async function parseEnvelopeText(text: string, cfg: ProtocolConfig = protocolConfig): Promise<Envelope<unknown> | null> {
  const t = text.trim();
  if (!t) return null;
  let json = t;
  if (!t.startsWith('{') && !t.startsWith('[')) {
    try {
      json = await decryptTextWeb(t, cfg);
    } catch {
      return null;
    }
  }
  try {
    const v = JSON.parse(json) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Envelope<unknown>) : null;
  } catch {
    return null;
  }
}

function shownText(status: number): string {
  if (status === 403) return TEXTS.forbidden;
  if (status === 404) return TEXTS.notFound;
  if (status === 401) return TEXTS.unauthorized;
  return '';
}

let expiredModalOpen = false;
/** A 401 logout is scheduled (the page reloads with it). */
let unauthorizedPending = false;

/** Seed §8. Returns whether something was shown. */
export function handleHttpError(status: number, env: Envelope<unknown> | null, cfg: ProtocolConfig = protocolConfig): boolean {
  const msg = env?.message ?? '';
  const notify = (description: string) =>
    feedback.notification.error({ message: TEXTS.systemTip, description, duration: 4 });
  switch (status) {
    case 403:
      notify(TEXTS.forbidden);
      return true;
    case 404:
      notify(TEXTS.notFound);
      return true;
    case 401:
      // One notice (keyed) however many calls fail; it stays on screen with the shell still mounted
      // for 1.5 s, and only then the session is cleared and the page reloads (logging out first
      // would unmount the shell, and the notice with it, before anyone could read it).
      feedback.notification.error({ key: 'unauthorized', message: TEXTS.systemTip, description: TEXTS.unauthorized, duration: 4 });
      if (getToken() && !unauthorizedPending) {
        unauthorizedPending = true;
        setTimeout(() => void sessionHooks.logout().finally(() => sessionHooks.reload()), 1500);
      }
      return true;
    case 504:
      return false;
    case 500:
      if (msg.includes('Token失效') || (cfg.encrypt && Number(env?.code) === 500)) {
        if (!expiredModalOpen) {
          expiredModalOpen = true;
          feedback.modal.error({
            title: TEXTS.expiredTitle,
            content: TEXTS.expiredContent,
            okText: TEXTS.expiredOk,
            mask: false,
            onOk: async () => {
              expiredModalOpen = false;
              await sessionHooks.logout();
              sessionHooks.reload();
            },
          });
        }
        return true;
      }
      notify(msg || TEXTS.connectionFailed);
      return true;
    default:
      notify(msg || TEXTS.connectionFailed);
      return true;
  }
}
