import { describe, expect, test } from 'vitest';
import { loadRegistry } from '../../src/core/schema/load.js';
import { migrateSchema } from '../../src/core/schema/migrate.js';
import { asFiles } from './fixtures.js';

type Doc = Record<string, any>;
function load(mutate: (doctor: Doc, all: Doc[]) => void) {
  const f = asFiles();
  const doctor = f.modules.find((m) => m.file.endsWith('hisDoctor.json'))!.data as Doc;
  mutate(doctor, f.modules.map((m) => m.data as Doc));
  const r = loadRegistry(f.modules, f.dicts);
  return r.problems.filter((p) => p.severity === 'error').map((p) => `${p.path} ${p.message}`);
}

describe('loadRegistry', () => {
  test('the worked example loads without problems', () => {
    const f = asFiles();
    const { registry, problems } = loadRegistry(f.modules, f.dicts);
    expect(problems).toEqual([]);
    expect([...registry.resources.keys()]).toEqual(['hisHospital', 'hisDepartment', 'hisDoctor']);
    expect(registry.resource('hisDoctor').entity).toBe('医生');
    expect(registry.dict('sex').items).toHaveLength(2);
    expect(() => registry.resource('nope')).toThrow('未知资源：nope');
  });

  test('unknown keys are named, with a suggestion', () => {
    expect(load((d) => { d.fields[0].maxLenght = 3; })).toEqual(['/fields/0/maxLenght 字段 "realname"：未知的键 "maxLenght"，是否应为 "maxLength"？']);
    expect(load((d) => { d.list.colums = []; })).toEqual(['/list/colums "list"：未知的键 "colums"，是否应为 "columns"？']);
  });

  test('anyOf values report the matching branch only', () => {
    expect(load((d) => { d.fields[0].list = { widht: 1 }; })).toEqual(['/fields/0/list/widht 字段 "realname"：未知的键 "widht"，是否应为 "width"？']);
    expect(load((d) => { d.fields[8].visibleWhen = { onlineSwitch: { inn: [true] } }; })).toEqual(['/fields/8/visibleWhen/onlineSwitch/inn 字段 "imagePrice"：未知的键 "inn"，是否应为 "in"？']);
  });

  test('cross references', () => {
    expect(load((d) => { d.fields[4].ref.resource = 'hisHospitl'; })).toEqual(['/fields/4/ref/resource 字段 "hospitalId" 引用的资源 "hisHospitl" 不存在']);
    expect(load((d) => { d.fields[4].ref.label = 'nam'; })).toEqual(['/fields/4/ref/label 字段 "hospitalId" 的显示字段 "nam" 不是资源 "hisHospital" 的字段']);
    expect(load((d) => { d.fields[5].ref.filter = { hospitalId: { field: 'hospital' } }; })).toEqual(['/fields/5/ref/filter/hospitalId/field 字段 "departIds" 的过滤来源 "hospital" 不是已声明的字段']);
    expect(load((d) => { d.fields[1].dict = 'gender'; })).toEqual(['/fields/1/dict 字段 "sex" 引用的字典 "gender" 不存在']);
    expect(load((d) => { delete d.fields[1].dict; })).toEqual(['/fields/1/kind 字段 "sex" 的类型为 dict，必须声明 dict（字典编码）']);
    expect(load((d) => { d.list.columns.push('age'); })).toEqual(['/list/columns/7 列表列 "age" 不是已声明的字段']);
    expect(load((d) => { d.form.sections[0].fields.push('age'); })).toEqual(['/form/sections/0/fields/4 表单分组 "基本信息" 中的 "age" 不是已声明的字段']);
    expect(load((d) => { d.fields[8].requiredWhen = { online: true }; })).toEqual(['/fields/8/requiredWhen/online 字段 "imagePrice" 的 requiredWhen 条件引用的字段 "online" 不存在']);
    expect(load((d) => { d.fields.push({ key: 'sex', title: 'x', kind: 'string' }); })).toEqual(['/fields/12/key 字段键 "sex" 重复（第 2 个字段已声明）']);
    expect(load((d) => { d.fields.push({ key: 'createTime', title: 'x', kind: 'string' }); })).toEqual(['/fields/12/key 字段键 "createTime" 与系统列重名']);
    expect(load((d) => { d.list.sort = 'age,asc'; })).toEqual(['/list/sort 默认排序字段 "age" 不是已声明的字段']);
    expect(load((d) => { d.fields.push({ key: 'version', title: 'x', kind: 'integer' }); })).toEqual(['/fields/12/key 字段键 "version" 与系统列重名']);
    expect(load((d) => { d.fields[4].ref.grantSubset = true; })).toEqual([]);
    expect(load((d) => { d.demo = { records: [{ realname: '张三', age: 3 }] }; })).toEqual(['/demo/records/0/age 演示记录的键 "age" 不是 hisDoctor 的字段']);
    expect(load((d) => { d.demo = { rows: 0 }; })).toEqual([]);
    expect(load((d) => { Object.assign(d.fields[4].ref, { grantSubset: true, value: 'name' }); })).toEqual(['/fields/4/ref/grantSubset 字段 "hospitalId" 声明了 grantSubset，值字段必须是 id']);
  });

  test('list.filterTree: a searchable ref/refs field whose target is a tree', () => {
    expect(load((d) => { d.list.filterTree = 'sex'; })).toEqual(['/list/filterTree 树筛选字段 "sex" 必须是 search: "eq" 的 ref 或 refs 字段']);
    expect(load((d) => { d.list.filterTree = 'nope'; })).toEqual(['/list/filterTree 树筛选字段 "nope" 不是已声明的字段']);
    expect(load((d) => { d.list.filterTree = 'hospitalId'; })).toEqual(['/list/filterTree 树筛选字段 "hospitalId" 引用的资源 "hisHospital" 不是树形资源（list.tree）']);
    expect(load((d, all) => { d.list.filterTree = 'hospitalId'; const h = all.find((m) => m.name === 'hisHospital')!; h.fields.push({ key: 'parentId', title: '上级', kind: 'ref', ref: { resource: 'hisHospital', label: 'name' } }); h.list = { ...(h.list ?? {}), tree: { parent: 'parentId' } }; })).toEqual([]);
  });

  test('suggestions: text fields only', () => {
    expect(load((d) => { d.fields[0].suggestions = [{ value: '#{sys_user_code}', label: '当前用户账号' }]; })).toEqual([]);
    expect(load((d) => { d.fields[1].suggestions = [{ value: '1', label: '男' }]; })).toEqual(['/fields/1/suggestions 字段 "sex"：suggestions 只适用于文本字段（string、text）']);
  });

  test('searchAlias: a searchable field only, never the name of another field or alias', () => {
    expect(load((d) => { d.fields[0].searchAlias = 'name'; })).toEqual([]);
    expect(load((d) => { d.fields[3].searchAlias = 'card'; })).toEqual(['/fields/3/searchAlias 字段 "idCard" 声明了 searchAlias，必须同时声明 search（eq、like 或 in）']);
    expect(load((d) => { d.fields[0].searchAlias = 'sex'; })).toEqual(['/fields/0/searchAlias 字段 "realname" 的 searchAlias "sex" 与本资源的其他字段或别名重名']);
  });

  test('states', () => {
    expect(load((d) => { d.states.field = 'realname'; })).toEqual(['/states/field 状态字段 "realname" 必须是 dict 类型的字段']);
    expect(load((d) => { d.states.transitions[0].from = ['7']; })).toEqual(['/states/transitions/0/from/0 流转 "approve" 的起始状态 "7" 不是字典 "audit_status" 的值']);
    expect(load((d) => { d.states.transitions[1].action = 'add'; })).toEqual(['/states/transitions/1/action 动作名 "add" 与通用接口动作重名']);
  });

  test('a system transition (taken by effects only) has no form, no confirm and is no batch action', () => {
    expect(load((d) => { d.states.transitions[0].system = true; })).toEqual([]);
    expect(load((d) => { d.states.transitions[1].system = true; d.states.transitions[0].system = true; d.states.transitions[0].confirm = '确定吗?'; d.list.batch = ['delete', 'approve']; })).toEqual([
      '/states/transitions/0/confirm 流转 "approve" 只由系统执行（system），不能声明 confirm',
      '/list/batch 批量动作 "approve" 是只由系统执行的流转（system）',
      '/states/transitions/1/form 流转 "reject" 只由系统执行（system），不能声明 form',
    ]);
  });

  test('supersede: groups by resource fields, moves the others to another state of the dictionary', () => {
    expect(load((d) => { d.states.transitions[0].supersede = { match: ['hospitalId', 'title'], to: '2', set: { rejectReason: { value: '已由新记录取代' } } }; })).toEqual([]);
    expect(load((d) => { d.states.transitions[0].supersede = { match: ['clinic', 'auditStatus'], to: '1' }; })).toEqual([
      '/states/transitions/0/supersede/match/0 流转 "approve" 的 supersede 分组字段 "clinic" 不是资源字段',
      '/states/transitions/0/supersede/match/1 流转 "approve" 的 supersede 不能按状态字段 "auditStatus" 分组',
      '/states/transitions/0/supersede/to 流转 "approve" 的 supersede 状态 "1" 不能等于流转的目标状态',
    ]);
    expect(load((d) => { d.states.transitions[0].supersede = { match: ['hospitalId'], to: '9', set: { realname: 'now', sex: 'user', nope: 'now', auditStatus: { value: '0' } } }; })).toEqual([
      '/states/transitions/0/supersede/to 流转 "approve" 的 supersede 状态 "9" 不是字典 "audit_status" 的值',
      '/states/transitions/0/supersede/set/sex 流转 "approve" 的 supersede set 字段 "sex" 取操作人，类型必须是 string',
      '/states/transitions/0/supersede/set/nope 流转 "approve" 的 supersede set 字段 "nope" 不是资源字段',
      '/states/transitions/0/supersede/set/auditStatus 流转 "approve" 的 supersede set 不能写状态字段 "auditStatus"',
    ]);
    expect(load((d) => { d.states.transitions[0].supersede = { match: [], to: '2' }; })).toHaveLength(1);
  });

  test('uniqueness across modules', () => {
    expect(load((_d, all) => { all[0]!.permissionPrefix = 'hisDoctor'; })).toEqual([
      '/name 权限编码 "hisDoctor:list"、"hisDoctor:queryById"、"hisDoctor:add"、"hisDoctor:edit"、"hisDoctor:delete"、"hisDoctor:deleteBatch" 与模块 "hisHospital" 重复',
    ]);
    expect(load((d) => { d.menu.path = '/app/hospital'; })).toEqual(['/menu/path 菜单路径 "/app/hospital" 与模块 "hisHospital" 重复']);
    expect(load((d) => { d.api = { base: '/x', list: '/y' }; }).length).toBe(0);
  });

  test('schemaVersion', () => {
    expect(load((d) => { d.schemaVersion = 3; })).toEqual(['/schemaVersion 不支持的 schemaVersion 3（当前支持到 1）']);
    expect(load((d) => { d.schemaVersion = 0; })).toEqual(['/schemaVersion 不支持的 schemaVersion 0（缺少 0 → 1 的迁移）']);
  });

  test('dictionaries', () => {
    const f = asFiles();
    (f.dicts[0]!.data as Doc).items.push({ value: '1', text: '重复' });
    expect(loadRegistry(f.modules, f.dicts).problems.map((p) => p.message)).toEqual(['字典 "sex" 的值 "1" 重复']);
  });
});

describe('migrateSchema', () => {
  test('v1 passes through; steps apply in order', () => {
    expect(migrateSchema({ schemaVersion: 1, a: 1 })).toEqual({ ok: true, doc: { schemaVersion: 1, a: 1 }, applied: [] });
    const steps = [{ from: 1, to: 2, describe: '重命名 a 为 b', up: (d: Doc) => { d.b = d.a; delete d.a; return d; } }];
    expect(migrateSchema({ schemaVersion: 1, a: 1 }, steps, 2)).toEqual({ ok: true, doc: { schemaVersion: 2, b: 1 }, applied: ['1 → 2：重命名 a 为 b'] });
  });
});
