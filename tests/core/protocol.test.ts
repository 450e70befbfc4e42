import { describe, expect, it } from 'vitest';
import vectors from '../../src/core/protocol/vectors.json';
import {
  DEFAULT_PROTOCOL_CONFIG as C,
  canonicalJson,
  canonicalParams,
  canonicalValue,
  collidingKey,
  MAX_SIGN_DEPTH,
  computeSign,
  decryptJson,
  decryptText,
  encryptJson,
  encryptText,
  pathVariable,
  signString,
  baseHeaders,
  H,
} from '../../src/core/protocol/index.js';

// The vectors were cross-checked outside this code: the canonical strings with
// Python's hashlib.md5 and the ciphertexts with `openssl enc -aes-128-cbc`; the nested and
// typed vectors' canonical strings were built with Python's json.dumps(sort_keys=True,
// separators=(',', ':'), ensure_ascii=False) (docs/protocol.md §2.5).
describe('X-Sign test vectors', () => {
  for (const v of vectors.sign) {
    it(v.name, () => {
      const query = v.query as Record<string, unknown>;
      const body = (v as { body?: unknown }).body;
      expect(signString(v.path, canonicalParams(v.path, query, body), vectors.secret, v.timestamp)).toBe(v.canonical);
      expect(computeSign(v.path, query, body, vectors.secret, v.timestamp)).toBe(v.sign);
    });
  }

  it('ignores the _t timestamp parameter', () => {
    const a = computeSign('/x/list', { a: 1, _t: 1 }, undefined, C.signSecret, '1');
    const b = computeSign('/x/list', { a: 1, _t: 999 }, undefined, C.signSecret, '1');
    expect(a).toBe(b);
  });

  it('changes when any parameter, the path, the secret or the timestamp changes', () => {
    const base = computeSign('/x/list', { a: '1' }, undefined, C.signSecret, '1');
    expect(computeSign('/x/list', { a: '2' }, undefined, C.signSecret, '1')).not.toBe(base);
    expect(computeSign('/y/list', { a: '1' }, undefined, C.signSecret, '1')).not.toBe(base);
    expect(computeSign('/x/list', { a: '1' }, undefined, 'other', '1')).not.toBe(base);
    expect(computeSign('/x/list', { a: '1' }, undefined, C.signSecret, '2')).not.toBe(base);
  });

  it('signs numbers as strings so GET query strings and JSON bodies agree', () => {
    expect(computeSign('/p', { n: 5 }, undefined, 's', 't')).toBe(computeSign('/p', { n: '5' }, undefined, 's', 't'));
  });

  it('joins arrays with commas unless numeric and over 65535', () => {
    expect(canonicalValue(['a', 'b'])).toBe('a,b');
    expect(canonicalValue([1, 2])).toBe('1,2');
    expect(canonicalValue([1, 65536])).toBe('[1,65536]');
    expect(canonicalValue([65535])).toBe('65535');
  });

  it('passes a comma-holding last path segment as x-path-variable', () => {
    expect(pathVariable('/sys/dict/getDictItems/sys_user,realname,id')).toBe('sys_user,realname,id');
    expect(pathVariable('/sys/dict/getDictItems/sex')).toBeUndefined();
  });
});

describe('typed and nested body signing', () => {
  const sign = (body: unknown, query: Record<string, unknown> = {}) => computeSign('/m/add', query, body, C.signSecret, '1');

  it('signs a change deep inside a sub-table row', () => {
    const rows = (qty: number) => ({ lines: [{ drugId: 'd1', qty: 2 }, { drugId: 'd2', qty }] });
    expect(sign(rows(1))).not.toBe(sign(rows(100)));
  });

  it('signs body types: 7 and "7", true and "true", null and "null", [1,2] and "1,2" differ', () => {
    expect(sign({ n: 7 })).not.toBe(sign({ n: '7' }));
    expect(sign({ b: true })).not.toBe(sign({ b: 'true' }));
    expect(sign({ x: null })).not.toBe(sign({ x: 'null' }));
    expect(sign({ a: [1, 2] })).not.toBe(sign({ a: '1,2' }));
    expect(sign({ o: { a: 1 } })).not.toBe(sign({ o: '{"a":1}' }));
  });

  it('keeps the flat rule for comma-free string arrays only', () => {
    expect(sign({ ids: ['a', 'b'] })).toBe(sign({ ids: 'a,b' }));
    expect(sign({ ids: ['a,b', 'c'] })).not.toBe(sign({ ids: ['a', 'b', 'c'] }));
    expect(sign({ ids: [] })).not.toBe(sign({ ids: '' }));
  });

  it('writes nested keys sorted by code units at every depth, integer-like keys included', () => {
    expect(canonicalJson({ b: { z: 1, '10': 2, '2': 3 }, a: [{ y: 1, x: undefined }, undefined] })).toBe(
      '{"a":[{"y":1},null],"b":{"10":2,"2":3,"z":1}}',
    );
    expect(canonicalJson({ d: new Date(Date.UTC(2026, 0, 2)) })).toBe('{"d":"2026-01-02T00:00:00.000Z"}');
  });

  it('never overflows the stack: deep values stop with a RangeError', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(() => canonicalJson(deep)).toThrow(RangeError);
    let ok: unknown = 1;
    for (let i = 0; i < MAX_SIGN_DEPTH; i++) ok = [ok];
    expect(canonicalJson(ok)).toBe(`${'['.repeat(MAX_SIGN_DEPTH)}1${']'.repeat(MAX_SIGN_DEPTH)}`);
  });

  it('signs a parsed __proto__ key like any other', () => {
    expect(sign(JSON.parse('{"a":"1","__proto__":{"x":1}}'))).not.toBe(sign({ a: '1' }));
    expect(sign({ o: JSON.parse('{"__proto__":{"x":1}}') })).not.toBe(sign({ o: {} }));
  });

  it('signs a body key _t (only the query timestamp is exempt)', () => {
    expect(sign({ a: '1', _t: 1 })).not.toBe(sign({ a: '1', _t: 2 }));
  });

  it('names a key sent in both query and body, ignoring _t', () => {
    expect(collidingKey('/m/deleteBatch', { ids: 'B' }, { ids: 'A' })).toBe('ids');
    expect(collidingKey('/m/deleteBatch', { _body: 'B' }, ['A'])).toBe('_body');
    expect(collidingKey('/m/list', { _t: 1 }, { _t: 2 })).toBeUndefined();
    expect(collidingKey('/m/edit', { dryRun: '1' }, { name: 'x' })).toBeUndefined();
    expect(collidingKey('/d/a,b', { 'x-path-variable': 'c' })).toBe('x-path-variable');
  });
});

describe('body cipher test vectors', () => {
  for (const v of vectors.cipher) {
    it(`encrypts ${v.plain.slice(0, 12)}…`, () => {
      expect(encryptText(v.plain, vectors)).toBe(v.cipher);
      expect(decryptText(v.cipher, vectors)).toBe(v.plain);
    });
  }

  it('round-trips JSON', () => {
    const value = { username: 'admin', list: [1, '二'], nested: { ok: true } };
    expect(decryptJson(encryptJson(value, C), C)).toEqual(value);
  });

  it('refuses text that is not ciphertext for this key', () => {
    expect(() => decryptText('{"a":1}', C)).toThrow();
    expect(() => decryptText(encryptText('hello', C), { aesKey: '0000000000000000', aesIv: C.aesIv })).toThrow();
  });
});

describe('common headers', () => {
  it('carry terminal, user type, access auth, area, tenant and org (0 when absent)', () => {
    const h = baseHeaders(C, { random: 'f'.repeat(32) });
    expect(h[H.terminalType]).toBe('WEB');
    expect(h[H.userType]).toBe('4');
    expect(h[H.tenantId]).toBe('0');
    expect(h[H.orgId]).toBe('0');
    expect(h[H.contentType]).toBe('application/json');
    expect(h[H.accessToken]).toBeUndefined();
    expect(decryptText(h[H.accessAuth]!, C)).toBe('f'.repeat(32) + C.accessAuthSuffix);
  });

  it('add the access token when logged in', () => {
    const h = baseHeaders(C, { random: '0'.repeat(32), token: 'tok', tenantId: 1001, orgId: 'o1' });
    expect(h[H.accessToken]).toBe('tok');
    expect(h[H.tenantId]).toBe('1001');
    expect(h[H.orgId]).toBe('o1');
  });
});
