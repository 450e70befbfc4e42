import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { DictSchema, ResourceSchema } from '../../src/core/schema/types.js';
import { generateRowsIter } from '../../src/server/demo/index.js';

const ROOT = join(__dirname, '..', '..', 'schemas');
const dicts = new Map(readdirSync(join(ROOT, 'dicts')).map((f) => {
  const d = JSON.parse(readFileSync(join(ROOT, 'dicts', f), 'utf8')) as DictSchema;
  return [d.code, d] as const;
}));
const doctor = JSON.parse(readFileSync(join(ROOT, 'modules', 'hisDoctor.json'), 'utf8')) as ResourceSchema;

describe('demo-data: bulk', () => {
  it('streams 50,000 doctors with unique phones, ID cards and certificate numbers (the time is in npm run bench)', () => {
    const hospitals = Array.from({ length: 50 }, (_, i) => `h${i}`);
    const phones = new Set<unknown>();
    const ids = new Set<unknown>();
    const certs = new Set<unknown>();
    let n = 0;
    for (const row of generateRowsIter(doctor, 50_000, { seed: 1, tenantId: 1000, dicts, refIds: { hisHospital: hospitals, hisDepartment: ['d1', 'd2'] } })) {
      phones.add(row.phone);
      ids.add(row.idCard);
      certs.add(row.pracCertNo);
      n++;
    }
    expect(n).toBe(50_000);
    expect(phones.size).toBe(n);
    expect(ids.size).toBe(n);
    expect(certs.size).toBe(n);
  });
});
