/**
 * `npx tsx bench/server-list.ts <dataDir> [calls]`: the server's CPU per list call, in process:
 * buildApp on an existing data directory (e.g. BENCH_DATA_DIR/1000000 of `npm run bench`, or
 * PostgreSQL with DATABASE_URL), then sequential signed list calls through app.inject — every
 * hook (signature, token, permission, data rules), the list, the labels, the envelope and its
 * AES — without sockets or a load generator sharing the cores, so the figure moves little
 * with what else the machine runs. Run it under `node --cpu-prof --import tsx` for a profile.
 * QUERY=sex|pages|like|like3 picks the calls (default sex); LOGGER=1 turns the logger on.
 */
import { buildApp } from '../src/server/app.js';
import { USERS } from '../tests/e2e/harness.js';
import { ApiClient } from './client.js';
import { listQuery } from './list-queries.js';
import { backendPids, cpuMs } from './proc-cpu.js';



const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: tsx bench/server-list.ts <dataDir> [calls]');
const calls = Number(process.argv[3] ?? 3000);
const kind = process.env.QUERY ?? 'sex';
const pick = listQuery(kind);

const app = await buildApp({ dataDir, logger: process.env.LOGGER === '1', databaseUrl: process.env.DATABASE_URL, seedRows: 5 });
await app.ready();
const api = new ApiClient('');
// login through inject: the client's own POST goes over fetch, so sign by hand
const { DEFAULT_PROTOCOL_CONFIG } = await import('../src/core/protocol/index.js');
const { encryptJson, decryptText } = await import('../src/server/protocol/cipher.js');
const loginHeaders = (api as unknown as { headers(p: string, q: undefined, b: unknown): Record<string, string> }).headers('/sys/login', undefined, { username: USERS.admin.username, password: USERS.admin.password });
const login = await app.inject({ method: 'POST', url: '/hospital/sys/login', headers: loginHeaders, payload: encryptJson({ username: USERS.admin.username, password: USERS.admin.password }, DEFAULT_PROTOCOL_CONFIG) });
const env = JSON.parse(login.body.startsWith('{') ? login.body : decryptText(login.body, DEFAULT_PROTOCOL_CONFIG)) as { result: { token: string; userInfo: { tenantId: number } } };
api.token = env.result.token;
api.tenantId = env.result.userInfo.tenantId;

const call = async (i: number) => {
  const { url, headers } = api.signedGet('/hisDoctor/list', pick(i));
  const res = await app.inject({ method: 'GET', url, headers });
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body.slice(0, 200)}`);
};
for (let i = 0; i < 200; i++) await call(i);
// the client's signing runs in this process too: measure it alone and take it off
const c0 = process.cpuUsage();
for (let i = 0; i < calls; i++) api.signedGet('/hisDoctor/list', pick(i));
const sign = process.cpuUsage(c0);
// PostgreSQL: the CPU of the pool's backends as well (the database's half of a call)
const backends = process.env.DATABASE_URL ? await backendPids(process.env.DATABASE_URL) : [];
const pgCpu = () => backends.reduce((a, pid) => { try { return a + cpuMs(pid); } catch { return a; } }, 0);
const pg0 = pgCpu();
const c1 = process.cpuUsage();
const t1 = performance.now();
for (let i = 0; i < calls; i++) await call(i);
const wall = performance.now() - t1;
const cpu = process.cpuUsage(c1);
const pgUsed = pgCpu() - pg0;
const us = (u: NodeJS.CpuUsage) => (u.user + u.system) / calls;
console.log(`${kind}: ${calls} calls, wall ${((wall * 1000) / calls).toFixed(0)} µs/call, server CPU ≈ ${(us(cpu) - us(sign)).toFixed(0)} µs/call (signing ${us(sign).toFixed(0)} µs taken off)${backends.length ? `, PostgreSQL backends ${((pgUsed * 1000) / calls).toFixed(0)} µs/call` : ''}`);
await app.close();
