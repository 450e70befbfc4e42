/** roles.json and menu-groups.json: checks against the registry and grants resolved to codes (src/core/schema/access-data.ts). */
import { describe, expect, it } from 'vitest';
import { loadAccessData, roleCodes, type RoleSpec } from '../../src/core/schema/access-data.js';
import { createRegistry } from '../../src/core/schema/registry.js';
import type { ResourceSchema } from '../../src/core/schema/types.js';
import { dicts, hisDepartment, hisDoctor, hisHospital } from './fixtures.js';

const child: ResourceSchema = { schemaVersion: 1, name: 'hisDoctorNote', title: '医生备注', entity: '备注', fields: [{ key: 'note', title: '备注', kind: 'string' }] };
const registry = createRegistry([hisHospital, hisDepartment, hisDoctor, child], dicts);
const GROUPS = { file: 'menu-groups.json', data: { groups: [{ key: 'hospital', title: '医院管理', icon: 'bank', order: 10 }, { key: 'staff', title: '医护管理', icon: 'team', order: 20 }] } };
const roles = (list: unknown[]) => ({ file: 'roles.json', data: { roles: list } });
const messages = (r: ReturnType<typeof loadAccessData>) => r.problems.map((p) => `${p.severity} ${p.path} ${p.message}`);

describe('menu-groups.json', () => {
  it('accepts groups that cover every module menu', () => {
    const r = loadAccessData(registry, undefined, GROUPS);
    expect(r.problems).toEqual([]);
    expect(r.data.menuGroups.map((g) => g.key)).toEqual(['hospital', 'staff']);
  });

  it('names a module whose group is not declared, duplicate keys and shadowing keys', () => {
    const r = loadAccessData(registry, undefined, { file: 'menu-groups.json', data: { groups: [GROUPS.data.groups[0], { ...GROUPS.data.groups[0], title: '别名' }] } });
    expect(messages(r)).toEqual([
      'error /groups/1/key 菜单分组的 key "hospital" 重复',
      'error  模块 "hisDoctor" 的菜单分组 "医护管理" 未在 menu-groups.json 中声明',
    ]);
    const bad = loadAccessData(registry, undefined, { file: 'menu-groups.json', data: { groups: [{ key: 'user', title: '医院管理', icon: 'bank', order: 1 }] } });
    expect(bad.problems[0]).toMatchObject({ path: '/groups/0/key', severity: 'error' });
  });
});

describe('roles.json', () => {
  const hosp: RoleSpec = { code: 'hospadmin', name: '医院管理员', tenant: 1001, grants: { hisDoctor: '*', hisHospital: ['list', 'edit'] } };

  it('resolves "*" to every code of a module (transitions included) and action names to their codes', () => {
    const r = loadAccessData(registry, roles([hosp, { code: 'zhuli', name: '医生助理', tenant: 1001, grants: { hisDoctor: ['list', 'approve'] }, codes: ['hisDepartment:add'] }]));
    expect(r.problems).toEqual([]);
    const codes = [...roleCodes(r.data.roles[0]!, registry)];
    expect(codes).toEqual(expect.arrayContaining(['hisDoctor:list', 'hisDoctor:add', 'hisDoctor:approve', 'hisDoctor:reject', 'hisHospital:list', 'hisHospital:edit']));
    expect(codes).not.toContain('hisHospital:add');
    expect(codes.filter((c) => c.startsWith('hisDepartment:'))).toEqual([]);
    expect([...roleCodes(r.data.roles[1]!, registry)]).toEqual(['hisDoctor:list', 'hisDoctor:approve', 'hisDepartment:add']);
  });

  it('"grants": "*" gives every code of every module with a menu', () => {
    const r = loadAccessData(registry, roles([{ code: 'admin', name: '超级管理员', tenant: 1000, grants: '*' }]));
    const codes = roleCodes(r.data.roles[0]!, registry);
    for (const c of ['hisHospital:delete', 'hisDepartment:deleteBatch', 'hisDoctor:reject']) expect(codes.has(c)).toBe(true);
    expect([...codes].some((c) => c.startsWith('hisDoctorNote:'))).toBe(false);
  });

  it('refuses unknown actions and codes, child modules and duplicate roles; a removed module is a warning', () => {
    const r = loadAccessData(registry, roles([
      { ...hosp, grants: { hisDoctor: ['list', 'publish'], hisDoctorNote: '*', hisNurse: '*' }, codes: ['hisDoctor:nope'] },
      hosp,
    ]));
    expect(messages(r)).toEqual([
      'error /roles/0/grants/hisDoctor/1 角色 "hospadmin"：模块 "hisDoctor" 没有动作 "publish"（可选：list、add、edit、delete、deleteBatch、approve、reject）',
      'error /roles/0/grants/hisDoctorNote 角色 "hospadmin"：模块 "hisDoctorNote" 没有菜单，不单独授权（子表随主表的权限）',
      'warning /roles/0/grants/hisNurse 角色 "hospadmin"：模块 "hisNurse" 不存在',
      'error /roles/0/codes/0 角色 "hospadmin"：权限编码 "hisDoctor:nope" 不是任何模块声明的编码',
      'error /roles/1/code 角色 "hospadmin" 在租户 1001 中重复',
    ]);
  });

  it('checks the file against its meta-schema', () => {
    const r = loadAccessData(registry, roles([{ code: 'x', name: '', tenant: '1001', grants: { hisDoctor: 'all' } }]));
    expect(messages(r).sort()).toEqual([
      'error /roles/0/grants/hisDoctor 取值 "all" 无效，应为 *、数组',
      'error /roles/0/name 不能为空字符串',
      'error /roles/0/tenant 类型应为整数',
    ]);
    expect(r.data.roles).toEqual([]);
  });
});
