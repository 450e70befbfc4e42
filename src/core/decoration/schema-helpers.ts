/**
 * Builders of property schemas: each returns JSON Schema with the Formily keys that draw it in
 * the property panel (the same component names as the module forms: Input, ImageUpload,
 * ColorInput…, plus LinkPicker and ArrayItems registered by the editor).
 */
import type { PropertySchema } from './types.js';

const item = (title: string, component: string, extra: Partial<PropertySchema> = {}, props?: Record<string, unknown>): PropertySchema => ({
  title,
  'x-decorator': 'FormItem',
  'x-component': component,
  ...(props ? { 'x-component-props': props } : {}),
  ...extra,
} as PropertySchema);

export const text = (title: string, maxLength = 30, extra: Partial<PropertySchema> = {}): PropertySchema =>
  item(title, 'Input', { type: 'string', maxLength, ...extra });

export const textArea = (title: string, maxLength = 200): PropertySchema =>
  item(title, 'Input.TextArea', { type: 'string', maxLength }, { rows: 3 });

export const image = (title: string): PropertySchema => item(title, 'ImageUpload', { type: 'string', format: 'image' }, { biz: 'decoration' });

export const link = (title = '链接'): PropertySchema => item(title, 'LinkPicker', { type: 'object', format: 'link' });

export const color = (title: string, def: string): PropertySchema => item(title, 'ColorInput', { type: 'string', format: 'color', default: def });

export const integer = (title: string, minimum: number, maximum: number, def: number): PropertySchema =>
  item(title, 'NumberPicker', { type: 'number', minimum, maximum, default: def }, { precision: 0, min: minimum, max: maximum });

export const toggle = (title: string, def: boolean): PropertySchema => item(title, 'Switch', { type: 'boolean', default: def });

export const choice = (title: string, options: Array<[string | number, string]>, def: string | number): PropertySchema =>
  item(title, 'Radio.Group', { type: typeof def === 'number' ? 'number' : 'string', enum: options.map((o) => o[0]), default: def, 'x-enum-titles': options.map((o) => o[1]) } as Partial<PropertySchema>, {
    options: options.map(([value, label]) => ({ value, label })),
    optionType: 'button',
  });

/** A list of items with add / remove / move up / move down (Formily ArrayItems). */
export function list(title: string, properties: Record<string, PropertySchema>, required: string[], minItems: number, maxItems: number): PropertySchema {
  return {
    type: 'array',
    title,
    minItems,
    maxItems,
    'x-decorator': 'FormItem',
    'x-component': 'ArrayItems',
    items: {
      type: 'object',
      required,
      'x-decorator': 'ArrayItems.Item',
      properties: {
        ...properties,
        actions: {
          type: 'void',
          'x-component': 'Space',
          properties: {
            up: { type: 'void', 'x-component': 'ArrayItems.MoveUp' },
            down: { type: 'void', 'x-component': 'ArrayItems.MoveDown' },
            remove: { type: 'void', 'x-component': 'ArrayItems.Remove' },
          },
        },
      },
    },
    properties: {
      add: { type: 'void', title: `添加${title.replace(/列表$/, '')}`, 'x-component': 'ArrayItems.Addition' },
    },
  } as PropertySchema;
}

export function object(properties: Record<string, PropertySchema>, required: string[] = []): PropertySchema {
  return { type: 'object', required, properties };
}
