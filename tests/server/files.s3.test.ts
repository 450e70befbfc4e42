/**
 * Uploads on S3-compatible storage (a local s3rver on loopback started by the test): a file
 * uploaded through one instance is served by another instance with its own DATA_DIR, with the
 * same headers as from the disk; an unknown key is 404.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import S3rver from 's3rver';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { S3Config } from '../../src/server/files/index.js';
import { s3Store } from '../../src/server/files/storage.js';
import { login, tempDir, testApp } from './helpers.js';
import { PNG, upload } from './files.multipart.js';

let s3: S3rver;
const dir = tempDir('hosp-s3-');
let a: FastifyInstance;
let b: FastifyInstance;
let storeCfg: S3Config;

beforeAll(async () => {
  s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: path.join(dir, 's3'), configureBuckets: [{ name: 'hospital', configs: [] }] });
  const addr = (await s3.run()) as AddressInfo;
  const cfg: S3Config = {
    bucket: 'hospital',
    endpoint: `http://127.0.0.1:${addr.port}`,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
    prefix: 'upload/',
  };
  storeCfg = cfg;
  a = await testApp({ dataDir: path.join(dir, 'a'), s3: cfg });
  b = await testApp({ dataDir: path.join(dir, 'b'), s3: cfg });
}, 60_000);

afterAll(async () => {
  await a?.close();
  await b?.close();
  await s3?.close();
});

it('a file uploaded through A is served by B from the object store', async () => {
  const token = await login(a, 'hospadmin');
  const r = await upload(a, '/sys/common/upload', [{ name: 'file', filename: '处方.png', type: 'image/png', data: PNG }], { token, query: { biz: 'rx' } });
  expect(r.status, r.body.message).toBe(200);
  const key = r.body.result as string;
  expect(key).toMatch(/^rx\/\d{8}\/[0-9a-f]{16}_处方\.png$/);
  expect(fs.existsSync(path.join(dir, 'a', 'upload', key))).toBe(false); // not on A's disk

  const s = await b.inject({ method: 'GET', url: `/hospital/sys/common/static/${encodeURI(key)}` });
  expect(s.statusCode).toBe(200);
  expect(s.headers['content-type']).toBe('image/png');
  expect(s.headers['x-content-type-options']).toBe('nosniff');
  expect(s.rawPayload).toEqual(PNG);

  const missing = await b.inject({ method: 'GET', url: '/hospital/sys/common/static/rx/20260101/0000000000000000_none.png' });
  expect(missing.statusCode).toBe(404);
  const traversal = await b.inject({ method: 'GET', url: '/hospital/sys/common/static/rx/%2e%2e/secret.png' });
  expect(traversal.statusCode).toBe(404);
});

it('a generated file (a background export) is stored from disk, read back and removed on the object store', async () => {
  const store = s3Store(storeCfg);
  const file = path.join(dir, 'export.xlsx');
  fs.writeFileSync(file, Buffer.from('PK\u0003\u0004 export bytes'));
  const key = 'export-jobs/20260101/0123456789abcdef_hisPayLog.xlsx';
  await store.putFile(key, file, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  const got = await store.get(key);
  expect(got?.size).toBe(fs.statSync(file).size);
  const chunks: Buffer[] = [];
  for await (const c of got!.body) chunks.push(Buffer.from(c as Buffer));
  expect(Buffer.concat(chunks)).toEqual(fs.readFileSync(file));
  // the static route never serves export files, though the store holds them
  const direct = await b.inject({ method: 'GET', url: `/hospital/sys/common/static/${key}` });
  expect(direct.statusCode).toBe(404);
  await store.remove(key);
  expect(await store.get(key)).toBeNull();
});
