/** Language v1 additions: API paths, access projection, permission codes, tree index, children rows, loader rules. */
import { describe, expect, test } from 'vitest';
import { allowedTransitions, canEditField, editableInState, fieldAccess, transitionPermission } from '../../src/core/projections/access.js';
import { permissionCodes, requiredPermission } from '../../src/core/projections/menu.js';
import { toTableSpec } from '../../src/core/projections/sql.js';
import { createValidator } from '../../src/core/projections/validator.js';
import { knownRoutes, loadRegistry } from '../../src/core/schema/load.js';
import { apiActionsOf, apiPath } from '../../src/core/schema/naming.js';
import { createRegistry } from '../../src/core/schema/registry.js';
import type { ResourceSchema } from '../../src/core/schema/types.js';
import { asFiles, dicts, hisDoctor, resources } from './fixtures.js';

const region: ResourceSchema = {
  schemaVersion: 1, name: 'sysRegion', title: '行政区划', entity: '行政区划',
  fields: [
    { key: 'code', title: '区划代码', kind: 'string', required: true },
    { key: 'parentId', title: '上级', kind: 'ref', ref: { resource: 'sysRegion', label: 'code' } },
  ],
  list: { tree: { parent: 'parentId', lazy: true } },
};

describe('API paths (one helper)', () => {
  test('defaults and overrides', () => {
    expect(apiPath(hisDoctor, 'importTemplate')).toBe('/hisDoctor/importTemplate');
    expect(apiPath(region, 'childList')).toBe('/sysRegion/childList');
    expect(apiPath({ ...region, api: { base: '/sys/region/', childList: '/children' } }, 'childList')).toBe('/sys/region/children');
    expect(apiPath(hisDoctor, 'approve')).toBe('/hisDoctor/approve');
    expect(apiActionsOf(hisDoctor)).not.toContain('childList');
    expect(apiActionsOf(region)).toContain('childList');
  });
});

describe('access projection', () => {
  const doc: ResourceSchema = {
    ...hisDoctor,
    fields: hisDoctor.fields.map((f) =>
      f.key === 'idCard' ? { ...f, permission: { view: 'doc:idCard' } } : f.key === 'title' ? { ...f, permission: { edit: 'doc:title' } } : f,
    ),
  };
  test('transitions allowed by state and permission', () => {
    const all = () => true;
    expect(allowedTransitions(doc, { auditStatus: '0' }, all)).toEqual(['approve', 'reject']);
    expect(allowedTransitions(doc, { auditStatus: '1' }, all)).toEqual([]);
    expect(allowedTransitions(doc, { auditStatus: null }, all)).toEqual([]);
    expect(allowedTransitions(doc, { auditStatus: '0' }, (c) => c === 'hisDoctor:reject')).toEqual(['reject']);
    expect(transitionPermission(doc, doc.states!.transitions.find((t) => t.action === 'approve')!)).toBe('hisDoctor:approve');
  });
  test('field view / edit', () => {
    expect(fieldAccess(doc, () => false)).toEqual({ hidden: new Set(['idCard']), readOnly: new Set(['title']) });
    expect(fieldAccess(doc, () => true)).toEqual({ hidden: new Set(), readOnly: new Set() });
    const idCard = doc.fields.find((f) => f.key === 'idCard')!;
    expect(canEditField({ ...idCard, permission: { view: 'v', edit: 'e' } }, (c) => c === 'e')).toBe(false);
  });
});

describe('permission codes', () => {
  test('field codes are listed once; actions with permission false have none', () => {
    const s: ResourceSchema = {
      ...hisDoctor,
      fields: [...hisDoctor.fields.slice(0, 2), { key: 'x', title: '甲', kind: 'string', permission: { view: 'doc:secret', edit: 'doc:secret' } }],
      actions: [
        { action: 'viewCert', title: '查看证书', placement: 'row', kind: 'open', permission: false, open: { resource: 'hisHospital', filter: { name: { field: 'realname' } } } },
        { action: 'offline', title: '停诊', placement: 'row', kind: 'call', api: { method: 'PUT', path: '/hisDoctor/edit' } },
      ],
    };
    const codes = permissionCodes(s).map((p) => p.code);
    expect(codes).toContain('doc:secret');
    expect(codes.filter((c) => c === 'doc:secret')).toHaveLength(1);
    expect(codes).toContain('hisDoctor:offline');
    expect(codes).not.toContain('hisDoctor:viewCert');
    expect(requiredPermission(s, 'viewCert')).toBe('');
    expect(requiredPermission(region, 'childList')).toBe('sysRegion:list');
    expect(requiredPermission(hisDoctor, 'reject')).toBe('hisDoctor:reject');
  });
});

test('tree resources index (tenant_id, parent)', () => {
  expect(toTableSpec(region).indexes).toContainEqual({ name: 'idx_sys_region_tenant_parent_id', columns: ['tenant_id', 'parent_id'], unique: false });
});

describe('children rows in the validator', () => {
  const item: ResourceSchema = { schemaVersion: 1, name: 'rxItem', title: '明细', entity: '明细', fields: [
    { key: 'rxId', title: '处方', kind: 'ref', ref: { resource: 'rx', label: 'no' } },
    { key: 'dose', title: '单次剂量', kind: 'number', required: true },
  ] };
  const rx: ResourceSchema = { schemaVersion: 1, name: 'rx', title: '处方', entity: '处方', fields: [{ key: 'no', title: '处方号', kind: 'string' }],
    children: [{ key: 'items', title: '处方明细', resource: 'rxItem', foreignKey: 'rxId', min: 1, max: 2 }] };
  const reg = createRegistry([item, rx]);
  test('row number, field title and rule message; min / max; decorations ignored', () => {
    const add = createValidator(rx, 'add', reg);
    expect(add({ no: 'a', items: [{ dose: 1 }, {}] })).toMatchObject({ ok: false, message: '处方明细第2行：单次剂量：请输入单次剂量!' });
    expect(add({ no: 'a' })).toMatchObject({ ok: false, message: '处方明细至少需要1行' });
    expect(add({ no: 'a', items: [{ dose: 1 }, { dose: 2 }, { dose: 3 }] })).toMatchObject({ ok: false, message: '处方明细最多2行' });
    expect(add({ no: 'a', _transitions: ['x'], items: [{ dose: 1, rxId: 'forged', id: '9' }] })).toEqual({ ok: true, value: { no: 'a', items: [{ dose: 1 }] } });
    const edit = createValidator(rx, 'edit', reg);
    expect(edit({ id: '1', no: 'b' })).toEqual({ ok: true, value: { id: '1', no: 'b' } });
    expect(edit({ id: '1', items: [{ id: '5', dose: 2 }] })).toEqual({ ok: true, value: { id: '1', items: [{ id: '5', dose: 2 }] } });
  });
});

describe('loader rules', () => {
  const load = (mutate: (d: ResourceSchema) => void, ext?: object) => {
    const f = asFiles();
    mutate(f.modules.find((m) => m.data.name === 'hisDoctor')!.data as ResourceSchema);
    const e = ext ? { file: 'schemas/registry.json', data: ext } : undefined;
    return loadRegistry(f.modules, f.dicts, e).problems.map((p) => `${p.severity} ${p.path} ${p.message}`);
  };
  const REG = { widgets: [], pages: [], effects: ['auditStamp'], rules: [] };

  test('transition forms: unstored field warns, kind mismatch and the state field are errors', () => {
    expect(load((d) => { d.states!.transitions[1]!.form![0]!.key = 'reason'; })).toEqual([
      'warning /states/transitions/1/form/0/key 流转 "reject" 的表单字段 "reason" 不是资源字段，且未声明 effect：提交的值不会被保存',
    ]);
    expect(load((d) => { d.states!.transitions[1]!.form![0]!.kind = 'string'; })).toEqual([
      'error /states/transitions/1/form/0/kind 流转 "reject" 的表单字段 "rejectReason" 的类型 string 与资源字段的类型 text 不一致',
    ]);
    expect(load((d) => { d.states!.transitions[1]!.form = [{ key: 'auditStatus', title: '状态', kind: 'dict', dict: 'audit_status' }]; })).toEqual([
      'error /states/transitions/1/form/0/key 流转 "reject" 的表单不能包含状态字段 "auditStatus"',
    ]);
  });

  test('names are checked only against a registry.json', () => {
    expect(load((d) => { d.states!.transitions[0]!.effect = 'nope'; })).toEqual([]);
    expect(load((d) => { d.states!.transitions[0]!.effect = 'nope'; }, REG)).toEqual(['error /states/transitions/0/effect 未注册的服务端效果 "nope"']);
    expect(load((d) => { d.states!.transitions[0]!.effect = 'auditStamp'; }, REG)).toEqual([]);
    expect(load(() => undefined, { widgets: [] })[0]).toBe('error  缺少必需的键 "pages"');
  });

  test('server-filled words: valid forms load clean; meta-schema refuses malformed ones', () => {
    const doctorNo = { key: 'doctorNo', title: '医生编号', kind: 'string' as const, readOnly: true, unique: 'global' as const, maxLength: 16 };
    expect(load((d) => { d.fields.push({ ...doctorNo, autoNumber: { prefix: 'YS', date: 'yyyyMM', digits: 6 } }); })).toEqual([]);
    expect(load((d) => { d.fields.push({ ...doctorNo, autoNumber: { prefix: 'YS', date: false, digits: 4 } }); })).toEqual([]);
    expect(load((d) => { d.fields.push({ key: 'fee', title: '费用', kind: 'money', readOnly: true, compute: { product: ['imagePrice', 'imagePrice'] } }); })).toEqual([]);
    expect(load((d) => { d.effects = { afterWrite: ['auditStamp'] }; }, REG)).toEqual([]);
    const meta = (f: object) => load((d) => { d.fields.push(f as never); }).filter((p) => p.startsWith('error'));
    expect(meta({ ...doctorNo, unique: 'tenant' }).length).toBeGreaterThan(0);
    expect(meta({ ...doctorNo, autoNumber: { prefix: 'Y_S', digits: 4 } }).length).toBeGreaterThan(0);
    expect(meta({ ...doctorNo, autoNumber: { prefix: 'YS', date: 'yyyy', digits: 4 } }).length).toBeGreaterThan(0);
    expect(meta({ key: 'fee', title: '费用', kind: 'money', readOnly: true, compute: { product: ['imagePrice'] } }).length).toBeGreaterThan(0);
    expect(meta({ key: 'fee', title: '费用', kind: 'money', readOnly: true, compute: { avg: ['imagePrice', 'imagePrice'] } }).length).toBeGreaterThan(0);
  });

  test('states.editable names values of the state dictionary', () => {
    expect(load((d) => { d.states!.editable = ['0', '2']; })).toEqual([]);
    expect(load((d) => { d.states!.editable = ['0', '7']; })).toEqual(['error /states/editable/1 可编辑状态 "7" 不是字典 "audit_status" 的值']);
  });

  test('transition set: resource fields other than the state, values fitting their kinds', () => {
    const withSet = (set: Record<string, unknown>) => load((d) => {
      d.fields.push({ key: 'auditTime', title: '审核时间', kind: 'datetime', readOnly: true }, { key: 'auditBy', title: '审核人', kind: 'string', readOnly: true }, { key: 'fee', title: '费用', kind: 'money', readOnly: true });
      d.states!.transitions[0]!.set = set as never;
    });
    expect(withSet({ auditTime: 'now', auditBy: 'user', fee: { field: 'imagePrice' }, onlineSwitch: { value: true } })).toEqual([]);
    expect(withSet({ auditTime: { fromNow: { years: 15 } } })).toEqual([]);
    expect(withSet({ auditBy: { fromNow: { days: 3 } } })).toEqual(['error /states/transitions/0/set/auditBy 流转 "approve" 的 set 字段 "auditBy" 取当前时间加一段时间，类型必须是 datetime 或 date']);
    expect(withSet({ auditTime: { fromNow: {} } }).length).toBeGreaterThan(0);
    expect(withSet({ auditTimes: 'now' })).toEqual(['error /states/transitions/0/set/auditTimes 流转 "approve" 的 set 字段 "auditTimes" 不是资源字段']);
    expect(withSet({ auditStatus: { value: '1' } })).toEqual(['error /states/transitions/0/set/auditStatus 流转 "approve" 的 set 不能写状态字段 "auditStatus"']);
    expect(withSet({ fee: 'now' })).toEqual(['error /states/transitions/0/set/fee 流转 "approve" 的 set 字段 "fee" 取当前时间，类型必须是 datetime、date 或 string']);
    expect(withSet({ fee: 'user' })).toEqual(['error /states/transitions/0/set/fee 流转 "approve" 的 set 字段 "fee" 取操作人，类型必须是 string']);
    expect(withSet({ fee: { field: 'realname' } })).toEqual(['error /states/transitions/0/set/fee 流转 "approve" 的 set 字段 "fee" 的类型 money 与复制的字段 "realname" 的类型 string 不一致']);
    expect(withSet({ fee: 'later' }).filter((p) => p.startsWith('error')).length).toBeGreaterThan(0);
  });

  test('compute add: sum of numeric row paths', () => {
    const add = (paths: string[]) => load((d) => { d.fields.push({ key: 'fee', title: '费用', kind: 'money', readOnly: true, compute: { add: paths } }); });
    expect(add(['imagePrice', 'imagePrice'])).toEqual([]);
    expect(add(['imagePrice', 'realname'])).toEqual(['error /fields/12/compute/add/1 字段 "fee" 的 compute 引用的字段 "realname" 不是数值类型（integer、number、money）']);
    expect(add(['imagePrice']).filter((p) => p.startsWith('error')).length).toBeGreaterThan(0);
  });

  test('compute subtract and percentOf: numeric row paths, cap in percent', () => {
    const fee = (compute: object) => load((d) => { d.fields.push({ key: 'fee', title: '费用', kind: 'money', readOnly: true, compute: compute as never }); });
    expect(fee({ subtract: ['imagePrice', 'imagePrice'] })).toEqual([]);
    expect(fee({ subtract: ['imagePrice', 'realname'] })).toEqual(['error /fields/12/compute/subtract/1 字段 "fee" 的 compute 引用的字段 "realname" 不是数值类型（integer、number、money）']);
    expect(fee({ percentOf: { base: 'imagePrice', percent: 'imagePrice', cap: 30 } })).toEqual([]);
    expect(fee({ percentOf: { base: 'imagePrice', percent: 'sex' } })).toEqual(['error /fields/12/compute/percentOf/percent 字段 "fee" 的 compute 引用的字段 "sex" 不是数值类型（integer、number、money）']);
    expect(fee({ percentOf: { base: 'imagePrices', percent: 'imagePrice' } })).toEqual(['error /fields/12/compute/percentOf/base 字段 "fee" 的 compute 引用的字段 "imagePrices" 不是资源 "hisDoctor" 的字段']);
    expect(fee({ percentOf: { base: 'imagePrice', percent: 'imagePrice', cap: 130 } }).filter((p) => p.startsWith('error')).length).toBeGreaterThan(0);
    expect(fee({ subtract: ['imagePrice'] }).filter((p) => p.startsWith('error')).length).toBeGreaterThan(0);
  });

  test('actions: unknown api warns; known routes', () => {
    const call = (path: string) => load((d) => { d.actions = [{ action: 'sync', title: '同步', placement: 'toolbar', kind: 'call', api: { method: 'POST', path } }]; });
    expect(call('/hisDoctor/approve')).toEqual([]);
    expect(call('/his/sync')).toEqual(['warning /actions/0/api 动作 "sync" 的接口 POST /his/sync 不是通用接口或状态流转，且未声明 effect：本服务端不提供该接口']);
    const routes = knownRoutes(createRegistry([...resources, region], dicts));
    expect(routes.has('GET /sysRegion/childList')).toBe(true);
    expect(routes.has('PUT /hisDoctor/reject')).toBe(true);
    expect(routes.has('GET /hisDoctor/childList')).toBe(false);
  });

  test('children: required foreign key is an error; transition paths take part in uniqueness', () => {
    const f = asFiles();
    (f.modules.find((m) => m.data.name === 'hisHospital')!.data as ResourceSchema).children = [{ key: 'doctors', title: '医生', resource: 'hisDoctor', foreignKey: 'hospitalId' }];
    expect(loadRegistry(f.modules, f.dicts).problems.map((p) => p.message)).toEqual(['子表 "doctors" 的外键 "hospitalId" 由服务端填写，不能声明 required']);
    const g = asFiles();
    (g.modules.find((m) => m.data.name === 'hisHospital')!.data as ResourceSchema).api = { base: '/hisDoctor', list: '/approve' };
    expect(loadRegistry(g.modules, g.dicts).problems.map((p) => p.message)).toContain('接口路径 "/hisDoctor/approve" 与模块 "hisHospital" 重复');
  });
});

describe('word lists (wordList / wordCheck)', () => {
  // hisDoctor of the fixtures serves as its own word list: realname is the word, scenes a multiple dict
  const load = (mutate: (d: ResourceSchema) => void) => {
    const f = asFiles();
    const d = f.modules.find((m) => m.data.name === 'hisDoctor')!.data as ResourceSchema;
    d.fields.push({ key: 'scenes', title: '场景', kind: 'dict', dict: 'sex', multiple: true });
    d.wordList = { word: 'realname', scenes: 'scenes', activeWhen: { auditStatus: '1' }, replaceWhen: { sex: '2' } };
    d.fields.find((x) => x.key === 'intro')!.wordCheck = { list: 'hisDoctor', scene: '1' };
    mutate(d);
    return loadRegistry(f.modules, f.dicts).problems.filter((p) => p.severity === 'error').map((p) => `${p.path} ${p.message}`);
  };
  const intro = (d: ResourceSchema) => d.fields.find((x) => x.key === 'intro')!;

  test('a list and a checked field load clean', () => {
    expect(load(() => {})).toEqual([]);
    expect(load((d) => { intro(d).wordCheck = { list: 'hisDoctor' }; })).toEqual([]);
  });

  test('the checked field: text kinds, an existing list that declares wordList, a scene of its dictionary', () => {
    expect(load((d) => { d.fields.find((x) => x.key === 'imagePrice')!.wordCheck = { list: 'hisDoctor' }; })).toEqual([
      '/fields/8/wordCheck 字段 "imagePrice" 声明了 wordCheck，类型必须是 string、text 或 richtext',
    ]);
    expect(load((d) => { intro(d).wordCheck = { list: 'sysWord' }; })).toEqual(['/fields/9/wordCheck/list 字段 "intro" 的词表资源 "sysWord" 不存在']);
    expect(load((d) => { intro(d).wordCheck = { list: 'hisHospital' }; })).toEqual(['/fields/9/wordCheck/list 字段 "intro" 的词表资源 "hisHospital" 没有声明 wordList']);
    expect(load((d) => { intro(d).wordCheck = { list: 'hisDoctor', scene: '9' }; })).toEqual(['/fields/9/wordCheck/scene 字段 "intro" 的场景 "9" 不是字典 "sex" 的值']);
    expect(load((d) => { delete d.wordList!.scenes; })).toEqual(['/fields/9/wordCheck/scene 字段 "intro" 声明了场景，但词表 "hisDoctor" 没有场景字段']);
  });

  test('the list: a string word, a multiple dict of scenes, conditions over declared fields', () => {
    expect(load((d) => { d.wordList!.word = 'imagePrice'; })).toEqual(['/wordList/word 词表的词语字段 "imagePrice" 的类型必须是 string']);
    expect(load((d) => { d.wordList!.word = 'words'; })).toEqual(['/wordList/word 词表的词语字段 "words" 不是已声明的字段']);
    expect(load((d) => { d.wordList!.scenes = 'sex'; intro(d).wordCheck = { list: 'hisDoctor' }; })).toEqual(['/wordList/scenes 词表的场景字段 "sex" 必须是多选字典（dict + multiple）']);
    expect(load((d) => { d.wordList!.activeWhen = { enabled: '1' }; })).toEqual(['/wordList/activeWhen/enabled 词表的 activeWhen 条件引用的字段 "enabled" 不存在']);
  });
});

describe('editableInState', () => {
  test('every state without the word; only the listed ones with it', () => {
    const states = { field: 'status', transitions: [{ action: 'approve', title: '审核通过', from: ['0'], to: '1' }] };
    expect(editableInState({ states }, { status: '1' })).toBe(true);
    expect(editableInState({}, { status: '1' })).toBe(true);
    expect(editableInState({ states: { ...states, editable: ['0', '3'] } }, { status: '3' })).toBe(true);
    expect(editableInState({ states: { ...states, editable: ['0', '3'] } }, { status: '1' })).toBe(false);
    expect(editableInState({ states: { ...states, editable: ['0'] } }, { status: null })).toBe(false);
  });
});
