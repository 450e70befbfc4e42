import { describe, expect, test } from 'vitest';
import { toDetailSections, detailColumns } from '../../src/core/projections/detail.js';
import { FORM_LABEL_LAYOUT, toFormilyFieldsSchema, toFormilySchema } from '../../src/core/projections/formily.js';
import type { ResourceSchema } from '../../src/core/schema/types.js';
import { hisDoctor } from './fixtures.js';

describe('toDetailSections', () => {
  const sections = toDetailSections(hisDoctor);
  test('one description list per form section, fields in form order, labels resolved like list cells', () => {
    // the detail form's own sections (read-only fields no section names go to 其他信息)
    const detailForm = toFormilySchema(hisDoctor, 'detail') as { properties: { layout: { properties: Record<string, { 'x-decorator-props'?: { title?: string } }> } } };
    expect(sections.map((s) => s.title)).toEqual(Object.values(detailForm.properties.layout.properties).map((n) => n['x-decorator-props']?.title));
    expect(sections.slice(0, 2).map((s) => s.title)).toEqual(['基本信息', '执业信息']);
    const items = sections.flatMap((s) => s.items);
    expect(items.map((i) => i.field.key)).toEqual(
      hisDoctor.fields.filter((f) => !f.hidden && f.detail !== false && !f.writeOnly).map((f) => f.key).filter((k) => items.some((i) => i.field.key === k)),
    );
    const hospital = items.find((i) => i.field.key === 'hospitalId')!;
    expect(hospital.spec.displayIndex).toBe('hospitalId_dictText');
    expect(items.every((i) => i.spec.ellipsis === false)).toBe(true);
  });
  test('wide kinds take the whole row; the columns are the form columns, at most 2', () => {
    expect(detailColumns(hisDoctor)).toBe(2);
    const intro = sections.flatMap((s) => s.items).find((i) => i.field.key === 'intro')!;
    expect(intro.span).toBe(2);
    const three: ResourceSchema = { ...hisDoctor, form: { ...hisDoctor.form, columns: 3 } };
    expect(detailColumns(three)).toBe(2);
  });
  test('write-only fields are never in a detail', () => {
    const s: ResourceSchema = { schemaVersion: 1, name: 'x', title: 'x', entity: 'x', fields: [
      { key: 'name', title: '名称', kind: 'string' },
      { key: 'secret', title: '密钥', kind: 'string', writeOnly: true },
    ] } as ResourceSchema;
    expect(toDetailSections(s)).toEqual([{ items: [expect.objectContaining({ span: 1, field: expect.objectContaining({ key: 'name' }) })] }]);
  });
});

describe('one label layout for every form', () => {
  test('one-column and multi-column forms and action forms all put the label above the field', () => {
    const one: ResourceSchema = { ...hisDoctor, form: { ...hisDoctor.form, columns: 1 } };
    for (const s of [toFormilySchema(hisDoctor, 'create'), toFormilySchema(one, 'edit'), toFormilyFieldsSchema([{ key: 'reason', title: '原因', kind: 'text' } as never])]) {
      expect((s.properties as Record<string, { 'x-component-props': unknown }>).layout!['x-component-props']).toEqual({ layout: 'vertical', colon: false });
    }
    expect(FORM_LABEL_LAYOUT).toEqual({ layout: 'vertical', colon: false });
  });
});
