/**
 * schemas/registry.json (the names the schema linter accepts) against what the code registers:
 * client widgets and pages (src/client/engine/registry.ts, src/client/pages/registry.ts) and the
 * rule files (schemas/rules). Server effects: tests/server/schema-language-api.test.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import registryJson from '../../schemas/registry.json';
import { PAGE_NAMES, WIDGET_NAMES } from '../../src/client/engine/registry.js';
import { pageRegistry } from '../../src/client/pages/registry.js';

const sorted = (xs: Iterable<string>) => [...new Set(xs)].sort();

describe('schemas/registry.json agrees with the code', () => {
  test('widgets = the engine registry WIDGET_NAMES', () => {
    expect(sorted(registryJson.widgets)).toEqual(sorted(WIDGET_NAMES));
  });

  test('pages = the engine PAGE_NAMES and the page registry', () => {
    expect(sorted(registryJson.pages)).toEqual(sorted([...PAGE_NAMES, ...Object.keys(pageRegistry)]));
  });

  test('rules = the rule files of schemas/rules', () => {
    const dir = path.resolve(__dirname, '../../schemas/rules');
    const codes = fs.readdirSync(dir).filter((f) => f.endsWith('.json')).map((f) => (JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as { code: string }).code);
    expect(sorted(registryJson.rules)).toEqual(sorted(codes));
  });
});
