/**
 * Protocol configuration. The values here are development defaults only:
 * the server reads overrides from its environment (see src/server/config.ts)
 * and the client from Vite's `VITE_*` variables (src/client/api/config.ts).
 */
export interface ProtocolConfig {
  /** Signing secret appended to the canonical string before MD5. */
  signSecret: string;
  /** AES-128-CBC key and IV, 16 UTF-8 characters each. */
  aesKey: string;
  aesIv: string;
  /** Body encryption switch (post/put bodies and JSON responses). */
  encrypt: boolean;
  /** Fixed suffix of the access-auth token. */
  accessAuthSuffix: string;
  /** Terminal version sent in X-Terminal-Version. */
  terminalVersion: string;
  /** Regulator area code sent in X-Regulator-Area. */
  regulatorArea: string;
}

export const DEFAULT_PROTOCOL_CONFIG: ProtocolConfig = {
  signSecret: 'dd05f1c54d63749eda95f9fa6d49v442a',
  aesKey: 'hosp1234admin567',
  aesIv: 'hosp7654iv321abc',
  encrypt: true,
  accessAuthSuffix: '@hospital-web',
  terminalVersion: '1.0.0',
  regulatorArea: '640000',
};

/** Prefix that every signature starts with, whatever the deployed API base. */
export const SIGN_PREFIX = '/hospital';
/** Where the project's own server mounts the API. */
export const API_ROOT = '/hospital';
/** Allowed clock skew of X-TIMESTAMP, in ms (5 minutes). */
export const MAX_TIMESTAMP_SKEW_MS = 5 * 60 * 1000;
/** Client request timeout, ms. */
export const REQUEST_TIMEOUT_MS = 90_000;
/** Token lifetime, ms (: 7 days). */
export const TOKEN_TTL_MS = 604_800_000;
