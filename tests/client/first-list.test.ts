/**
 * The first calls a list page sends when opened from its address: the build precomputes them
 * per menu path (core firstListStart, vite.config.ts virtual:menu-starts) and the page computes
 * its own (engine/firstList.ts). They must be the same call, or the page asks twice.
 */
import { describe, expect, it } from 'vitest';
import type { ResourceSchema } from '../../src/core/schema/types';
import { firstListStart } from '../../src/core/projections/firstList';
import { firstListParams } from '../../src/client/engine/firstList';
import { readSchemaFiles } from '../../src/server/schemas-fs';

const schemas = readSchemaFiles().modules.map((f) => f.data as ResourceSchema).filter((s) => s.menu?.path);

describe('first list call of a page opened from its address', () => {
  it('covers the menu modules', () => {
    expect(schemas.length).toBeGreaterThan(100);
  });

  it('the precomputed call is the one the page sends with no query string, for every menu module', () => {
    for (const s of schemas) {
      const start = firstListStart(s);
      if (s.list?.tree) {
        expect(start.list, s.name).toBeUndefined();
        continue;
      }
      expect(start.list?.params, s.name).toEqual(firstListParams(s, ''));
    }
  });

  it('医生管理: /hisDoctor/list, page 1 of 10 newest first, and the dictionaries its fields use', () => {
    const doctor = schemas.find((s) => s.name === 'hisDoctor')!;
    const start = firstListStart(doctor);
    expect(start.list).toEqual({ path: '/hisDoctor/list', params: { column: 'createTime', order: 'desc', pageNo: '1', pageSize: '10' } });
    expect(start.dicts).toEqual([...new Set(doctor.fields.flatMap((f) => (f.dict ? [f.dict] : [])))]);
    expect(start.dicts.length).toBeGreaterThan(0);
  });
});
