/**
 * The three body ciphers give the same bytes: core cipher.ts (the pure-JS reference that the
 * vectors were checked against with openssl), the console's WebCrypto one and the server's
 * node:crypto one. Lengths cross the 16-byte block edges and the text holds multi-byte UTF-8.
 */
import { describe, expect, it } from 'vitest';
import vectors from '../../src/core/protocol/vectors.json';
import { DEFAULT_PROTOCOL_CONFIG as C, decryptText, encryptText } from '../../src/core/protocol/index.js';
import { base64ToBytes, bytesToBase64, decryptTextWeb, encryptTextWeb, makeAccessAuthWeb } from '../../src/core/protocol/cipher-web.js';
import * as node from '../../src/server/protocol/cipher.js';

const samples = ['', 'a', '0123456789abcde', '0123456789abcdef', '0123456789abcdef0', '互联网医院后台管理', JSON.stringify({ records: Array.from({ length: 50 }, (_, i) => ({ id: String(i), realname: `张${i}`, fee: i * 1.5 })) })];

describe('body cipher implementations agree', () => {
  for (const v of vectors.cipher) {
    it(`vector ${v.plain.slice(0, 12)}… on WebCrypto and node:crypto`, async () => {
      expect(await encryptTextWeb(v.plain, vectors)).toBe(v.cipher);
      expect(await decryptTextWeb(v.cipher, vectors)).toBe(v.plain);
      expect(node.encryptText(v.plain, vectors)).toBe(v.cipher);
      expect(node.decryptText(v.cipher, vectors)).toBe(v.plain);
    });
  }

  it('same ciphertext as the reference for every block length', async () => {
    for (const s of samples) {
      const ref = encryptText(s, C);
      expect(await encryptTextWeb(s, C)).toBe(ref);
      expect(node.encryptText(s, C)).toBe(ref);
      if (s !== '') expect(await decryptTextWeb(ref, C)).toBe(s);
      if (s !== '') expect(node.decryptText(ref, C)).toBe(s);
      if (s !== '') expect(decryptText(node.encryptText(s, C), C)).toBe(s);
    }
  });

  it('base64 both ways as the standard alphabet', () => {
    for (let n = 0; n < 40; n++) {
      const b = Uint8Array.from({ length: n }, (_, i) => (i * 97 + n) & 255);
      const s = Buffer.from(b).toString('base64');
      expect(bytesToBase64(b)).toBe(s);
      if (n > 0) expect([...base64ToBytes(s)]).toEqual([...b]);
      if (n > 0) expect([...base64ToBytes(s, nodeFromBase64)]).toEqual([...b]);
    }
  });

  it('base64 decoding refuses whitespace, other alphabets and bad padding, with the browser decoder or without', () => {
    for (const native of [undefined, nodeFromBase64]) {
      for (const bad of ['', 'QUJ', 'QU JD', 'QUJD\nQUJD', 'QUJD    ', 'QU-_', 'Q===', 'QUJD=QUJ']) {
        expect(() => base64ToBytes(bad, native), JSON.stringify(bad)).toThrow('ciphertext is not base64');
      }
    }
  });

  it('refuse text that is not ciphertext for this key', async () => {
    const wrong = { aesKey: '0000000000000000', aesIv: C.aesIv };
    await expect(decryptTextWeb('{"a":1}', C)).rejects.toThrow();
    await expect(decryptTextWeb(encryptText('hello world, 你好', C), wrong)).rejects.toThrow();
    await expect(decryptTextWeb('QUJD', C)).rejects.toThrow();
    expect(() => node.decryptText('{"a":1}', C)).toThrow();
    expect(() => node.decryptText(encryptText('hello world, 你好', C), wrong)).toThrow();
    expect(() => node.decryptText('QUJD', C)).toThrow();
  });

  it('access-auth header decrypts to random + suffix', async () => {
    expect(decryptText(await makeAccessAuthWeb(C, 'f'.repeat(32)), C)).toBe('f'.repeat(32) + C.accessAuthSuffix);
    expect(decryptText(node.makeAccessAuth(C, 'a'.repeat(32)), C)).toBe('a'.repeat(32) + C.accessAuthSuffix);
  });
});

/** A stand-in for the browser's Uint8Array.fromBase64 (strict, skipping ASCII whitespace), on Node's decoder. */
function nodeFromBase64(s: string, o: { lastChunkHandling: 'strict' }): Uint8Array<ArrayBuffer> {
  void o;
  const t = s.replace(/[\t\n\f\r ]/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(t) || t.length % 4 !== 0) throw new SyntaxError('not base64');
  return new Uint8Array(Buffer.from(t, 'base64'));
}

describe('MD5 of the sign string', () => {
  it('equals node:crypto md5 for ASCII and UTF-8 text across block edges', async () => {
    const { createHash } = await import('node:crypto');
    const { md5Hex } = await import('../../src/core/protocol/md5.js');
    for (let n = 0; n < 200; n++) {
      const s = Array.from({ length: n }, (_, i) => (i % 7 === 0 ? '张' : String.fromCharCode(33 + ((i * 31 + n) % 90)))).join('');
      expect(md5Hex(s)).toBe(createHash('md5').update(s).digest('hex'));
    }
  });
});
