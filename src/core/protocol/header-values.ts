/**
 * Header names of the protocol and the header values every call carries, without the
 * cipher: the caller passes the encrypted access-auth value (headers.ts baseHeaders for a
 * synchronous caller, the console's WebCrypto cipher for the browser).
 */
import type { ProtocolConfig } from './config.js';

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

export interface HeaderContext {
  token?: string | null;
  tenantId?: string | number | null;
  orgId?: string | number | null;
  /** 32 random hex characters; injectable for tests. */
  random: string;
}

/** The headers every call carries (signing headers are added per call); `accessAuth` is already encrypted. */
export function headerValues(cfg: ProtocolConfig, ctx: HeaderContext, accessAuth: string): Record<string, string> {
  const h: Record<string, string> = {
    [H.terminalVersion]: cfg.terminalVersion,
    [H.terminalType]: TERMINAL_TYPE,
    [H.userType]: USER_TYPE,
    [H.accessAuth]: accessAuth,
    [H.regulatorArea]: cfg.regulatorArea,
    [H.tenantId]: String(ctx.tenantId || 0),
    [H.orgId]: String(ctx.orgId || 0),
    [H.contentType]: 'application/json',
  };
  if (ctx.token) h[H.accessToken] = ctx.token;
  return h;
}
