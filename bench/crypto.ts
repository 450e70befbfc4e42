/**
 * Cost of the protocol's crypto per call, on this Node: the pure-JS reference (crypto-js AES and
 * MD5, what the console used to run) against node:crypto (the server's cipher) and WebCrypto
 * (the console's cipher; Node's SubtleCrypto is the same OpenSSL-backed API a browser offers).
 * Bodies: a list page of 10 and of 100 rows as the server sends them, and a short header value.
 */
import { createHash } from 'node:crypto';
import MD5 from 'crypto-js/md5.js';
import { DEFAULT_PROTOCOL_CONFIG as C, decryptText, encryptText } from '../src/core/protocol/index.js';
import { decryptTextWeb, encryptTextWeb } from '../src/core/protocol/cipher-web.js';
import * as node from '../src/server/protocol/cipher.js';
import { md5Hex } from '../src/core/protocol/md5.js';

export interface CryptoFigure {
  label: string;
  bytes: number;
  /** microseconds per operation */
  cryptoJs: number;
  node: number;
  web: number;
}

function page(n: number): string {
  const records = Array.from({ length: n }, (_, i) => ({
    id: `17000000000${String(i).padStart(6, '0')}`, tenantId: 1000, createBy: 'admin', createTime: '2026-01-01 10:00:00',
    realname: `张${i}伟`, sex: '1', sex_dictText: '男', phone: '138****1234', hospitalId: '1', hospitalId_dictText: '银川第一人民医院',
    departmentId: '2', departmentId_dictText: '心内科', title: '3', title_dictText: '主任医师', status: '1', status_dictText: '在职',
    intro: '擅长心血管疾病的诊断与治疗，从事临床工作二十余年。', fee: '30.00', version: 1,
  }));
  return JSON.stringify({ success: true, message: '', code: 200, result: { records, total: 10000, size: n, current: 1, pages: 1000 }, timestamp: Date.now() });
}

async function perOp(fn: () => unknown | Promise<unknown>, minMs = 150): Promise<number> {
  for (let i = 0; i < 20; i++) await fn();
  let n = 0;
  const t0 = performance.now();
  while (performance.now() - t0 < minMs) {
    await fn();
    n++;
  }
  return ((performance.now() - t0) * 1000) / n;
}

export async function cryptoBench(): Promise<CryptoFigure[]> {
  const out: CryptoFigure[] = [];
  for (const [label, text] of [['access-auth header (45 B)', 'f'.repeat(32) + C.accessAuthSuffix], ['list page, 10 rows', page(10)], ['list page, 100 rows', page(100)]] as const) {
    const bytes = Buffer.byteLength(text);
    const ct = encryptText(text, C);
    out.push({
      label: `AES encrypt ${label}`, bytes,
      cryptoJs: await perOp(() => encryptText(text, C)),
      node: await perOp(() => node.encryptText(text, C)),
      web: await perOp(() => encryptTextWeb(text, C)),
    });
    out.push({
      label: `AES decrypt ${label}`, bytes,
      cryptoJs: await perOp(() => decryptText(ct, C)),
      node: await perOp(() => node.decryptText(ct, C)),
      web: await perOp(() => decryptTextWeb(ct, C)),
    });
  }
  const signed = `/hospital/hisDoctor/list{"column":"createTime","order":"desc","pageNo":"1","pageSize":"10","realname":"*张*"}${C.signSecret}1763788800000`;
  out.push({
    label: 'MD5 sign string (crypto-js | node | md5.ts)', bytes: Buffer.byteLength(signed),
    cryptoJs: await perOp(() => MD5(signed).toString()),
    node: await perOp(() => createHash('md5').update(signed).digest('hex')),
    web: await perOp(() => md5Hex(signed)),
  });
  return out;
}
