import { expect, it } from 'vitest';
import { checkDictValue } from '../../src/core/validators/dict.js';
import { createFieldsValidator } from '../../src/core/projections/validator.js';
import { loadRegistry } from '../../src/core/schema/load.js';
import type { FieldSchema } from '../../src/core/schema/types.js';

it('checkDictValue: every comma-joined value among the allowed ones; empty and unknown lists pass', () => {
  expect(checkDictValue({ title: '职级' }, '6', ['1', '6'])).toBe('');
  expect(checkDictValue({ title: '职级' }, '7', ['1', '6'])).toBe('职级的取值无效');
  expect(checkDictValue({ title: '场景', multiple: true }, '1,6', ['1', '6'])).toBe('');
  expect(checkDictValue({ title: '场景', multiple: true }, '1,7', ['1', '6'])).toBe('场景的取值无效');
  expect(checkDictValue({ title: '职级' }, '', ['1'])).toBe('');
  expect(checkDictValue({ title: '职级' }, '9', undefined)).toBe('');
});

it('the validator takes the live enabled values over the schema items', () => {
  const { registry, problems } = loadRegistry([], [{ file: 'dicts/rank.json', data: { code: 'rank', title: '职级', items: [{ value: '1', text: '员级' }, { value: '2', text: '助级' }] } }]);
  expect(problems).toEqual([]);
  const fields: FieldSchema[] = [{ key: 'postRank', title: '职级', kind: 'dict', dict: 'rank' }];
  const v = createFieldsValidator(fields, { mode: 'add', registry });
  expect(v({ postRank: '2' }).ok).toBe(true);
  expect(v({ postRank: '3' })).toMatchObject({ ok: false, message: '职级：职级的取值无效' });
  const live = (code: string) => (code === 'rank' ? ['1', '3'] : undefined);
  expect(v({ postRank: '3' }, live).ok).toBe(true);
  expect(v({ postRank: '2' }, live)).toMatchObject({ ok: false, errors: [{ field: 'postRank', message: '职级的取值无效' }] });
});
