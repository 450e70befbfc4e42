import { describe, expect, test } from 'vitest';
import { formDefaults, toFormilyFieldsSchema, toFormilySchema, COND_SCOPE } from '../../src/core/projections/formily.js';
import { evaluateCondition } from '../../src/core/validators/condition.js';
import { hisDoctor, registry } from './fixtures.js';

type Node = Record<string, any>;
/** Field nodes by key, walking void containers. */
function fields(schema: Node): Record<string, any> {
  const out: Record<string, any> = {};
  const walk = (n: Node) => {
    for (const [k, v] of Object.entries((n.properties ?? {}) as Record<string, Node>)) {
      if (v.type === 'void') walk(v);
      else out[k] = v;
    }
  };
  walk(schema);
  return out;
}
/** Evaluate a `{{ $cond(...) }}` expression the way Formily's scope would. */
function run(expr: string, values: Record<string, unknown>): boolean {
  const body = expr.replace(/^\{\{\s*|\s*\}\}$/g, '');
  return new Function(COND_SCOPE, '$form', `return ${body}`)(evaluateCondition, { values }) as boolean;
}

describe('toFormilySchema', () => {
  const create = toFormilySchema(hisDoctor, 'create', registry) as Node;
  const f = fields(create);
  test('layout and sections', () => {
    expect(create.type).toBe('object');
    const layout = create.properties.layout;
    expect(layout['x-component']).toBe('FormLayout');
    const sections = Object.values(layout.properties as Record<string, Node>);
    expect(sections.map((s) => [s['x-component'], s['x-decorator-props']?.title])).toEqual([['FormGrid', '基本信息'], ['FormGrid', '执业信息']]);
    expect(sections[0]!['x-component-props'].maxColumns).toBe(2);
  });
  test('components by kind', () => {
    expect(Object.keys(f)).toEqual(['realname', 'sex', 'phone', 'idCard', 'hospitalId', 'departIds', 'title', 'onlineSwitch', 'imagePrice', 'intro']);
    expect(f.realname).toMatchObject({ 'x-decorator': 'FormItem', 'x-component': 'Input', 'x-validator': [{ required: true, message: '请输入姓名!' }, { maxLength: 32, message: '姓名长度不能超过32个字符' }] });
    expect(f.sex).toMatchObject({ 'x-component': 'DictSelect', 'x-component-props': { dict: 'sex', multiple: false } });
    expect(f.hospitalId).toMatchObject({ 'x-component': 'RefSelect', 'x-component-props': { source: 'hisDoctor', field: 'hospitalId', resource: 'hisHospital', label: 'name', value: 'id', multiple: false } });
    expect(f.departIds['x-component-props']).toMatchObject({ source: 'hisDoctor', field: 'departIds', multiple: true, filter: { hospitalId: { field: 'hospitalId' } } });
    expect(f.phone['x-validator']).toEqual([{ required: true, message: '请输入手机号码!' }, { format: 'phone', message: '手机号码格式不正确!' }]);
    expect(f.imagePrice).toMatchObject({ 'x-component': 'NumberPicker', 'x-component-props': { precision: 2, min: 0 } });
    expect(f.intro['x-component']).toBe('RichText');
    expect(f.onlineSwitch).toMatchObject({ 'x-component': 'Switch', default: false });
  });
  test('suggestions: free text with the declared values offered; detail shows the text', () => {
    const offered = [{ value: '#{sys_user_code}', label: '当前用户账号' }, { value: '#{sys_date}', label: '当前日期' }];
    const s = { ...hisDoctor, fields: hisDoctor.fields.map((x) => (x.key === 'realname' ? { ...x, suggestions: offered } : x)) };
    const node = fields(toFormilySchema(s, 'create', registry) as Node).realname;
    expect(node).toMatchObject({ 'x-component': 'SuggestInput', 'x-component-props': { options: offered, maxLength: 32 } });
    expect(node['x-validator']).toEqual(f.realname['x-validator']);
    expect(fields(toFormilySchema(s, 'detail', registry) as Node).realname['x-component']).toBe('Input');
  });
  test('reactions evaluate with $cond', () => {
    const r = f.imagePrice['x-reactions'] as Node[];
    expect(r.map((x) => x.dependencies)).toEqual([['onlineSwitch'], ['onlineSwitch']]);
    expect(run(r[0]!.fulfill.state.visible, { onlineSwitch: true })).toBe(true);
    expect(run(r[0]!.fulfill.state.visible, { onlineSwitch: false })).toBe(false);
    expect(run(r[1]!.fulfill.state.required, { onlineSwitch: true })).toBe(true);
    // dormant required rule carries the message the reaction switches on
    expect(f.imagePrice['x-validator'][0]).toEqual({ required: false, message: '请输入图文问诊价格!' });
  });
  test('modes', () => {
    expect(f.auditStatus).toBeUndefined(); // readOnly: not on the create form
    const edit = fields(toFormilySchema(hisDoctor, 'edit', registry) as Node);
    expect(edit.auditStatus!['x-pattern']).toBe('readPretty');
    const detail = fields(toFormilySchema(hisDoctor, 'detail', registry) as Node);
    expect(Object.values(detail).every((n) => n['x-pattern'] === 'readPretty' && !n['x-validator'])).toBe(true);
    expect(detail.phone!['x-component']).toBe('MaskedText');
    expect(formDefaults(hisDoctor)).toEqual({ onlineSwitch: false });
  });
  test('plain JSON', () => {
    expect(JSON.parse(JSON.stringify(create))).toEqual(create);
  });
  test('relation widgets name their source resource + field (GET /sys/ref/options)', () => {
    const form = fields(toFormilyFieldsSchema([
      { key: 'deptId', title: '科室', kind: 'treeRef', ref: { resource: 'hisDepartment', label: 'name' } },
      { key: 'area', title: '地区', kind: 'region' },
    ], registry, 'hisDoctor') as Node);
    expect(form.deptId).toMatchObject({ 'x-component': 'TreeRefSelect', 'x-component-props': { source: 'hisDoctor', field: 'deptId', resource: 'hisDepartment', label: 'name' } });
    expect(form.area).toMatchObject({ 'x-component': 'RegionCascader', 'x-component-props': { source: 'hisDoctor', field: 'area' } });
  });
});
