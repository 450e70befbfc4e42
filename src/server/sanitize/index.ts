/**
 * Rich-text sanitizing (DOMPurify on one jsdom window). Content of `richtext` fields is
 * sanitized ON SAVE (resources/write.ts calls `sanitizeRecord`); `sanitizeHtml` is exported
 * for output paths that render stored HTML of unknown origin.
 *
 * Allow-list for articles / announcements / doctor introductions: basic formatting,
 * headings, lists, quotes, code, tables, links (http/https/mailto/relative/#anchor) and
 * images (http/https/relative; no data:/javascript:). Never: script, style, iframe, object,
 * embed, form controls, svg/math, event handlers (on*), id/name (DOM clobbering).
 * Inline `style` is kept but reduced to a short list of typographic properties (Word's `mso-*`
 * go); Word's `Mso*` classes and `<o:p>` tags go too. Applied on save and again when a record
 * is read for display (resources/read.ts).
 */
import { createRequire } from 'node:module';
import type createDOMPurifyType from 'dompurify';
import type { JSDOM as JSDOMType } from 'jsdom';
import type { Registry } from '../../core/schema/registry.js';
import type { ResourceSchema } from '../../core/schema/types.js';

const ALLOWED_TAGS = [
  'p', 'br', 'hr', 'div', 'span', 'section', 'article',
  'b', 'strong', 'i', 'em', 'u', 's', 'strike', 'del', 'ins', 'sub', 'sup', 'small', 'mark', 'font',
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'code',
  'ul', 'ol', 'li', 'dl', 'dt', 'dd',
  'a', 'img',
  'table', 'caption', 'colgroup', 'col', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td',
];

const ALLOWED_ATTR = [
  'href', 'target', 'rel', 'title', 'src', 'alt', 'width', 'height',
  'colspan', 'rowspan', 'align', 'valign', 'class', 'style', 'color', 'size', 'start', 'type',
];

/** Inline style properties kept (everything else, and any url()/expression(), is dropped). */
const STYLE_PROPS = new Set([
  'color', 'background-color', 'text-align', 'text-indent', 'text-decoration', 'font-size', 'font-weight',
  'font-style', 'font-family', 'line-height', 'letter-spacing', 'vertical-align', 'white-space',
  'margin', 'margin-top', 'margin-bottom', 'margin-left', 'margin-right',
  'padding', 'padding-top', 'padding-bottom', 'padding-left', 'padding-right',
  'width', 'height', 'max-width', 'border', 'border-collapse', 'border-color', 'border-width', 'border-style',
  'list-style-type',
]);
const STYLE_VALUE = /^[#\w\s.,%'"()+-]*$/;
const STYLE_BAD = /url\s*\(|expression|javascript|vbscript|@import|\\|\/\*/i;

/** A URL with a scheme (`x:`) or protocol-relative (`//host`). */
const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:/i;
const HTTP = /^https?:\/\//i;

function safeUrl(value: string, allowMailto: boolean): boolean {
  const v = value.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  if (v === '') return false;
  if (HTTP.test(v)) return true;
  if (allowMailto && /^mailto:/i.test(v)) return true;
  if (v.startsWith('//')) return true; // protocol-relative: http(s) of the page
  return !HAS_SCHEME.test(v);
}

function cleanStyle(style: string): string {
  const out: string[] = [];
  for (const decl of style.split(';')) {
    const i = decl.indexOf(':');
    if (i <= 0) continue;
    const prop = decl.slice(0, i).trim().toLowerCase();
    const value = decl.slice(i + 1).trim();
    if (!STYLE_PROPS.has(prop) || value === '' || value.length > 200) continue;
    if (STYLE_BAD.test(value) || !STYLE_VALUE.test(value)) continue;
    out.push(`${prop}: ${value}`);
  }
  return out.join('; ');
}

type Purifier = ReturnType<typeof createDOMPurifyType>;
let purifier: Purifier | undefined;

// jsdom is half a second of CPU to load: read on the first rich text, not on every start
const requireLazily = createRequire(import.meta.url);

function getPurifier(): Purifier {
  if (purifier) return purifier;
  const { JSDOM } = requireLazily('jsdom') as { JSDOM: typeof JSDOMType };
  const createDOMPurify = requireLazily('dompurify') as typeof createDOMPurifyType;
  const { window } = new JSDOM('');
  const p = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);
  p.addHook('afterSanitizeAttributes', (node) => {
    const el = node as Element;
    if (typeof el.getAttribute !== 'function') return;
    const tag = el.tagName.toLowerCase();
    if (el.hasAttribute('src') && !(tag === 'img' && safeUrl(el.getAttribute('src') ?? '', false))) el.removeAttribute('src');
    if (el.hasAttribute('href')) {
      if (tag !== 'a' || !safeUrl(el.getAttribute('href') ?? '', true)) el.removeAttribute('href');
    }
    if (el.hasAttribute('class')) {
      // Word's Mso* classes mean nothing outside Word
      const kept = (el.getAttribute('class') ?? '').split(/\s+/).filter((c) => c && !/^mso/i.test(c));
      if (kept.length) el.setAttribute('class', kept.join(' '));
      else el.removeAttribute('class');
    }
    if (el.hasAttribute('style')) {
      const s = cleanStyle(el.getAttribute('style') ?? '');
      if (s) el.setAttribute('style', s);
      else el.removeAttribute('style');
    }
    if (tag === 'a') {
      const target = el.getAttribute('target');
      if (target && target !== '_blank' && target !== '_self') el.removeAttribute('target');
      if (el.getAttribute('target') === '_blank') el.setAttribute('rel', 'noopener noreferrer');
    } else {
      el.removeAttribute('target');
      el.removeAttribute('rel');
    }
  });
  purifier = p;
  return p;
}

/** Sanitized HTML (a string in, a string out; null/undefined -> ''). */
export function sanitizeHtml(html: string | null | undefined): string {
  if (html === null || html === undefined || html === '') return '';
  return getPurifier().sanitize(String(html), {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    ALLOW_UNKNOWN_PROTOCOLS: false,
    KEEP_CONTENT: true,
    FORBID_TAGS: ['script', 'style', 'iframe', 'frame', 'object', 'embed', 'form', 'input', 'textarea', 'button', 'select', 'svg', 'math', 'link', 'meta', 'base'],
    FORBID_ATTR: ['id', 'name'],
    RETURN_TRUSTED_TYPE: false,
  });
}

/**
 * Sanitizes every `richtext` field of `record` in place (string values only) and returns it.
 * With `registry`, rows of `children` arrays are sanitized with their own schema too.
 */
export function sanitizeRecord<T extends Record<string, unknown>>(schema: ResourceSchema, record: T, registry?: Registry): T {
  if (!record || typeof record !== 'object') return record;
  const rec = record as Record<string, unknown>;
  for (const f of schema.fields) {
    if (f.kind !== 'richtext') continue;
    const v = rec[f.key];
    if (typeof v === 'string') rec[f.key] = sanitizeHtml(v);
  }
  if (registry) {
    for (const c of schema.children ?? []) {
      const rows = rec[c.key];
      const child = registry.resources.get(c.resource);
      if (!child || !Array.isArray(rows)) continue;
      for (const row of rows) if (row && typeof row === 'object' && !Array.isArray(row)) sanitizeRecord(child, row as Record<string, unknown>);
    }
  }
  return record;
}
