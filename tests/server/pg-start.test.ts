/**
 * Three server processes (`src/server/main.ts`) started at the same moment on one fresh
 * PostgreSQL database: all three come up, the database is migrated and seeded once (one row per
 * tenant, role, demo user, menu entry, dictionary), and each instance serves the same console.
 * Skipped with the printed reason only where no PostgreSQL answers (see pg-helpers.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleCodes } from '../../src/core/schema/access-data.js';
import { loadSchemaRoot } from '../../src/server/schemas.js';
import { api, apiLogin } from '../e2e/restart.js';
import { createTestDatabase, PG_REQUIRED, probePostgres, type TestDatabase } from './pg-helpers.js';

const probe = await probePostgres();
if (!probe.available && PG_REQUIRED) console.error(`[pg-start.test] PG_TEST_URL is set but ${probe.reason}`);
else if (!probe.available) console.warn(`[pg-start.test] SKIPPED — ${probe.reason}`);

const INSTANCES = 3;
const SEED_ROWS = 3;
/** zhuli's codes as roles.json grants them. */
const ZHULI_CODES = (() => {
  const { registry, access } = loadSchemaRoot();
  return [...roleCodes(access.roles.find((r) => r.code === 'zhuli')!, registry)].sort();
})();

interface Instance { port: number; base: string; child: ChildProcess; stderr: string[]; exit?: number | null }

let tdb: TestDatabase;
let root: string;
const instances: Instance[] = [];

function startInstance(url: string, i: number): Instance {
  const port = 20000 + Math.floor(Math.random() * 20000);
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: url, DATA_DIR: path.join(root, `data-${i}`), SEED_ROWS: String(SEED_ROWS), LOG: '0' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const inst: Instance = { port, base: `http://127.0.0.1:${port}`, child, stderr: [] };
  child.stderr!.on('data', (b: Buffer) => inst.stderr.push(b.toString()));
  child.once('exit', (code) => { inst.exit = code; });
  return inst;
}

async function ready(inst: Instance): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (inst.exit !== undefined) throw new Error(`instance on ${inst.port} exited with ${String(inst.exit)}: ${inst.stderr.join('')}`);
    if (await fetch(`${inst.base}/hospital/sys/ping`).then(() => true, () => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`instance on ${inst.port} did not start: ${inst.stderr.join('')}`);
}

const count = async (sqlText: string, values: unknown[] = []) => Number((await tdb.query<{ n: string }>(sqlText, values))[0]!.n);

describe.skipIf(!probe.available && !PG_REQUIRED)('instances started together on an empty PostgreSQL database', () => {
  beforeAll(async () => {
    tdb = await createTestDatabase('hosp_start');
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'hosp-pg-start-'));
    for (let i = 0; i < INSTANCES; i++) instances.push(startInstance(tdb.url, i));
    await Promise.all(instances.map(ready));
  }, 120_000);

  afterAll(async () => {
    await Promise.all(
      instances.map((inst) => new Promise<void>((resolve) => {
        if (inst.exit !== undefined) return resolve();
        inst.child.once('exit', () => resolve());
        inst.child.kill('SIGTERM');
      })),
    );
    await tdb?.drop();
    if (root) fs.rmSync(root, { recursive: true, force: true });
  });

  it('all come up, none reports a failed seed', () => {
    for (const inst of instances) {
      expect(inst.exit).toBeUndefined();
      expect(inst.stderr.join('')).not.toMatch(/duplicate key|sys_tenant_pkey/);
    }
  });

  it('seeded once: tenants, roles, demo users, demo rows, menu, dictionaries, grants', async () => {
    expect(await count('select count(*) as n from sys_tenant')).toBe(2);
    expect(await count(`select count(*) as n from sys_role where role_code in ('admin', 'yunying', 'hospadmin', 'zhuli')`)).toBe(4);
    expect(await count(`select count(*) as n from sys_user where username in ('admin', 'yunying', 'hospadmin', 'zhuli')`)).toBe(4);
    expect(await count('select count(*) as n from his_doctor')).toBe(2 * SEED_ROWS);
    expect(await count(`select count(*) as n from sys_permission where component = 'dashboard/Analysis'`)).toBe(1);
    expect(await count(`select count(*) as n from sys_permission where perms = 'hisDoctor:add'`)).toBe(1);
    expect(await count(`select count(*) as n from sys_permission where component = 'resource/hisDoctor'`)).toBe(1);
    expect(await count(`select count(*) as n from sys_dict where dict_code = 'sex'`)).toBe(1);
    expect(await count(`select count(*) as n from sys_dict_item i join sys_dict d on d.id = i.dict_id where d.dict_code = 'sex' and i.item_value = '1'`)).toBe(1);
    // one grant row per (role, permission) and the same grants as a single start gives
    expect(await count(`select count(*) as n from (select role_id, permission_id from sys_role_permission group by role_id, permission_id having count(*) > 1) d`)).toBe(0);
    expect(await count(`select count(*) as n from sys_role_permission rp join sys_role r on r.id = rp.role_id join sys_permission p on p.id = rp.permission_id where r.role_code = 'zhuli' and p.menu_type = 2`)).toBe(ZHULI_CODES.length);
  });

  it('each instance serves the seeded console', async () => {
    for (const inst of instances) {
      const token = await apiLogin(inst.base, 'zhuli', 'Zhuli@123456');
      const menu = await api<{ auth: Array<{ action: string }> }>(inst.base, '/sys/permission/getUserPermissionByToken', { token });
      expect(menu.result.auth.map((a) => a.action).sort()).toEqual(ZHULI_CODES);
      expect(ZHULI_CODES).toContain('hisDoctor:list');
      const doctors = await api<{ total: number }>(inst.base, '/hisDoctor/list', { token, query: { pageNo: 1, pageSize: 1 } });
      expect(doctors.result.total).toBe(SEED_ROWS);
    }
  });
});
