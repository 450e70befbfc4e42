/**
 * Body cipher on WebCrypto (SubtleCrypto AES-CBC, whose padding is PKCS#7): the same bytes as
 * cipher.ts (AES-128-CBC, key and IV as UTF-8, standard base64), asynchronous and native, for
 * the console. It imports no crypto library, so the login bundle carries none.
 */
import type { ProtocolConfig } from './config.js';

type Keys = Pick<ProtocolConfig, 'aesKey' | 'aesIv'>;

const utf8 = new TextEncoder();
/** fatal: a wrong key yields bytes that are not UTF-8, which must throw as cipher.ts does */
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** One imported key per key text: importKey is the costly step of a call. */
const keyCache = new Map<string, Promise<CryptoKey>>();

function subtle(): SubtleCrypto {
  const s = globalThis.crypto?.subtle;
  if (!s) throw new Error('WebCrypto (crypto.subtle) is not available: serve the console over https or localhost');
  return s;
}

function keyFor(aesKey: string): Promise<CryptoKey> {
  let k = keyCache.get(aesKey);
  if (!k) {
    k = subtle().importKey('raw', utf8.encode(aesKey), { name: 'AES-CBC' }, false, ['encrypt', 'decrypt']);
    keyCache.set(aesKey, k);
  }
  return k;
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

export function bytesToBase64(b: Uint8Array): string {
  let out = '';
  let i = 0;
  for (; i + 2 < b.length; i += 3) {
    const n = (b[i]! << 16) | (b[i + 1]! << 8) | b[i + 2]!;
    out += B64[n >> 18]! + B64[(n >> 12) & 63]! + B64[(n >> 6) & 63]! + B64[n & 63]!;
  }
  const rest = b.length - i;
  if (rest === 1) {
    const n = b[i]! << 16;
    out += `${B64[n >> 18]!}${B64[(n >> 12) & 63]!}==`;
  } else if (rest === 2) {
    const n = (b[i]! << 16) | (b[i + 1]! << 8);
    out += `${B64[n >> 18]!}${B64[(n >> 12) & 63]!}${B64[(n >> 6) & 63]!}=`;
  }
  return out;
}

const B64_INDEX = new Int16Array(128).fill(-1);
for (let i = 0; i < B64.length; i++) B64_INDEX[B64.charCodeAt(i)] = i;

type FromBase64 = (s: string, o: { lastChunkHandling: 'strict' }) => Uint8Array<ArrayBuffer>;
/** The browser's own decoder where it has one (Chromium 140+): a list or permission answer of
 * a few hundred KB decodes in about a millisecond instead of ten in the loop below. */
const nativeFromBase64 = (Uint8Array as unknown as { fromBase64?: FromBase64 }).fromBase64?.bind(Uint8Array);

/** Standard base64 to bytes; throws on anything else (the same check as cipher.ts). */
export function base64ToBytes(s: string, native: FromBase64 | undefined = nativeFromBase64): Uint8Array<ArrayBuffer> {
  if (s.length === 0 || s.length % 4 !== 0) throw new Error('ciphertext is not base64');
  const pad = s.endsWith('==') ? 2 : s.endsWith('=') ? 1 : 0;
  const size = (s.length / 4) * 3 - pad;
  if (native) {
    let bytes: Uint8Array<ArrayBuffer>;
    try {
      bytes = native(s, { lastChunkHandling: 'strict' });
    } catch {
      throw new Error('ciphertext is not base64');
    }
    // the native decoder skips ASCII whitespace: any shows as a shorter result
    if (bytes.length !== size) throw new Error('ciphertext is not base64');
    return bytes;
  }
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(s)) throw new Error('ciphertext is not base64');
  const out = new Uint8Array(size);
  let o = 0;
  for (let i = 0; i < s.length; i += 4) {
    const n = (B64_INDEX[s.charCodeAt(i)]! << 18) | (B64_INDEX[s.charCodeAt(i + 1)]! << 12)
      | ((B64_INDEX[s.charCodeAt(i + 2)]! & 63) << 6) | (B64_INDEX[s.charCodeAt(i + 3)]! & 63);
    out[o++] = n >> 16;
    if (o < out.length) out[o++] = (n >> 8) & 255;
    if (o < out.length) out[o++] = n & 255;
  }
  return out;
}

export async function encryptTextWeb(plain: string, cfg: Keys): Promise<string> {
  const key = await keyFor(cfg.aesKey);
  const ct = await subtle().encrypt({ name: 'AES-CBC', iv: utf8.encode(cfg.aesIv) }, key, utf8.encode(plain));
  return bytesToBase64(new Uint8Array(ct));
}

/** Decrypts base64 ciphertext; rejects on anything that is not valid ciphertext for this key. */
export async function decryptTextWeb(cipherB64: string, cfg: Keys): Promise<string> {
  const bytes = base64ToBytes(cipherB64);
  if (bytes.length === 0 || bytes.length % 16 !== 0) throw new Error('ciphertext does not decrypt');
  const key = await keyFor(cfg.aesKey);
  let plain: ArrayBuffer;
  try {
    plain = await subtle().decrypt({ name: 'AES-CBC', iv: utf8.encode(cfg.aesIv) }, key, bytes);
  } catch {
    throw new Error('ciphertext does not decrypt'); // bad padding: wrong key or damaged text
  }
  if (plain.byteLength === 0) throw new Error('ciphertext does not decrypt');
  return strictUtf8.decode(plain); // throws on a wrong key that happened to pad correctly
}

/** The encrypted access-auth header (random + suffix), as headers.ts makeAccessAuth. */
export function makeAccessAuthWeb(cfg: Pick<ProtocolConfig, 'aesKey' | 'aesIv' | 'accessAuthSuffix'>, random: string): Promise<string> {
  return encryptTextWeb(random + cfg.accessAuthSuffix, cfg);
}
