/**
 * The decoration component registry: every type's property schema (what the panel draws and
 * what publishing checks), the page check's messages, the templates and the editor history.
 */
import { describe, expect, it } from 'vitest';
import { COMPONENTS, COMPONENT_TYPES, defaultProps, paletteGroups } from '../../src/core/decoration/components';
import { componentFormSchema, PAGE_SETTINGS_SCHEMA } from '../../src/core/decoration/property-form';
import { TEMPLATES } from '../../src/core/decoration/templates';
import type { DecorationPage, PropertySchema } from '../../src/core/decoration/types';
import { nodeProblems, publicPage, validatePage } from '../../src/core/decoration/validate';
import { editorReducer, initialState } from '../../src/client/pages/decoration/editorState';

const KNOWN_WIDGETS = new Set(['Input', 'Input.TextArea', 'ImageUpload', 'LinkPicker', 'ColorInput', 'NumberPicker', 'Switch', 'Radio.Group', 'ArrayItems']);

function walk(s: PropertySchema, visit: (s: PropertySchema, key: string) => void, key = ''): void {
  visit(s, key);
  for (const [k, c] of Object.entries(s.properties ?? {})) walk(c, visit, k);
  if (s.items) walk(s.items, visit, `${key}[]`);
}

const page = (components: DecorationPage['components']): DecorationPage => ({ settings: { title: '首页', background: '#fff', shareText: '' }, components });

describe('the fifteen components', () => {
  it('are registered by type in four palette groups', () => {
    expect(COMPONENT_TYPES).toHaveLength(15);
    expect(paletteGroups().map((g) => g.title)).toEqual(['基础组件', '图文组件', '导航组件', '业务组件']);
    expect(paletteGroups().flatMap((g) => g.items.map((i) => i.type)).sort()).toEqual([...COMPONENT_TYPES].sort());
    expect(COMPONENT_TYPES.filter((t) => COMPONENTS[t].single)).toEqual(['navbar', 'bottomNav']);
  });

  for (const type of COMPONENT_TYPES) {
    describe(`${type} (${COMPONENTS[type].title})`, () => {
      const def = COMPONENTS[type];
      it('property schema: every field has a title and a known widget; required keys are declared; defaults cover every field', () => {
        walk(def.schema, (s, key) => {
          if (s.type === 'void' || s['x-decorator'] === 'ArrayItems.Item' || !key || key.endsWith('[]')) return;
          expect(s.title, key).toBeTruthy();
          expect(KNOWN_WIDGETS.has(String(s['x-component'])), `${key}: ${String(s['x-component'])}`).toBe(true);
        });
        for (const r of def.schema.required ?? []) expect(def.schema.properties).toHaveProperty(r);
        for (const k of Object.keys(def.schema.properties ?? {})) expect(def.defaults, k).toHaveProperty(k);
        expect(Object.keys(def.defaults).every((k) => k in (def.schema.properties ?? {}))).toBe(true);
      });
      it('form schema for Formily: the same fields without the decoration formats', () => {
        const f = componentFormSchema(type);
        expect(JSON.stringify(f)).not.toMatch(/"format"/);
        expect(Object.keys((f as { properties: object }).properties)).toEqual(Object.keys(def.schema.properties!));
      });
      it('defaults: only missing images (if any) stand between a new block and publishing', () => {
        const { messages } = nodeProblems({ id: 'x', type, props: defaultProps(type) });
        for (const m of messages) expect(m).toMatch(new RegExp(`^${def.title}：.*「(图片|广告图|图标)」不能为空$`));
      });
    });
  }
});

describe('page check', () => {
  it('names the component, the item and the field', async () => {
    const banner = { id: 'b', type: 'banner', props: { items: [{ image: 'a.png' }, { image: '' }], height: 150 } };
    expect((await validatePage(page([banner]))).map((p) => p.message)).toEqual(['轮播图：第2项「图片」不能为空']);
    const nav = { id: 'n', type: 'bottomNav', props: { items: [{ name: '首页', link: { type: 'page', value: 'home' } }] } };
    expect((await validatePage(page([nav]))).map((p) => p.message)).toEqual(['底部导航：「菜单列表」至少 2 项']);
  });
  it('resolves record links through the caller and counts single components', async () => {
    const ad = { id: 'a', type: 'headerAd', props: { image: 'x.png', link: { type: 'department', value: '7' } } };
    const nb = (id: string) => ({ id, type: 'navbar', props: defaultProps('navbar') });
    const problems = await validatePage(page([nb('1'), ad, nb('2')]), async () => new Set());
    expect(problems.map((p) => p.message)).toEqual(['头部广告：「链接」指向的科室不存在', '导航栏：一个页面最多放置一个']);
    expect(await validatePage(page([ad]), async (r, ids) => new Set(r === 'hisDepartment' ? ids : []))).toEqual([]);
  });
  it('refuses what is not a page, an unknown type and an empty title', async () => {
    expect((await validatePage('{nope'))[0]!.message).toBe('页面内容格式不正确');
    expect((await validatePage(page([{ id: 'u', type: 'marquee', props: {} }])))[0]!.message).toBe('未知的组件类型：marquee');
    expect((await validatePage({ settings: { title: '', background: '', shareText: '' }, components: [] }))[0]!.message).toBe('页面设置：「页面标题」不能为空');
  });
  it('the public page drops hidden blocks and link labels stay as picked', () => {
    const p = page([{ id: 'a', type: 'welcome', props: {} }, { id: 'b', type: 'search', hidden: true, props: {} }]);
    expect(publicPage(p).components.map((c) => c.id)).toEqual(['a']);
  });
  it('page settings are a property schema too', () => {
    expect(Object.keys(PAGE_SETTINGS_SCHEMA.properties!)).toEqual(['title', 'background', 'shareText']);
  });
});

describe('templates', () => {
  it('blank, general hospital, diabetic-foot clinic and pharmacy mall; each publishes as shipped', async () => {
    expect(TEMPLATES.map((t) => t.title)).toEqual(['空白页面', '综合医院', '糖尿病足专科', '药品商城']);
    for (const t of TEMPLATES) expect(await validatePage(t.page), t.key).toEqual([]);
  });
});

describe('editor history', () => {
  const start = () => initialState(page([{ id: 'w', type: 'welcome', props: defaultProps('welcome') }]));
  it('insert, move, undo and redo walk the pages; typing into one block is one step', () => {
    let s = editorReducer(start(), { type: 'insert', component: 'banner', index: 1, id: 'b' });
    s = editorReducer(s, { type: 'move', from: 1, to: 0 });
    expect(s.page.components.map((n) => n.id)).toEqual(['b', 'w']);
    s = editorReducer(s, { type: 'update', id: 'w', props: { text: '你' } });
    s = editorReducer(s, { type: 'update', id: 'w', props: { text: '你好' } });
    expect(s.past).toHaveLength(3);
    s = editorReducer(s, { type: 'undo' });
    expect(s.page.components[1]!.props.text).toBe('您好，欢迎使用互联网医院');
    s = editorReducer(s, { type: 'undo' });
    expect(s.page.components.map((n) => n.id)).toEqual(['w', 'b']);
    s = editorReducer(s, { type: 'redo' });
    expect(s.page.components.map((n) => n.id)).toEqual(['b', 'w']);
    expect(s.dirty).toBe(true);
  });
  it('duplicate copies the props, hide toggles, remove drops the selection; saved clears dirty only for that page', () => {
    let s = editorReducer(start(), { type: 'duplicate', id: 'w', newId: 'w2' });
    expect(s.page.components.map((n) => n.id)).toEqual(['w', 'w2']);
    expect(s.selected).toBe('w2');
    s = editorReducer(s, { type: 'toggleHidden', id: 'w2' });
    expect(s.page.components[1]!.hidden).toBe(true);
    s = editorReducer(s, { type: 'remove', id: 'w2' });
    expect(s.selected).toBeNull();
    const saved = editorReducer(s, { type: 'saved', page: s.page });
    expect(saved.dirty).toBe(false);
    expect(editorReducer(s, { type: 'saved', page: start().page }).dirty).toBe(true);
  });
});
