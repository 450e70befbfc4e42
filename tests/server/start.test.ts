/**
 * `npm start`'s server entry honours PORT, DATA_DIR and ADMIN_PASSWORD: a fresh data dir is
 * created and seeded on first start (admin gets ADMIN_PASSWORD), and a second start on the same
 * dir keeps what is there instead of seeding again.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { api, apiLogin } from '../e2e/restart.js';

const dir = mkdtempSync(join(tmpdir(), 'hosp-start-'));
const dataDir = join(dir, 'nested', 'data'); // does not exist yet
const port = 20000 + Math.floor(Math.random() * 20000);
const base = `http://127.0.0.1:${port}`;
const password = 'Start#Check2026';
let child: ChildProcess | undefined;

afterAll(() => {
  child?.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
});

async function start(): Promise<ChildProcess> {
  const p = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ADMIN_PASSWORD: password, SEED_ROWS: '3', LOG: '0' },
    stdio: 'ignore',
  });
  for (let i = 0; i < 300; i++) {
    const up = await fetch(`${base}/hospital/sys/ping`).then(() => true, () => false);
    if (up) return p;
    await new Promise((r) => setTimeout(r, 200));
  }
  p.kill('SIGKILL');
  throw new Error('server did not start');
}

async function stop(p: ChildProcess): Promise<void> {
  await new Promise<void>((resolve) => {
    p.once('exit', () => resolve());
    p.kill('SIGTERM');
  });
}

it('starts on PORT with a fresh DATA_DIR, seeds it, and gives admin the ADMIN_PASSWORD', async () => {
  child = await start();
  expect(existsSync(join(dataDir, 'hospital.db'))).toBe(true);
  const token = await apiLogin(base, 'admin', password);
  await expect(apiLogin(base, 'admin', 'Admin@123456')).rejects.toThrow('用户名或密码错误');
  const doctors = await api<{ total: number }>(base, '/hisDoctor/list', { token, query: { pageNo: 1, pageSize: 1 } });
  expect(doctors.success).toBe(true);
  expect(doctors.result.total).toBe(3);

  // a second start on the same dir migrates nothing new and does not seed again
  await stop(child);
  child = await start();
  const again = await apiLogin(base, 'admin', password);
  const after = await api<{ total: number }>(base, '/hisDoctor/list', { token: again, query: { pageNo: 1, pageSize: 1 } });
  expect(after.result.total).toBe(3);
}, 120_000);
