/**
 * Body cipher: AES-128-CBC, PKCS#7 padding, key and IV taken as UTF-8 bytes,
 * ciphertext carried as standard base64. Same code on client and server.
 */
import AES from 'crypto-js/aes.js';
import Utf8 from 'crypto-js/enc-utf8.js';
import Base64 from 'crypto-js/enc-base64.js';
import type { ProtocolConfig } from './config.js';

type Keys = Pick<ProtocolConfig, 'aesKey' | 'aesIv'>;

function params(cfg: Keys) {
  // crypto-js defaults are CBC mode with PKCS#7 padding; importing them
  // explicitly would pull extra modules into the login bundle.
  return { iv: Utf8.parse(cfg.aesIv) };
}

export function encryptText(plain: string, cfg: Keys): string {
  return AES.encrypt(Utf8.parse(plain), Utf8.parse(cfg.aesKey), params(cfg)).ciphertext.toString(Base64);
}

/** Decrypts base64 ciphertext; throws on anything that is not valid ciphertext for this key. */
export function decryptText(cipherB64: string, cfg: Keys): string {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(cipherB64) || cipherB64.length % 4 !== 0) {
    throw new Error('ciphertext is not base64');
  }
  const bytes = AES.decrypt(cipherB64, Utf8.parse(cfg.aesKey), params(cfg));
  if (bytes.sigBytes <= 0) throw new Error('ciphertext does not decrypt');
  return bytes.toString(Utf8); // throws "Malformed UTF-8 data" on a wrong key
}

export function encryptJson(value: unknown, cfg: Keys): string {
  return encryptText(JSON.stringify(value), cfg);
}

export function decryptJson<T = unknown>(cipherB64: string, cfg: Keys): T {
  return JSON.parse(decryptText(cipherB64, cfg)) as T;
}
