/** generators/new.ts and docs.ts. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { renderDocs, DOCS_FILE } from '../../generators/docs.js';
import { formatModule, parseField, scaffold } from '../../generators/new.js';
import { loadProjectRegistry } from '../../src/server/registry-fs.js';
import { lintSchemas } from '../../generators/lint.js';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'hosp-gen-'));
const root = path.join(tmp, 'schemas');
fs.cpSync('schemas', root, { recursive: true });
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('gen:new', () => {
  test('scaffolds a module the loader accepts, refuses to overwrite', () => {
    const r = scaffold({
      root, name: 'hisNurse', title: '护士管理', entity: '护士', group: '医护管理',
      fields: ['realname:string=姓名', 'sex:dict:sex=性别', 'phone:phone=手机号', 'hospitalId:ref:hisHospital.name=所属机构', 'intro:text=简介'],
    });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.doc).toMatchObject({
      schemaVersion: 1, name: 'hisNurse', menu: { group: '医护管理', path: '/app/hisNurse' },
      list: { columns: ['realname', 'sex', 'phone', 'hospitalId', 'createTime'] },
    });
    expect(r.doc.fields[0]).toEqual({ key: 'realname', title: '姓名', kind: 'string', maxLength: 64, search: 'like' });
    fs.writeFileSync(r.file, formatModule(r.doc));
    expect(JSON.parse(fs.readFileSync(r.file, 'utf8'))).toEqual(r.doc);
    expect(lintSchemas(root).errors).toBe(0);
    const again = scaffold({ root, name: 'hisNurse', title: '护士管理', entity: '护士', fields: ['realname:string'] });
    expect(again).toEqual({ ok: false, errors: [`${r.file} 已存在，不会覆盖`] });
  });

  test('refuses what the loader refuses (unknown dict, unknown ref, clashing menu path, bad specs)', () => {
    const bad = scaffold({ root, name: 'hisDietitian', title: '营养师管理', entity: '营养师', group: '医护管理', path: '/app/doctor', fields: ['realname:string', 'title:dict:phar_title', 'orgId:ref:hisOrg.name'] });
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(bad.errors).toEqual([
      '/fields/1/dict 字段 "title" 引用的字典 "phar_title" 不存在',
      '/fields/2/ref/resource 字段 "orgId" 引用的资源 "hisOrg" 不存在',
      '/menu/path 菜单路径 "/app/doctor" 与模块 "hisDoctor" 重复',
    ]);
    expect(fs.existsSync(path.join(root, 'modules/hisDietitian.json'))).toBe(false);
    expect(parseField('Name:string')).toMatch(/camelCase/);
    expect(parseField('a:strng')).toMatch(/类型应为/);
    expect(parseField('a:dict')).toMatch(/字典编码/);
    expect(parseField('a:ref:hisHospital')).toMatch(/资源\.显示字段/);
  });
});

describe('generated files are up to date (run npm run gen:docs)', () => {
  const { registry, errors } = loadProjectRegistry('schemas');
  test('the project schemas load', () => expect(errors).toEqual([]));
  test(DOCS_FILE, () => {
    expect(fs.readFileSync(DOCS_FILE, 'utf8')).toBe(renderDocs(registry));
  });
});
