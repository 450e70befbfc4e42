import { describe, expect, test } from 'vitest';
import { lintSchemas, formatText, main } from '../../generators/lint.js';
import { pointerToLine } from '../../src/server/schemas-fs.js';

const root = (name: string) => `tests/fixtures/lint/${name}`;
const lines = (name: string) => lintSchemas(root(name)).problems.filter((p) => p.severity === 'error').map((p) => `${p.file.replace(root(name) + '/', '')}:${p.line}  ${p.path}  ${p.message}`);

describe('lint fixtures: one broken rule each', () => {
  test('valid', () => expect(lines('valid')).toEqual([]));
  test.each([
    ['unknown-key', 'modules/hisDoctor.json:20  /fields/0/maxLenght  字段 "realname"：未知的键 "maxLenght"，是否应为 "maxLength"？'],
    ['bad-kind', 'modules/hisDoctor.json:16  /fields/0/kind  字段 "realname"：取值 "strin" 无效，应为 string、text、integer、number、money、boolean、date、datetime、time、dict、ref、refs、treeRef、region、image、images、file、richtext、phone、idcard、url、email、password、color、icon、json 之一'],
    ['bad-search-mode', 'modules/hisDoctor.json:19  /fields/0/search  字段 "realname"：取值 "contains" 无效，应为 eq、like、in、range、false（查询方式：eq 等于；like 模糊（*x*）；in 多值（逗号分隔）；range 区间（<key>_begin / <key>_end）；false 不可查询）'],
    ['missing-dict', 'modules/hisDoctor.json:25  /fields/1/dict  字段 "sex" 引用的字典 "gender" 不存在'],
    ['missing-ref-resource', 'modules/hisDoctor.json:33  /fields/2/ref/resource  字段 "hospitalId" 引用的资源 "hisHospitl" 不存在'],
    ['bad-ref-label', 'modules/hisDoctor.json:34  /fields/2/ref/label  字段 "hospitalId" 的显示字段 "title" 不是资源 "hisHospital" 的字段'],
    ['list-column', 'modules/hisDoctor.json:63  /list/columns/3  列表列 "phone" 不是已声明的字段'],
    ['section-field', 'modules/hisDoctor.json:88  /form/sections/0/fields/5  表单分组 "基本信息" 中的 "age" 不是已声明的字段'],
    ['condition-field', 'modules/hisDoctor.json:47  /fields/4/visibleWhen/online  字段 "imagePrice" 的 visibleWhen 条件引用的字段 "online" 不存在'],
    ['condition-cycle', 'modules/hisDoctor.json:37  /fields/3  条件依赖形成环：onlineSwitch → imagePrice → onlineSwitch'],
    ['duplicate-field', 'modules/hisDoctor.json:58  /fields/6/key  字段键 "sex" 重复（第 2 个字段已声明）'],
    ['state-not-dict', 'modules/hisDoctor.json:66  /states/field  状态字段 "realname" 必须是 dict 类型的字段'],
    ['state-value', 'modules/hisDoctor.json:74  /states/transitions/0/to  流转 "approve" 的目标状态 "9" 不是字典 "audit_status" 的值'],
    ['schema-version', 'modules/hisDoctor.json:3  /schemaVersion  不支持的 schemaVersion 2（当前支持到 1）'],
    ['duplicate-permission', 'modules/hisHospital.json:17  /permissionPrefix  权限编码 "hisDoctor:list"、"hisDoctor:queryById"、"hisDoctor:add"、"hisDoctor:edit"、"hisDoctor:delete"、"hisDoctor:deleteBatch" 与模块 "hisDoctor" 重复'],
    ['duplicate-menu-path', 'modules/hisHospital.json:8  /menu/path  菜单路径 "/app/doctor" 与模块 "hisDoctor" 重复'],
    ['duplicate-api-path', 'modules/hisHospital.json:18  /api/base  接口路径 "/hisDoctor/list"、"/hisDoctor/queryById"、"/hisDoctor/add"、"/hisDoctor/edit"、"/hisDoctor/delete"、"/hisDoctor/deleteBatch"、"/hisDoctor/exportXls"、"/hisDoctor/importExcel"、"/hisDoctor/importTemplate" 与模块 "hisDoctor" 重复'],
    ['read-only-import', 'modules/hisHospital.json:12  /list/import  资源 "hisHospital" 声明为只读（readOnly），不能导入'],
    // language v1 additions
    ['unregistered-component', 'modules/hisDoctor.json:84  /actions/0/component  未注册的组件 "certPrint"'],
    ['unregistered-effect', 'modules/hisDoctor.json:75  /states/transitions/0/effect  未注册的服务端效果 "stockPost"'],
    ['unregistered-rule', 'modules/hisDoctor.json:20  /fields/0/rule  未注册的校验规则 "pharmacist_no"'],
    ['mutation-without-permission', 'modules/hisDoctor.json:89  /actions/0/permission  动作 "offline" 会修改数据（PUT），必须有权限编码（声明 permission 或使用默认的 hisDoctor:offline）'],
    ['child-resource', 'modules/hisHospital.json:21  /children/0/resource  子表 "doctors" 引用的资源 "hisDoctors" 不存在'],
    ['child-foreign-key', 'modules/hisHospital.json:22  /children/0/foreignKey  子表 "doctors" 的外键 "hospital" 不是资源 "hisDoctor" 的字段'],
    ['child-field', 'modules/hisHospital.json:25  /children/0/fields/1  子表 "doctors" 的字段 "phone" 不是资源 "hisDoctor" 的字段'],
    ['child-min-max', 'modules/hisHospital.json:23  /children/0/min  子表 "doctors" 的 min (5) 大于 max (2)'],
    ['tree-parent', 'modules/hisDoctor.json:65  /list/tree/parent  树形表格的父字段 "hospitalId" 必须是引用本资源 "hisDoctor" 的 ref 或 treeRef 字段'],
    // server-filled fields (autoNumber, compute) and write effects
    ['auto-number-kind', 'modules/hisDoctor.json:63  /fields/6/autoNumber  字段 "doctorNo" 声明了 autoNumber，类型必须是 string'],
    ['auto-number-unique', 'modules/hisDoctor.json:62  /fields/6/autoNumber  字段 "doctorNo" 声明了 autoNumber，必须同时声明 unique（唯一索引防止并发重号）'],
    ['auto-number-length', 'modules/hisDoctor.json:64  /fields/6/autoNumber  字段 "doctorNo" 的 autoNumber 编号长 14 位，超过 maxLength (8)'],
    ['server-filled-read-only', 'modules/hisDoctor.json:61  /fields/6/compute  字段 "fee" 由服务端填写（compute），必须声明 readOnly: true'],
    ['server-filled-own', 'modules/hisDoctor.json:80  /states/transitions/0/form/0/autoNumber  字段 "auditNo"：autoNumber 只能声明在资源字段上'],
    ['compute-kind', 'modules/hisDoctor.json:62  /fields/6/compute  字段 "fee" 声明了 compute，类型必须是 integer、number 或 money'],
    ['compute-child', 'modules/hisHospital.json:23  /fields/1/compute/sum/child  字段 "totalPrice" 的 compute 引用的子表 "doctor" 不存在'],
    ['compute-field', 'modules/hisHospital.json:26  /fields/1/compute/sumProduct/fields/1  字段 "totalPrice" 的 compute 引用的字段 "price" 不是资源 "hisDoctor" 的字段'],
    ['compute-ref', 'modules/hisDoctor.json:64  /fields/6/compute/product/0  字段 "fee" 的 compute 路径 "realname.price" 中的 "realname" 不是 ref 字段'],
    ['compute-numeric', 'modules/hisDoctor.json:65  /fields/6/compute/product/1  字段 "fee" 的 compute 引用的字段 "hospitalId.name" 不是数值类型（integer、number、money）'],
    ['unique-within-unique', 'modules/hisDoctor.json:19  /fields/0/uniqueWithin  字段 "realname" 声明了 uniqueWithin，必须同时声明 unique: true'],
    ['substring-index-search', 'modules/hisDoctor.json:20  /fields/0/index  字段 "realname" 声明了 index: "substring"，必须同时声明 search: "like"'],
    ['substring-index-length', 'modules/hisDoctor.json:20  /fields/0/index  字段 "realname"：index: "substring" 需要 maxLength 不超过 256'],
    ['unique-within-field', 'modules/hisDoctor.json:20  /fields/0/uniqueWithin  字段 "realname" 的 uniqueWithin "hospital" 不是本资源的其他字段'],
    ['unregistered-write-effect', 'modules/hisDoctor.json:80  /effects/afterWrite/0  未注册的服务端效果 "syncUserRoles"'],
  ])('%s', (name, expected) => {
    expect(lines(name)).toEqual([expected]);
  });
});

describe('lint rules of the architecture review', () => {
  test.each([
    ['open-filter-search', 'modules/hisHospital.json:26  /actions/0/open/filter/hospitalId  动作 "doctors" 的过滤字段 "hospitalId" 在资源 "hisDoctor" 中不可查询（该字段未声明 search）'],
    ['region-without-module', 'modules/hisHospital.json:19  /fields/1/kind  字段 "regionCode" 的类型为 region，需要声明 serves: "regions" 的行政区划模块'],
    ['fill-rule-without-module', 'modules/hisHospital.json:25  /fields/1/autoNumber/rule  字段 "hosNo" 的 autoNumber 声明了编码规则，需要声明 serves: "fillRules" 的编码规则模块'],
    ['serves-twice', 'modules/hisOrg.json:6  /serves  机构服务（serves: "organisations"）只能由一个资源提供（已由资源 "hisHospital" 声明）'],
    ['serves-fields', 'modules/hisHospital.json:6  /serves  提供行政区划服务（serves: "regions"）的资源须声明字段：code'],
    // the module serving regions is broken: the region field needing it is not reported again
    ['serves-no-cascade', 'modules/sysRegion.json:16  /fields/0/maxLenght  字段 "code"：未知的键 "maxLenght"，是否应为 "maxLength"？'],
    ['count-of-via', 'modules/hisHospital.json:23  /fields/1/countOf/via  字段 "doctorCount" 的计数关联字段 "realname" 不是资源 "hisDoctor" 指向 "hisHospital" 的 ref 字段'],
    ['answer-summary', 'modules/hisHospital.json:23  /answerSummary/field  answerSummary 的答案字段 "realname" 不是资源 "hisDoctor" 的 json 字段'],
    ['cap-by-field', 'modules/hisDoctor.json:63  /fields/6/capBy/field  字段 "imagePriceTotal" 的上限字段 "name" 不是资源 "hisHospital" 的数值字段'],
    ['api-alias', 'modules/hisHospital.json:19  /api/aliases/~1hisDoctor~1list  接口别名 "/hisDoctor/list" 与资源 "hisDoctor" 的接口重复'],
    ['api-alias-any', 'modules/hisHospital.json:24  /api/aliases/~1hisHospital~1queryByCode/anyOf/1  接口别名 "/hisHospital/queryByCode" 的字段 "orgCode" 不是资源字段'],
    // one unknown key in hisHospital: hisDoctor's reference to it is not reported again
    ['no-cascade', 'modules/hisHospital.json:15  /fields/0/maxLenght  字段 "name"：未知的键 "maxLenght"，是否应为 "maxLength"？'],
  ])('%s', (name, expected) => {
    expect(lines(name)).toEqual([expected]);
  });

  test('a folder outside schemas/ given as an argument is linted as its own root', () => {
    const out: string[] = [];
    const write = process.stdout.write.bind(process.stdout);
    process.stdout.write = ((chunk: string) => (out.push(String(chunk)), true)) as typeof process.stdout.write;
    let code: number;
    try {
      code = main([root('unknown-key')]);
    } finally {
      process.stdout.write = write;
    }
    expect(code).toBe(1);
    expect(out.join('')).toContain('未知的键 "maxLenght"');
  });

  test('a path that names no schema file is an error', () => {
    const r = lintSchemas('schemas', ['schemas/modules/noSuchModule.json']);
    expect(r.errors).toBe(1);
    expect(r.problems[0]!.message).toBe('路径 "schemas/modules/noSuchModule.json" 下没有 schema 文件');
  });

  test('roles.json is linted with the modules', () => {
    expect(lines('roles-bad')).toEqual(['roles.json:3  /roles/0/grnats  未知的键 "grnats"，是否应为 "grants"？']);
  });
});

test('paths narrow the report, summary line', () => {
  const r = lintSchemas(root('duplicate-menu-path'), [`${root('duplicate-menu-path')}/modules/hisDoctor.json`]);
  expect(r.errors).toBe(0);
  expect(r.files).toBe(1);
  expect(formatText(r)).toMatch(/^1 个文件，0 个错误，用时 \d+ ms$/);
});

test('registry.json is checked against its meta-schema', () => {
  const r = lintSchemas(root('valid'));
  expect(r.files).toBe(5);
  expect(r.problems).toEqual([]);
});

test('the project schemas lint clean', () => {
  const r = lintSchemas('schemas');
  expect(r.problems.filter((p) => p.severity === 'error')).toEqual([]);
});

test('pointerToLine', () => {
  const src = '{\n  "a": 1,\n  "b": [\n    {"c": "x"},\n    {\n      "c": "y"\n    }\n  ]\n}\n';
  expect(pointerToLine(src, '')).toBe(1);
  expect(pointerToLine(src, '/a')).toBe(2);
  expect(pointerToLine(src, '/b/1/c')).toBe(6);
  expect(pointerToLine(src, '/b/1/missing')).toBe(5);
  expect(pointerToLine(src, '/b/0/c')).toBe(4);
});
