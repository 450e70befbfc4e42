/**
 * The meta-schemas of the schemas folder (modules, dictionaries, the registry of names, the
 * dashboard, roles and menu groups), checked by one ajv: strict, every error, verbose (the
 * messages name the schema part that failed; ajv-messages.ts).
 *
 * The server bundle carries them precompiled as ajv's standalone code, made from the same
 * schemas and options when the bundle is built (generators/meta-validators.ts): a start then
 * compiles no meta-schema (some 70 KB of them, about a third of a second of a two-core start).
 * Everywhere else (the linter, tests, the TypeScript server) they compile on first use, and
 * that path also checks the meta-schemas themselves against JSON Schema 2020-12.
 */
import Ajv2020, { type Options } from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv';
import resource from '../../../schemas/meta/resource.schema.json';
import dict from '../../../schemas/meta/dict.schema.json';
import registry from '../../../schemas/meta/registry.schema.json';
import dashboard from '../../../schemas/meta/dashboard.schema.json';
import roles from '../../../schemas/meta/roles.schema.json';
import menuGroups from '../../../schemas/meta/menu-groups.schema.json';
import precompiled from './meta-validators.precompiled.js';

/** Export name -> meta-schema; the standalone module exports one validator per name. */
export const META_SCHEMAS = { resource, dict, registry, dashboard, roles, menuGroups } as const;
export type MetaName = keyof typeof META_SCHEMAS;
export type MetaValidators = Record<MetaName, ValidateFunction>;

/** The options both ways of making the validators share. */
export const META_AJV_OPTIONS: Options = { strict: true, allErrors: true, verbose: true };

/** One ajv holding every meta-schema; `source` keeps the code for the standalone module. */
export function metaAjv(source = false): InstanceType<typeof Ajv2020> {
  const ajv = new Ajv2020({ ...META_AJV_OPTIONS, ...(source ? { code: { source: true, esm: true } } : {}) });
  for (const schema of Object.values(META_SCHEMAS)) ajv.addSchema(schema);
  return ajv;
}

/** Compiles every meta-schema with one ajv. */
export function compileMetaValidators(): MetaValidators {
  const ajv = metaAjv();
  const out = {} as MetaValidators;
  for (const [name, schema] of Object.entries(META_SCHEMAS) as Array<[MetaName, { $id: string }]>) out[name] = ajv.getSchema(schema.$id)!;
  return out;
}

let validators: MetaValidators | undefined;
/** The validator of one meta-schema: the bundle's precompiled one, else compiled once. */
export function metaValidator(name: MetaName): ValidateFunction {
  validators ??= (precompiled as MetaValidators | null) ?? compileMetaValidators();
  return validators[name];
}
