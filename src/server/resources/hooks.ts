/**
 * DEPRECATED compatibility view, to be deleted once its last readers move to the schema.
 *
 * Per-resource behaviour is no longer code keyed by resource: the schema language says it
 * (`unique: "global"`, `autoNumber`, `compute`, `effects.afterWrite`; see write.ts, derive.ts,
 * src/server/auth/effects.ts). This view derives the old `RESOURCE_HOOKS` shape from every
 * schema as models are built, for readers outside this folder that still ask for it
 * (system/duplicate.ts, excel/import.ts). They should read `field.unique === 'global'`,
 * call `computeValues` (derive.ts) and `runWriteEffects` (write.ts) instead.
 */
import type { ResourceSchema } from '../../core/schema/types.js';
import type { AppContext } from '../context.js';
import { computeValues, type ChildRows } from './derive.js';

export type { ChildRows };

export interface WriteInput {
  /** Validated parent values (by field key); computed keys are set here. */
  values: Record<string, unknown>;
  children: ChildRows;
  tenantId: number;
  mode: 'add' | 'edit';
}

export interface ResourceHooks {
  /** Unique fields checked across all tenants instead of within one (`unique: "global"`). */
  globalUnique?: string[];
  /** `compute` fields of the payload (autoNumber is assigned by the write path only). */
  beforeWrite?(ctx: AppContext, input: WriteInput): Promise<void>;
  /** `effects.afterWrite`, in a transaction of its own, with a system caller. */
  afterWrite?(ctx: AppContext, ids: string[], op: 'add' | 'edit' | 'delete'): Promise<void>;
}

/** Filled by `noteSchema` (model.ts buildModel) from the schemas; never written by hand. */
export const RESOURCE_HOOKS: Record<string, ResourceHooks> = {};

export function noteSchema(schema: ResourceSchema): void {
  const name = schema.name;
  const hooks: ResourceHooks = {
    globalUnique: schema.fields.filter((f) => f.unique === 'global').map((f) => f.key),
    async beforeWrite(ctx, input) {
      const m = ctx.models.get(name);
      if (m) await computeValues(ctx, m, { values: input.values, children: input.children, links: [], tenantId: input.tenantId });
    },
  };
  if (schema.effects?.afterWrite?.length) {
    hooks.afterWrite = async (ctx, ids, op) => {
      const m = ctx.models.get(name);
      const { runWriteEffects } = await import('./write.js');
      if (m) await runWriteEffects(ctx, m, op, ids);
    };
  }
  RESOURCE_HOOKS[name] = hooks;
}
