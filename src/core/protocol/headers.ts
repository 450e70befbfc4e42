/** Header names of the protocol, one place for client and server. */
import type { ProtocolConfig } from './config.js';
import { encryptText } from './cipher.js';

export const H = {
  terminalVersion: 'X-Terminal-Version',
  terminalType: 'X-Terminal-Type',
  userType: 'userType',
  accessAuth: 'X-Access-Auth',
  regulatorArea: 'X-Regulator-Area',
  tenantId: 'tenant-id',
  orgId: 'org-id',
  contentType: 'Content-Type',
  accessToken: 'X-Access-Token',
  sign: 'X-Sign',
  timestamp: 'X-TIMESTAMP',
} as const;

export const TERMINAL_TYPE = 'WEB';
export const USER_TYPE = '4';

/** Encrypted random token with the fixed suffix; the server decrypts and checks the suffix. */
export function makeAccessAuth(cfg: ProtocolConfig, random: string): string {
  return encryptText(random + cfg.accessAuthSuffix, cfg);
}

export interface HeaderContext {
  token?: string | null;
  tenantId?: string | number | null;
  orgId?: string | number | null;
  /** 32 random hex characters; injectable for tests. */
  random: string;
}

/** The headers every call carries (signing headers are added per call). */
export function baseHeaders(cfg: ProtocolConfig, ctx: HeaderContext): Record<string, string> {
  const h: Record<string, string> = {
    [H.terminalVersion]: cfg.terminalVersion,
    [H.terminalType]: TERMINAL_TYPE,
    [H.userType]: USER_TYPE,
    [H.accessAuth]: makeAccessAuth(cfg, ctx.random),
    [H.regulatorArea]: cfg.regulatorArea,
    [H.tenantId]: String(ctx.tenantId || 0),
    [H.orgId]: String(ctx.orgId || 0),
    [H.contentType]: 'application/json',
  };
  if (ctx.token) h[H.accessToken] = ctx.token;
  return h;
}
