/** Linter rules of `publicRead` on the project's schemas, each broken once. */
import { describe, expect, test } from 'vitest';
import { loadRegistry } from '../../src/core/schema/load.js';
import type { ResourceSchema } from '../../src/core/schema/types.js';
import { readSchemaFiles } from '../../src/server/schemas-fs.js';

function errors(mutate: (byName: (n: string) => ResourceSchema) => void): string[] {
  const files = readSchemaFiles();
  const modules = files.modules.map((f) => ({ file: f.file, data: JSON.parse(JSON.stringify(f.data)) as unknown }));
  mutate((n) => modules.find((m) => (m.data as ResourceSchema).name === n)!.data as ResourceSchema);
  const { problems } = loadRegistry(modules, files.dicts, files.extensions);
  return problems.filter((p) => p.severity === 'error').map((p) => `${p.file.split('/').pop()} ${p.path} ${p.message}`);
}

describe('publicRead', () => {
  test('the project schemas are clean', () => {
    expect(errors(() => {})).toEqual([]);
  });

  test('public fields, filter and sort are declared fields that are not secret', () => {
    expect(errors((m) => { m('hisAppVersion').publicRead!.fields.push('apkSecret'); })).toEqual(['hisAppVersion.json /publicRead/fields/10 公开字段 "apkSecret" 不是已声明的字段']);
    expect(errors((m) => { m('hisAppVersion').publicRead!.filter = { state: '2' }; })).toEqual(['hisAppVersion.json /publicRead/filter/state 公开筛选字段 "state" 不是已声明的字段']);
    expect(errors((m) => { m('hisAppVersion').publicRead!.sort = 'releaseTime,desc'; })).toEqual(['hisAppVersion.json /publicRead/sort 公开排序字段 "releaseTime" 不是已声明的字段']);
    // a system column sorts
    expect(errors((m) => { m('hisAppVersion').publicRead!.sort = 'createTime,asc'; })).toEqual([]);
    expect(errors((m) => { m('sysUser').publicRead = { fields: ['username', 'password'] }; })).toEqual(['sysUser.json /publicRead/fields/1 公开字段 "password" 是密码字段，不能公开']);
    expect(errors((m) => { m('hisAppVersion').fields.find((f) => f.key === 'minVersion')!.writeOnly = true; })).toEqual(['hisAppVersion.json /publicRead/fields/8 公开字段 "minVersion" 是 writeOnly 字段，不能公开']);
    expect(errors((m) => { m('hisAppVersion').fields.find((f) => f.key === 'versionNo')!.sensitive = 'mask'; })).toEqual(['hisAppVersion.json /publicRead/fields/2 公开字段 "versionNo" 是脱敏（sensitive）字段，不能公开']);
  });
});
