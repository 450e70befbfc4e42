/**
 * Publish check of a decoration page, shared by the server (发布, which refuses with the first
 * message) and the editor (which marks the blocks before sending). Visible blocks only; every
 * message names the component: `轮播图：第1项「图片」不能为空`.
 * - the page parses, its settings have a title, every block has a known type;
 * - required fields (the property schemas' `required`, images included) are filled, lists keep
 *   their item counts and texts their lengths;
 * - links have a valid shape (internal page known, external URL http(s)) and record links name
 *   a record of the tenant (`resolve` answers which ids exist);
 * - at most one navbar and one bottom navigation.
 */
import { COMPONENTS, isComponentType } from './components.js';
import { isEmptyLink, isLinkValue, LINK_RESOURCES, LINK_TYPE_TITLES, linkShapeProblem } from './links.js';
import type { DecorationNode, DecorationPage, LinkValue, PropertySchema } from './types.js';

export interface PageProblem {
  /** Index of the block in `components` (-1: the page settings). */
  index: number;
  nodeId?: string;
  message: string;
}

/** Which ids of a resource exist in the tenant. */
export type LinkResolver = (resource: string, ids: string[]) => Promise<Set<string>>;

export const PAGE_TITLE_MAX = 30;
export const SHARE_TEXT_MAX = 60;

/** Parses stored page JSON; null when it is not a page. */
export function parsePage(raw: unknown): DecorationPage | null {
  let v: unknown = raw;
  if (typeof raw === 'string') {
    try {
      v = JSON.parse(raw);
    } catch {
      return null;
    }
  }
  if (typeof v !== 'object' || v === null) return null;
  const p = v as DecorationPage;
  if (typeof p.settings !== 'object' || p.settings === null || !Array.isArray(p.components)) return null;
  if (p.components.some((n) => typeof n !== 'object' || n === null || typeof n.type !== 'string' || typeof n.props !== 'object' || n.props === null)) return null;
  return p;
}

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

interface PendingLink {
  index: number;
  nodeId: string;
  where: string;
  link: LinkValue;
}

/** Checks one value against its property schema, collecting messages prefixed with `where`. */
function checkValue(s: PropertySchema, v: unknown, where: string, out: string[], links: Array<{ where: string; link: LinkValue }>): void {
  const label = `${where}「${s.title ?? ''}」`;
  if (isBlank(v) || (s.format === 'link' && isEmptyLink(v))) return;
  if (s.format === 'link') {
    const p = linkShapeProblem(v);
    if (p) out.push(`${label}${p}`);
    else links.push({ where: label, link: v as LinkValue });
    return;
  }
  if (s.type === 'string' && typeof v !== 'string') out.push(`${label}必须是文本`);
  else if (s.type === 'string' && s.maxLength !== undefined && (v as string).length > s.maxLength) out.push(`${label}最多 ${s.maxLength} 个字`);
  if (s.type === 'number' && (typeof v !== 'number' || (s.minimum !== undefined && v < s.minimum) || (s.maximum !== undefined && v > s.maximum))) {
    out.push(`${label}须为 ${s.minimum} 到 ${s.maximum} 之间的数`);
  }
  if (s.type === 'array') {
    if (!Array.isArray(v)) return void out.push(`${label}必须是列表`);
    if (s.maxItems !== undefined && v.length > s.maxItems) out.push(`${label}最多 ${s.maxItems} 项`);
    v.forEach((x, i) => s.items && checkObject(s.items, x, `${where}第${i + 1}项`, out, links));
  }
  if (s.type === 'object' && s.properties) checkObject(s, v, where, out, links);
}

function checkObject(s: PropertySchema, v: unknown, where: string, out: string[], links: Array<{ where: string; link: LinkValue }>): void {
  const obj = (typeof v === 'object' && v !== null ? v : {}) as Record<string, unknown>;
  for (const [key, child] of Object.entries(s.properties ?? {})) {
    if (child.type === 'void') continue;
    const value = obj[key];
    const missing = child.format === 'link' ? isEmptyLink(value) : isBlank(value);
    if (missing) {
      if (s.required?.includes(key)) out.push(child.type === 'array' ? `${where}「${child.title}」至少 ${child.minItems ?? 1} 项` : `${where}「${child.title}」不能为空`);
      continue;
    }
    if (child.type === 'array' && Array.isArray(value) && child.minItems !== undefined && value.length < child.minItems) {
      out.push(`${where}「${child.title}」至少 ${child.minItems} 项`);
    }
    checkValue(child, value, where, out, links);
  }
}

/** Problems of one block's props (shape only, no record lookups) and the record links it holds. */
export function nodeProblems(node: DecorationNode): { messages: string[]; links: Array<{ where: string; link: LinkValue }> } {
  const messages: string[] = [];
  const links: Array<{ where: string; link: LinkValue }> = [];
  if (!isComponentType(node.type)) return { messages: [`未知的组件类型：${node.type}`], links };
  const def = COMPONENTS[node.type];
  checkObject(def.schema, node.props, `${def.title}：`, messages, links);
  return { messages, links };
}

/** Every problem of the page, in page order; [] when it may be published. */
export async function validatePage(raw: unknown, resolve?: LinkResolver): Promise<PageProblem[]> {
  const page = parsePage(raw);
  if (!page) return [{ index: -1, message: '页面内容格式不正确' }];
  const out: PageProblem[] = [];
  const s = page.settings;
  if (isBlank(s.title)) out.push({ index: -1, message: '页面设置：「页面标题」不能为空' });
  else if (typeof s.title !== 'string' || s.title.length > PAGE_TITLE_MAX) out.push({ index: -1, message: `页面设置：「页面标题」最多 ${PAGE_TITLE_MAX} 个字` });
  if (typeof s.shareText === 'string' && s.shareText.length > SHARE_TEXT_MAX) out.push({ index: -1, message: `页面设置：「分享文案」最多 ${SHARE_TEXT_MAX} 个字` });

  const pending: PendingLink[] = [];
  const seen = new Map<string, number>();
  page.components.forEach((node, index) => {
    if (node.hidden) return;
    const { messages, links } = nodeProblems(node);
    for (const m of messages) out.push({ index, nodeId: node.id, message: m });
    for (const l of links) pending.push({ index, nodeId: node.id, ...l });
    if (isComponentType(node.type) && COMPONENTS[node.type].single) {
      const n = (seen.get(node.type) ?? 0) + 1;
      seen.set(node.type, n);
      if (n === 2) out.push({ index, nodeId: node.id, message: `${COMPONENTS[node.type].title}：一个页面最多放置一个` });
    }
  });

  if (resolve) {
    const byResource = new Map<string, Set<string>>();
    for (const p of pending) {
      const r = LINK_RESOURCES[p.link.type];
      if (r) byResource.set(r, (byResource.get(r) ?? new Set()).add(p.link.value));
    }
    const found = new Map<string, Set<string>>();
    for (const [r, ids] of byResource) found.set(r, await resolve(r, [...ids]));
    for (const p of pending) {
      const r = LINK_RESOURCES[p.link.type];
      if (r && !found.get(r)!.has(p.link.value)) out.push({ index: p.index, nodeId: p.nodeId, message: `${p.where}指向的${LINK_TYPE_TITLES[p.link.type]}不存在` });
    }
  }
  return out.sort((a, b) => a.index - b.index);
}

/** What the patient app receives: settings and the visible blocks (hidden ones and labels dropped). */
export function publicPage(page: DecorationPage): DecorationPage {
  return {
    settings: { title: page.settings.title, background: page.settings.background, shareText: page.settings.shareText },
    components: page.components.filter((n) => !n.hidden).map((n) => ({ id: n.id, type: n.type, props: n.props })),
  };
}
