/** Header names of the protocol, one place for client and server. */
import type { ProtocolConfig } from './config.js';
import { encryptText } from './cipher.js';
import { headerValues, type HeaderContext } from './header-values.js';

export { H, TERMINAL_TYPE, USER_TYPE, headerValues, type HeaderContext } from './header-values.js';

/** Encrypted random token with the fixed suffix; the server decrypts and checks the suffix. */
export function makeAccessAuth(cfg: ProtocolConfig, random: string): string {
  return encryptText(random + cfg.accessAuthSuffix, cfg);
}

/** The headers every call carries (signing headers are added per call). */
export function baseHeaders(cfg: ProtocolConfig, ctx: HeaderContext): Record<string, string> {
  return headerValues(cfg, ctx, makeAccessAuth(cfg, ctx.random));
}
