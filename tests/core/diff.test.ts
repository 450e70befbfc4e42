import { expect, it } from 'vitest';
import { diffVersions } from '../../src/core/projections/diff.js';
import type { FieldSchema } from '../../src/core/schema/types.js';

const fields: FieldSchema[] = [
  { key: 'name', title: '姓名', kind: 'string' },
  { key: 'sex', title: '性别', kind: 'dict', dict: 'sex' },
  { key: 'password', title: '密码', kind: 'password', writeOnly: true },
  { key: 'memo', title: '备注', kind: 'text' },
  { key: 'tags', title: '标签', kind: 'json' },
];

it('one row per field either version shows, labels preferred, changes marked', () => {
  const v1 = { name: '张三', sex: '1', sex_dictText: '男', password: 'x', memo: null, tags: { a: 1 } };
  const v2 = { name: '张三', sex: '2', sex_dictText: '女', password: 'y', memo: '', tags: { a: 2 } };
  expect(diffVersions(fields, v1, v2)).toEqual([
    { key: 'name', title: '姓名', left: '张三', right: '张三', changed: false },
    { key: 'sex', title: '性别', left: '男', right: '女', changed: true },
    { key: 'tags', title: '标签', left: '{"a":1}', right: '{"a":2}', changed: true },
  ]);
  expect(diffVersions(fields, v1, v2, true).map((r) => r.key)).toEqual(['sex', 'tags']);
});

it('a missing side (created / deleted) shows every value as changed', () => {
  expect(diffVersions(fields, null, { name: '李四', memo: '新建' })).toEqual([
    { key: 'name', title: '姓名', left: '', right: '李四', changed: true },
    { key: 'memo', title: '备注', left: '', right: '新建', changed: true },
  ]);
});
