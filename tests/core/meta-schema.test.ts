import { describe, expect, test } from 'vitest';
import Ajv2020 from 'ajv/dist/2020.js';
import resourceMeta from '../../schemas/meta/resource.schema.json';
import dictMeta from '../../schemas/meta/dict.schema.json';
import registryMeta from '../../schemas/meta/registry.schema.json';
import registryJson from '../../schemas/registry.json';
import { FIELD_KINDS, PLATFORM_SERVICES, type DictSchema, type FieldSchema, type ResourceSchema, type Transition, type ResourceAction, type ChildSchema, type ListSpec, type FormSpec, type MenuSpec, type ApiSpec, type RefSpec, type ListOptions, type FormOptions, type FieldPermission, type TreeSpec, type StatesSpec, type ExtensionRegistry, type AutoNumberSpec, type ComputeSpec, type ResourceEffects, type ResourceDemo, type WordCheckSpec, type WordListSpec, type UploadSpec, type PublicReadSpec, type PercentOfSpec, type SupersedeSpec, type LedgerPost, type Period } from '../../src/core/schema/types.js';
import { hisDoctor, dicts } from './fixtures.js';

// Each record must list exactly the keys of its TS type: a key added to types.ts without the
// meta-schema (or the reverse) fails to compile here or fails the equality below.
const keys = <T>(r: Record<keyof T, true>) => Object.keys(r).sort();
const FIELD = keys<FieldSchema>({ key: true, title: true, kind: true, required: true, default: true, minLength: true, maxLength: true, min: true, max: true, precision: true, pattern: true, patternMessage: true, dict: true, multiple: true, widget: true, ref: true, unique: true, sensitive: true, readOnly: true, hidden: true, createOnly: true, writeOnly: true, search: true, list: true, form: true, detail: true, format: true, visibleWhen: true, requiredWhen: true, disabledWhen: true, demo: true, permission: true, rule: true, autoNumber: true, compute: true, capBy: true, countOf: true, wordCheck: true, uniqueWithin: true, index: true, searchAlias: true, suggestions: true });
const RESOURCE = keys<ResourceSchema>({ $schema: true, schemaVersion: true, name: true, title: true, entity: true, description: true, table: true, permissionPrefix: true, api: true, menu: true, fields: true, list: true, form: true, children: true, states: true, actions: true, effects: true, demo: true, readOnly: true, wordList: true, upload: true, uploadQueue: true, serves: true, statement: true, publicRead: true, answerSummary: true });

type Json = Record<string, any>;
type ComputeOp = ComputeSpec extends infer U ? (U extends unknown ? keyof U : never) : never;
const meta = resourceMeta as Json;
const props = (s: Json) => Object.keys(s.properties).sort();

describe('meta-schema', () => {
  test('compiles with ajv strict', () => {
    const ajv = new Ajv2020({ strict: true, allErrors: true });
    expect(() => ajv.compile(resourceMeta)).not.toThrow();
    expect(() => ajv.compile(dictMeta)).not.toThrow();
  });

  test('agrees with types.ts', () => {
    expect(meta.$defs.fieldKind.enum).toEqual([...FIELD_KINDS]);
    expect(props(meta.$defs.field)).toEqual(FIELD);
    expect(props(meta)).toEqual(RESOURCE);
    expect(meta.properties.serves.enum).toEqual(Object.keys(PLATFORM_SERVICES));
    expect(props(meta.$defs.transition)).toEqual(keys<Transition>({ action: true, title: true, from: true, to: true, permission: true, system: true, confirm: true, form: true, effect: true, set: true, supersede: true, ledger: true, field: true, schedule: true, when: true }));
    expect(props(meta.$defs.transition.properties.supersede)).toEqual(keys<SupersedeSpec>({ match: true, to: true, set: true }));
    expect(props(meta.$defs.ledger)).toEqual(keys<LedgerPost>({ resource: true, direction: true, child: true, keys: true, quantity: true, label: true, carry: true, drawOrder: true }));
    expect(props(meta.$defs.period)).toEqual(keys<Period>({ years: true, months: true, days: true }));
    expect(props(meta.$defs.action)).toEqual(keys<ResourceAction>({ action: true, title: true, placement: true, kind: true, permission: true, confirm: true, api: true, form: true, open: true, component: true, effect: true, visibleWhen: true }));
    expect(props(meta.$defs.child)).toEqual(keys<ChildSchema>({ key: true, title: true, resource: true, foreignKey: true, fields: true, min: true, max: true }));
    expect(props(meta.$defs.list)).toEqual(keys<ListSpec>({ columns: true, sort: true, pageSize: true, batch: true, tree: true, filterTree: true, export: true, import: true }));
    expect(props(meta.$defs.form)).toEqual(keys<FormSpec>({ open: true, columns: true, width: true, sections: true }));
    expect(props(meta.$defs.menu)).toEqual(keys<MenuSpec>({ group: true, path: true, icon: true, order: true, keepAlive: true }));
    expect(props(meta.$defs.api)).toEqual(keys<ApiSpec>({ base: true, list: true, queryById: true, add: true, edit: true, delete: true, deleteBatch: true, exportXls: true, importExcel: true, importTemplate: true, childList: true, aliases: true }));
    expect(props(meta.$defs.ref)).toEqual(keys<RefSpec>({ resource: true, label: true, value: true, grantSubset: true, filter: true }));
    expect(props(meta.$defs.field.properties.list.anyOf[0])).toEqual(keys<ListOptions>({ width: true, fixed: true, ellipsis: true, sortable: true }));
    expect(props(meta.$defs.field.properties.form.anyOf[0])).toEqual(keys<FormOptions>({ span: true, placeholder: true, help: true }));
    expect(props(meta.$defs.field.properties.permission)).toEqual(keys<FieldPermission>({ view: true, edit: true }));
    expect(props(meta.$defs.list.properties.tree)).toEqual(keys<TreeSpec>({ parent: true, lazy: true }));
    expect(props(meta.properties.states)).toEqual(keys<StatesSpec>({ field: true, transitions: true, editable: true, deletable: true }));
    expect(props(meta.$defs.field.properties.autoNumber)).toEqual(keys<AutoNumberSpec>({ prefix: true, date: true, digits: true, rule: true }));
    expect(props(meta.properties.effects)).toEqual(keys<ResourceEffects>({ afterWrite: true, read: true }));
    expect(props(meta.properties.demo)).toEqual(keys<ResourceDemo>({ rows: true, records: true }));
    expect(props(meta.$defs.field.properties.wordCheck)).toEqual(keys<WordCheckSpec>({ list: true, scene: true }));
    expect(props(meta.properties.wordList)).toEqual(keys<WordListSpec>({ word: true, scenes: true, activeWhen: true, replaceWhen: true }));
    expect(props(meta.properties.upload)).toEqual(keys<UploadSpec>({ type: true, bizNo: true, status: true, time: true, reason: true }));
    expect(props(meta.properties.publicRead)).toEqual(keys<PublicReadSpec>({ fields: true, filter: true, sort: true }));
    // compute: one object per formula, named like the ComputeSpec union members
    type Ops = { product: true; add: true; sum: true; sumProduct: true; subtract: true; percentOf: true } extends Record<ComputeOp, true> ? (Record<ComputeOp, true> extends { product: true; add: true; sum: true; sumProduct: true; subtract: true; percentOf: true } ? true : never) : never;
    const ok: Ops = true;
    expect(ok).toBe(true);
    expect(meta.$defs.field.properties.compute.oneOf.flatMap((o: Json) => props(o)).sort()).toEqual(['add', 'percentOf', 'product', 'subtract', 'sum', 'sumProduct']);
    expect(props(meta.$defs.field.properties.compute.oneOf[2].properties.sum)).toEqual(['child', 'field']);
    expect(props(meta.$defs.field.properties.compute.oneOf[3].properties.sumProduct)).toEqual(['child', 'fields']);
    expect(props(meta.$defs.field.properties.compute.oneOf[5].properties.percentOf)).toEqual(keys<PercentOfSpec>({ base: true, percent: true, cap: true }));
    expect(meta.$defs.field.properties.autoNumber.properties.date.anyOf[0].enum).toEqual(['yyyyMMdd', 'yyyyMM']);
    expect(meta.$defs.field.properties.unique.anyOf).toEqual([{ type: 'boolean' }, { type: 'string', const: 'global' }]);
    expect(props(registryMeta as Json)).toEqual(keys<ExtensionRegistry>({ $schema: true, widgets: true, pages: true, effects: true, rules: true }));
    expect(props(dictMeta as Json)).toEqual(keys<DictSchema>({ $schema: true, code: true, title: true, items: true }));
  });

  test('additionalProperties false on every object', () => {
    const walk = (s: unknown, at: string): string[] => {
      if (!s || typeof s !== 'object') return [];
      const o = s as Json;
      const bad = o.type === 'object' && o.properties && o.additionalProperties !== false ? [at] : [];
      return [...bad, ...Object.entries(o).flatMap(([k, v]) => walk(v, `${at}/${k}`))];
    };
    expect(walk(resourceMeta, '')).toEqual([]);
    expect(walk(dictMeta, '')).toEqual([]);
    expect(walk(registryMeta, '')).toEqual([]);
  });

  test('the worked example validates', () => {
    const ajv = new Ajv2020({ strict: true, allErrors: true });
    expect(ajv.validate(resourceMeta, hisDoctor)).toBe(true);
    for (const d of dicts) expect(ajv.validate(dictMeta, d)).toBe(true);
    expect(ajv.validate(registryMeta, registryJson)).toBe(true);
  });
});
