/**
 * Client protocol configuration: Vite `VITE_*` variables override the core defaults.
 *   VITE_API_BASE (default /hospital), VITE_SIGN_SECRET, VITE_AES_KEY, VITE_AES_IV,
 *   VITE_ENCRYPT ('false' / '0' / 'off' turns body encryption off).
 */
import { API_ROOT, DEFAULT_PROTOCOL_CONFIG, REQUEST_TIMEOUT_MS, type ProtocolConfig } from '../../core/protocol/config';

type Env = Record<string, string | boolean | undefined>;

function readEnv(): Env {
  try {
    return (import.meta.env ?? {}) as Env;
  } catch {
    return {};
  }
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' && v !== '' ? v : undefined;
}

export function parseBool(v: unknown, def: boolean): boolean {
  if (typeof v === 'boolean') return v;
  if (typeof v !== 'string' || v === '') return def;
  return !['false', '0', 'off', 'no'].includes(v.toLowerCase());
}

export function buildProtocolConfig(env: Env = readEnv()): ProtocolConfig {
  return {
    ...DEFAULT_PROTOCOL_CONFIG,
    signSecret: str(env.VITE_SIGN_SECRET) ?? DEFAULT_PROTOCOL_CONFIG.signSecret,
    aesKey: str(env.VITE_AES_KEY) ?? DEFAULT_PROTOCOL_CONFIG.aesKey,
    aesIv: str(env.VITE_AES_IV) ?? DEFAULT_PROTOCOL_CONFIG.aesIv,
    encrypt: parseBool(env.VITE_ENCRYPT, DEFAULT_PROTOCOL_CONFIG.encrypt),
  };
}

/** API base the console talks to (no trailing slash). */
export const API_BASE: string = (str(readEnv().VITE_API_BASE) ?? API_ROOT).replace(/\/+$/, '');
export const protocolConfig: ProtocolConfig = buildProtocolConfig();
export const TIMEOUT_MS = REQUEST_TIMEOUT_MS;

/** Static file prefix (JeecgBoot `staticDomainURL`). */
export const STATIC_PREFIX = `${API_BASE}/sys/common/static/`;

/** Image/file path helper: relative paths get the static prefix; http(s) URLs pass. */
export function getFileAccessHttpUrl(path: string | null | undefined, base: string = API_BASE): string {
  if (!path) return '';
  if (/^https?:/i.test(path)) return path;
  if (path.includes('[')) return path;
  return `${base}/sys/common/static/${path.replace(/^\/+/, '')}`;
}
