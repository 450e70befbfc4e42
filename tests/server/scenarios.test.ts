/**
 * Every module with a menu entry has a scenario (tests/scenarios/<module>.json), checked
 * against tests/scenarios/scenario.schema.json and played by the one runner through the
 * real HTTP API on one server.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { FastifyInstance } from 'fastify';
import { loadSchemas } from '../../src/server/schemas.js';
import { login, testApp } from './helpers.js';
import { runScenario, type Scenario } from './scenario-runner.js';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../scenarios');
const registry = loadSchemas();
const files = readdirSync(dir).filter((f) => f.endsWith('.json') && f !== 'scenario.schema.json').sort();
const scenarios = files.map((f) => ({ file: f, sc: JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as Scenario }));

let app: FastifyInstance;
const tokens = new Map<string, string>();
beforeAll(async () => { app = await testApp({ seedRows: 6 }); }, 60_000);
afterAll(async () => { await app.close(); });

async function tokenOf(user: string): Promise<string> {
  if (!tokens.has(user)) tokens.set(user, await login(app, user));
  return tokens.get(user)!;
}

describe('scenario files', () => {
  it('follow the scenario schema and are named after their module', () => {
    const ajv = new Ajv2020({ strict: true, allErrors: true });
    const validate = ajv.compile(JSON.parse(readFileSync(path.join(dir, 'scenario.schema.json'), 'utf8')));
    for (const { file, sc } of scenarios) {
      expect(validate(sc) ? [] : validate.errors, file).toEqual([]);
      expect(file).toBe(`${sc.resource}.json`);
    }
  });

  it('exist for every module that has a menu entry', () => {
    const have = new Set(scenarios.map((s) => s.sc.resource));
    const missing = [...registry.resources.values()].filter((s) => s.menu && !have.has(s.name)).map((s) => `${s.name}（${s.title}）`);
    expect(missing).toEqual([]);
  });
});

describe.each(scenarios)('$file', ({ sc }) => {
  it('plays list, required fields, add, edit, every transition, a refused one and delete', async () => {
    await runScenario(app, await tokenOf(sc.user ?? 'hospadmin'), registry, sc);
  }, 30_000);
});
