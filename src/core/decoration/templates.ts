/**
 * Templates shipped with the project (选择模板): blank, a general hospital, a diabetic-foot
 * specialty clinic, a pharmacy mall. Their images are the project's demo pictures
 * (`demo/<field>/<nn>.png`, served by the upload static route), so every template publishes as
 * it is; the template picker draws each one, scaled down, as its thumbnail.
 */
import { defaultProps, type ComponentType } from './components.js';
import type { DecorationNode, DecorationPage } from './types.js';

export interface DecorationTemplate {
  key: 'blank' | 'general' | 'diabeticFoot' | 'pharmacy';
  title: string;
  description: string;
  page: DecorationPage;
}

const img = (n: number) => `demo/decoration/${String(n).padStart(2, '0')}.png`;
const page = (value: string, label: string) => ({ type: 'page', value, label });

function node(key: string, type: ComponentType, props: Record<string, unknown> = {}): DecorationNode {
  return { id: `${key}-${type}`, type, props: { ...defaultProps(type), ...props } };
}

function build(key: DecorationTemplate['key'], title: string, background: string, nodes: Array<[ComponentType, Record<string, unknown>?]>): DecorationPage {
  return { settings: { title, background, shareText: `${title}，线上复诊、送药到家` }, components: nodes.map(([t, p]) => node(key, t, p)) };
}

const bottomNav = (items: Array<[string, string, string]>) => ({ items: items.map(([name, value, label], i) => ({ name, icon: img(20 + i), link: page(value, label) })) });

export const TEMPLATES: DecorationTemplate[] = [
  { key: 'blank', title: '空白页面', description: '从空白画布开始', page: { settings: { title: '首页', background: '#f5f5f5', shareText: '' }, components: [] } },
  {
    key: 'general', title: '综合医院', description: '导航栏、轮播、宫格入口、科室、推荐医生与底部导航',
    page: build('general', '互联网医院', '#f5f5f5', [
      ['navbar', { title: '互联网医院' }],
      ['search'],
      ['banner', { items: [{ image: img(1), link: page('consult', '在线问诊') }, { image: img(2), link: page('register', '预约挂号') }] }],
      ['navColumn', { items: [
        { icon: img(11), name: '在线问诊', link: page('consult', '在线问诊') },
        { icon: img(12), name: '复诊开药', link: page('inquiry', '复诊开药') },
        { icon: img(13), name: '预约挂号', link: page('register', '预约挂号') },
        { icon: img(14), name: '健康档案', link: page('records', '健康档案') },
      ] }],
      ['announcement'],
      ['departments'],
      ['recommendDoctor'],
      ['bottomNav', bottomNav([['首页', 'home', '首页'], ['找医生', 'doctors', '找医生'], ['订单', 'orders', '我的订单'], ['我的', 'mine', '个人中心']])],
    ]),
  },
  {
    key: 'diabeticFoot', title: '糖尿病足专科', description: '专科门诊：欢迎语、问诊入口、随访与护理服务、专家推荐',
    page: build('diabeticFoot', '糖尿病足专科门诊', '#f0f7f4', [
      ['navbar', { title: '糖尿病足专科门诊', background: '#08979c' }],
      ['header', { hospitalName: '糖尿病足诊疗中心', subtitle: '多学科联合 · 创面修复 · 长期随访', logo: img(3), background: '#e6fffb' }],
      ['welcome', { text: '您好，今天的足部护理做了吗？', subtitle: '每日检查双足，发现破溃请及时复诊' }],
      ['consultation', { title: '足病在线问诊' }],
      ['hospitalServices', { title: '专科服务', items: [
        { name: '创面复诊', icon: img(15), link: page('inquiry', '复诊开药') },
        { name: '随访计划', icon: img(16), link: page('followUp', '随访计划') },
        { name: '上门换药', icon: img(17), link: page('nursing', '上门护理') },
      ] }],
      ['announcement', { label: '通知' }],
      ['recommendDoctor', { title: '足病专家' }],
      ['bottomNav', bottomNav([['首页', 'home', '首页'], ['随访', 'followUp', '随访计划'], ['我的', 'mine', '个人中心']])],
    ]),
  },
  {
    key: 'pharmacy', title: '药品商城', description: '头部广告、搜索、商城入口与处方续方',
    page: build('pharmacy', '药品商城', '#fff7f0', [
      ['navbar', { title: '药品商城', background: '#fa541c' }],
      ['headerAd', { image: img(4), link: page('mall', '药品商城') }],
      ['search', { placeholder: '搜索药品名称', link: page('mall', '药品商城') }],
      ['redirectNav', { items: [
        { name: '处方续方', desc: '复诊开方，送药到家', link: page('inquiry', '复诊开药') },
        { name: '我的订单', desc: '查看物流进度', link: page('orders', '我的订单') },
      ] }],
      ['banner', { items: [{ image: img(5), link: page('mall', '药品商城') }] }],
      ['bottomNav', bottomNav([['首页', 'home', '首页'], ['商城', 'mall', '药品商城'], ['我的', 'mine', '个人中心']])],
    ]),
  },
];

export function findTemplate(key: string): DecorationTemplate | undefined {
  return TEMPLATES.find((t) => t.key === key);
}
