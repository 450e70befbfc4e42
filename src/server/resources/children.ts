/** Master-detail links of a resource: its `children` with the child models and foreign-key columns. */
import type { ChildSchema } from '../../core/schema/types.js';
import type { AppContext } from '../context.js';
import type { FieldCol, ResourceModel } from './model.js';

export interface ChildLink {
  spec: ChildSchema;
  model: ResourceModel;
  fk: FieldCol;
}

/** The children of a resource with their server models (children whose resource is unknown are skipped). */
export function childLinks(ctx: AppContext, m: ResourceModel): ChildLink[] {
  const out: ChildLink[] = [];
  for (const spec of m.schema.children ?? []) {
    const model = ctx.models.get(spec.resource);
    const fk = model?.byKey.get(spec.foreignKey);
    if (model && fk) out.push({ spec, model, fk });
  }
  return out;
}

