/**
 * Property schemas as the Formily engine draws them: the same JSON Schema without the
 * decoration `format` words (image / link / color are drawn by their `x-component`, and Formily
 * would take `format` for a text format to check). The page settings are one more property
 * schema, drawn by the same form.
 */
import { COMPONENTS, type ComponentType } from './components.js';
import { color, object, text, textArea } from './schema-helpers.js';
import type { PropertySchema } from './types.js';
import { PAGE_TITLE_MAX, SHARE_TEXT_MAX } from './validate.js';

export const PAGE_SETTINGS_SCHEMA: PropertySchema = object(
  { title: text('页面标题', PAGE_TITLE_MAX), background: color('背景颜色', '#f5f5f5'), shareText: textArea('分享文案', SHARE_TEXT_MAX) },
  ['title'],
);

export function formilySchema(s: PropertySchema): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(s)) {
    if (k === 'format') continue;
    if (k === 'properties' && v && typeof v === 'object') {
      out[k] = Object.fromEntries(Object.entries(v as Record<string, PropertySchema>).map(([key, child]) => [key, formilySchema(child)]));
    } else if (k === 'items' && v && typeof v === 'object') out[k] = formilySchema(v as PropertySchema);
    else out[k] = v;
  }
  return out;
}

export function componentFormSchema(type: ComponentType): Record<string, unknown> {
  return formilySchema(COMPONENTS[type].schema);
}
