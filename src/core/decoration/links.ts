/**
 * Links of decoration components: the internal pages of the patient app a link may open, and
 * the rules a link must follow to be published (the record kinds are resolved by the caller:
 * the server looks them up in the tenant's tables).
 */
import type { LinkType, LinkValue } from './types.js';

/** Pages of the patient app a component may open (key -> title). */
export const INTERNAL_PAGES: Record<string, string> = {
  home: '首页',
  consult: '在线问诊',
  inquiry: '复诊开药',
  register: '预约挂号',
  doctors: '找医生',
  departments: '科室列表',
  articles: '健康科普',
  mall: '药品商城',
  orders: '我的订单',
  records: '健康档案',
  followUp: '随访计划',
  nursing: '上门护理',
  mine: '个人中心',
  hospital: '医院介绍',
};

export const LINK_TYPE_TITLES: Record<LinkType, string> = {
  page: '内部页面',
  doctor: '医生',
  article: '文章',
  department: '科室',
  url: '外部链接',
};

/** The resource a record link points to (its id must be a row of the tenant). */
export const LINK_RESOURCES: Partial<Record<LinkType, string>> = {
  doctor: 'hisDoctor',
  article: 'hisArticle',
  department: 'hisDepartment',
};

export function isLinkValue(v: unknown): v is LinkValue {
  return typeof v === 'object' && v !== null && typeof (v as LinkValue).type === 'string' && typeof (v as LinkValue).value === 'string';
}

/** Empty link: no value chosen. */
export function isEmptyLink(v: unknown): boolean {
  return v === undefined || v === null || (isLinkValue(v) && v.value.trim() === '');
}

/** A link's own problem (not resolvable ones), or '' when its shape is right. */
export function linkShapeProblem(v: unknown): string {
  if (!isLinkValue(v) || !(v.type in LINK_TYPE_TITLES)) return '链接格式不正确';
  if (v.type === 'url' && !/^https?:\/\/[^\s/]+\.[^\s]+$/i.test(v.value)) return '外部链接须以 http:// 或 https:// 开头';
  if (v.type === 'page' && !(v.value in INTERNAL_PAGES)) return `内部页面「${v.value}」不存在`;
  return '';
}
