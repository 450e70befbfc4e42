/**
 * A minimal signed API client for the bench (and any Node script): the same protocol
 * as the console (src/core/protocol), over Node's fetch (keep-alive).
 */
import { randomBytes } from 'node:crypto';
import {
  API_ROOT,
  DEFAULT_PROTOCOL_CONFIG,
  H,
  TIMESTAMP_PARAM,
  computeSign,
  headerValues,
  type Envelope,
  type ProtocolConfig,
} from '../src/core/protocol/index.js';
// node:crypto cipher (same bytes as core cipher.ts), so the load generator spends little CPU
import { decryptText, encryptJson, makeAccessAuth } from '../src/server/protocol/cipher.js';

export type Query = Record<string, string | number | boolean>;

export class ApiClient {
  token: string | null = null;
  tenantId: string | number | null = null;

  constructor(
    readonly origin: string,
    readonly cfg: ProtocolConfig = DEFAULT_PROTOCOL_CONFIG,
  ) {}

  private headers(path: string, query: Query | undefined, body: unknown): Record<string, string> {
    const ts = String(Date.now());
    const random = randomBytes(16).toString('hex');
    const h = headerValues(this.cfg, { token: this.token, tenantId: this.tenantId, random }, makeAccessAuth(this.cfg, random));
    h[H.sign] = computeSign(path, query, body, this.cfg.signSecret, ts);
    h[H.timestamp] = ts;
    return h;
  }

  private async read<T>(res: Response): Promise<Envelope<T>> {
    const text = await res.text();
    const json = text.startsWith('{') ? text : decryptJsonText(text, this.cfg);
    return JSON.parse(json) as Envelope<T>;
  }

  /** The URL (from the API root on) and headers of a signed GET, for any transport (fetch, app.inject). */
  signedGet(path: string, query: Query = {}): { url: string; headers: Record<string, string> } {
    const q: Query = { ...query };
    if (!path.startsWith('/sys/dict/getDictItems/')) q[TIMESTAMP_PARAM] = Math.floor(Date.now() / 1000);
    const qs = new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)])).toString();
    return { url: `${API_ROOT}${path}${qs ? `?${qs}` : ''}`, headers: this.headers(path, q, undefined) };
  }

  /** Signed GET; returns the raw response (timing callers read the body themselves). */
  rawGet(path: string, query: Query = {}): Promise<Response> {
    const { url, headers } = this.signedGet(path, query);
    return fetch(`${this.origin}${url}`, { headers });
  }

  async get<T>(path: string, query: Query = {}): Promise<Envelope<T>> {
    return this.read<T>(await this.rawGet(path, query));
  }

  async post<T>(path: string, body: unknown): Promise<Envelope<T>> {
    const res = await fetch(`${this.origin}${API_ROOT}${path}`, {
      method: 'POST',
      headers: this.headers(path, undefined, body),
      body: this.cfg.encrypt ? encryptJson(body, this.cfg) : JSON.stringify(body),
    });
    return this.read<T>(res);
  }

  async login(username: string, password: string): Promise<void> {
    const r = await this.post<{ token: string; userInfo: { tenantId?: string | number } }>('/sys/login', { username, password });
    if (!r.success || !r.result?.token) throw new Error(`login ${username} failed: ${r.code} ${r.message}`);
    this.token = r.result.token;
    this.tenantId = r.result.userInfo?.tenantId ?? null;
  }

  /** Decodes a response body text (encrypted or plain). */
  decode<T>(text: string): Envelope<T> {
    return JSON.parse(text.startsWith('{') ? text : decryptJsonText(text, this.cfg)) as Envelope<T>;
  }
}

function decryptJsonText(text: string, cfg: ProtocolConfig): string {
  return decryptText(text.trim(), cfg);
}
