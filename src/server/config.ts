/**
 * Environment -> server configuration. Every variable is optional; the defaults
 * give a working demo server on :8080 with ./data/hospital.db.
 */
import { DEFAULT_PROTOCOL_CONFIG, type ProtocolConfig } from '../core/protocol/index.js';

export interface ServerConfig {
  port: number;
  host: string;
  /** Fastify trustProxy: `true`, a hop count, or addresses/CIDRs; off by default (TRUST_PROXY). */
  trustProxy: boolean | number | string;
  dataDir: string;
  adminPassword: string;
  protocol: ProtocolConfig;
  /** PostgreSQL connection string; unset means SQLite under dataDir. */
  databaseUrl: string | undefined;
  seedRows: number;
  /** Exports of more rows than this run in the background (EXPORT_ASYNC_ROWS); unset: the queue's default. */
  exportAsyncRows: number | undefined;
  staticDir: string;
  /** Site identity served by /config/globalConfig. */
  site: SiteIdentity;
  /** Regulator upload queue: how often due rows are sent (UPLOAD_INTERVAL_MS) and the first retry delay (UPLOAD_BACKOFF_MS). */
  uploadIntervalMs: number;
  uploadBackoffMs: number;
  /** CAS server base URL (CAS_SERVER_URL): the console logs in through CAS when set. */
  casServerUrl: string | undefined;
}

export interface SiteIdentity {
  orgName: string;
  /** Uploaded logo path (served under /sys/common/static) or an http(s) URL; empty: the console's own. */
  orgLogo: string;
  icpNumber: string;
}

function bool(v: string | undefined, dflt: boolean): boolean {
  if (v === undefined || v === '') return dflt;
  return !/^(0|false|off|no)$/i.test(v.trim());
}

function int(v: string | undefined, dflt: number): number {
  const n = v === undefined ? NaN : Number.parseInt(v, 10);
  return Number.isFinite(n) && n >= 0 ? n : dflt;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const d = DEFAULT_PROTOCOL_CONFIG;
  return {
    port: int(env.PORT, 8080),
    host: env.HOST || '0.0.0.0',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    dataDir: env.DATA_DIR || './data',
    adminPassword: env.ADMIN_PASSWORD || 'Admin@123456',
    protocol: {
      ...d,
      signSecret: env.SIGN_SECRET || d.signSecret,
      aesKey: env.AES_KEY || d.aesKey,
      aesIv: env.AES_IV || d.aesIv,
      encrypt: bool(env.ENCRYPT, d.encrypt),
      accessAuthSuffix: env.ACCESS_AUTH_SUFFIX || d.accessAuthSuffix,
    },
    databaseUrl: env.DATABASE_URL || undefined,
    seedRows: int(env.SEED_ROWS, 60),
    exportAsyncRows: env.EXPORT_ASYNC_ROWS ? int(env.EXPORT_ASYNC_ROWS, 5000) : undefined,
    staticDir: env.STATIC_DIR || 'dist/client',
    site: {
      orgName: env.ORG_NAME || '互联网医院后台管理',
      orgLogo: env.ORG_LOGO || '',
      icpNumber: env.ICP_NUMBER || '宁ICP备00000000号-1',
    },
    uploadIntervalMs: int(env.UPLOAD_INTERVAL_MS, 30_000),
    uploadBackoffMs: int(env.UPLOAD_BACKOFF_MS, 60_000),
    casServerUrl: env.CAS_SERVER_URL || undefined,
  };
}

/** TRUST_PROXY: unset/false → off; true → any proxy; a number → that many hops; else addresses. */
export function parseTrustProxy(v: string | undefined): boolean | number | string {
  if (!v || v === 'false' || v === '0') return false;
  if (v === 'true') return true;
  return /^\d+$/.test(v) ? Number(v) : v;
}
