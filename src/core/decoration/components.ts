/**
 * The decoration component registry (the amis way): a component type is one property schema
 * (here, pure and shared by the editor, the server's publish check and the linter) plus one
 * renderer registered by the same type in the console (src/client/pages/decoration/renderers).
 * `COMPONENT_TYPES` is the closed list: a renderer map keyed by it does not compile with one missing.
 */
import { choice, color, image, integer, link, list, object, text, textArea, toggle } from './schema-helpers.js';
import type { PropertySchema } from './types.js';

export const COMPONENT_TYPES = [
  'navbar', 'header', 'search', 'announcement', 'welcome',
  'banner', 'headerAd', 'museum',
  'navColumn', 'redirectNav', 'bottomNav',
  'departments', 'hospitalServices', 'consultation', 'recommendDoctor',
] as const;
export type ComponentType = (typeof COMPONENT_TYPES)[number];

export type ComponentGroup = 'basic' | 'media' | 'navigation' | 'business';
export const GROUP_TITLES: Record<ComponentGroup, string> = { basic: '基础组件', media: '图文组件', navigation: '导航组件', business: '业务组件' };

export interface ComponentDef {
  type: ComponentType;
  title: string;
  group: ComponentGroup;
  /** At most one visible per page (a navbar, a bottom navigation). */
  single?: boolean;
  /** Drawn from the tenant's live records (departments, doctors, announcements). */
  live?: 'departments' | 'doctors' | 'announcements';
  schema: PropertySchema;
  /** Props of a new block dropped on the canvas. */
  defaults: Record<string, unknown>;
}

const page = (value: string, label: string) => ({ type: 'page', value, label });

const defs: ComponentDef[] = [
  {
    type: 'navbar', title: '导航栏', group: 'basic', single: true,
    schema: object({ title: text('标题', 16), background: color('背景色', '#1677ff'), textColor: color('文字颜色', '#ffffff'), showBack: toggle('显示返回', false) }, ['title']),
    defaults: { title: '互联网医院', background: '#1677ff', textColor: '#ffffff', showBack: false },
  },
  {
    type: 'header', title: '页头', group: 'basic',
    schema: object({ hospitalName: text('医院名称', 30), subtitle: text('副标题', 40), logo: image('医院标志'), background: color('背景色', '#e6f4ff') }, ['hospitalName']),
    defaults: { hospitalName: '互联网医院', subtitle: '线上复诊 · 送药到家', logo: '', background: '#e6f4ff' },
  },
  {
    type: 'search', title: '搜索框', group: 'basic',
    schema: object({ placeholder: text('提示文字', 20), shape: choice('形状', [['round', '圆角'], ['square', '方角']], 'round'), link: link('搜索结果页') }, ['placeholder', 'link']),
    defaults: { placeholder: '搜索医生、科室、疾病', shape: 'round', link: page('doctors', '找医生') },
  },
  {
    type: 'announcement', title: '公告', group: 'basic', live: 'announcements',
    schema: object({ label: text('标签', 6), count: integer('显示条数', 1, 5, 3), textColor: color('文字颜色', '#d46b08'), background: color('背景色', '#fff7e6') }, ['label']),
    defaults: { label: '公告', count: 3, textColor: '#d46b08', background: '#fff7e6' },
  },
  {
    type: 'welcome', title: '欢迎语', group: 'basic',
    schema: object({ text: text('欢迎语', 30), subtitle: textArea('说明', 100), align: choice('对齐', [['left', '居左'], ['center', '居中']], 'left') }, ['text']),
    defaults: { text: '您好，欢迎使用互联网医院', subtitle: '足不出户，复诊续方', align: 'left' },
  },
  {
    type: 'banner', title: '轮播图', group: 'media',
    schema: object({
      items: list('图片列表', { image: image('图片'), link: link('链接') }, ['image'], 1, 8),
      height: integer('高度（px）', 80, 300, 150),
      autoplay: toggle('自动轮播', true),
    }, ['items']),
    defaults: { items: [{ image: '', link: null }], height: 150, autoplay: true },
  },
  {
    type: 'headerAd', title: '头部广告', group: 'media',
    schema: object({ image: image('广告图'), link: link('链接'), height: integer('高度（px）', 40, 200, 80) }, ['image']),
    defaults: { image: '', link: null, height: 80 },
  },
  {
    type: 'museum', title: '院史馆', group: 'media',
    schema: object({
      title: text('标题', 16),
      items: list('展品列表', { image: image('图片'), name: text('名称', 16), link: link('链接') }, ['image', 'name'], 1, 10),
    }, ['title', 'items']),
    defaults: { title: '院史馆', items: [{ image: '', name: '建院初期', link: null }] },
  },
  {
    type: 'navColumn', title: '导航栏目', group: 'navigation',
    schema: object({
      columns: choice('每行个数', [[4, '4 个'], [5, '5 个']], 4),
      items: list('栏目列表', { icon: image('图标'), name: text('名称', 6), link: link('链接') }, ['icon', 'name', 'link'], 1, 10),
    }, ['items']),
    defaults: { columns: 4, items: [{ icon: '', name: '在线问诊', link: page('consult', '在线问诊') }] },
  },
  {
    type: 'redirectNav', title: '跳转导航', group: 'navigation',
    schema: object({
      items: list('入口列表', { name: text('名称', 10), desc: text('说明', 20), link: link('链接') }, ['name', 'link'], 1, 6),
    }, ['items']),
    defaults: { items: [{ name: '预约挂号', desc: '线下就诊提前约', link: page('register', '预约挂号') }] },
  },
  {
    type: 'bottomNav', title: '底部导航', group: 'navigation', single: true,
    schema: object({
      activeColor: color('选中颜色', '#1677ff'),
      items: list('菜单列表', { name: text('名称', 4), icon: image('图标'), link: link('链接') }, ['name', 'link'], 2, 5),
    }, ['items']),
    defaults: { activeColor: '#1677ff', items: [{ name: '首页', icon: '', link: page('home', '首页') }, { name: '我的', icon: '', link: page('mine', '个人中心') }] },
  },
  {
    type: 'departments', title: '科室', group: 'business', live: 'departments',
    schema: object({ title: text('标题', 16), count: integer('显示个数', 4, 12, 8), link: link('更多') }, ['title']),
    defaults: { title: '科室导航', count: 8, link: page('departments', '科室列表') },
  },
  {
    type: 'hospitalServices', title: '医院服务', group: 'business',
    schema: object({
      title: text('标题', 16),
      items: list('服务列表', { name: text('名称', 8), icon: image('图标'), link: link('链接') }, ['name', 'link'], 1, 12),
    }, ['title', 'items']),
    defaults: { title: '医院服务', items: [{ name: '报告查询', icon: '', link: page('records', '健康档案') }] },
  },
  {
    type: 'consultation', title: '患者问诊', group: 'business',
    schema: object({
      title: text('标题', 16),
      textLabel: text('图文问诊按钮', 8),
      videoLabel: text('视频问诊按钮', 8),
      link: link('问诊入口'),
    }, ['title', 'link']),
    defaults: { title: '在线问诊', textLabel: '图文问诊', videoLabel: '视频问诊', link: page('consult', '在线问诊') },
  },
  {
    type: 'recommendDoctor', title: '推荐医生', group: 'business', live: 'doctors',
    schema: object({ title: text('标题', 16), count: integer('显示人数', 1, 10, 3), showGoodAt: toggle('显示擅长', true) }, ['title']),
    defaults: { title: '推荐医生', count: 3, showGoodAt: true },
  },
];

export const COMPONENTS: Record<ComponentType, ComponentDef> = Object.fromEntries(defs.map((d) => [d.type, d])) as Record<ComponentType, ComponentDef>;

export function isComponentType(t: unknown): t is ComponentType {
  return typeof t === 'string' && (COMPONENT_TYPES as readonly string[]).includes(t);
}

/** A deep copy of a type's default props. */
export function defaultProps(type: ComponentType): Record<string, unknown> {
  return JSON.parse(JSON.stringify(COMPONENTS[type].defaults)) as Record<string, unknown>;
}

/** Palette order: groups in GROUP_TITLES order, components in registry order. */
export function paletteGroups(): Array<{ group: ComponentGroup; title: string; items: ComponentDef[] }> {
  return (Object.keys(GROUP_TITLES) as ComponentGroup[]).map((g) => ({ group: g, title: GROUP_TITLES[g], items: defs.filter((d) => d.group === g) }));
}
