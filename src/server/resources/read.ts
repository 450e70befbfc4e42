/**
 * One record as the caller sees it (queryById, and the `current` of a 409 conflict): labels,
 * `hasChild`, master-detail children, fields the caller may not view stripped, `_transitions`.
 */
import type { SessionUser } from '../auth/session.js';
import type { AppContext } from '../context.js';
import { decorate } from './access.js';
import { childLinks } from './children.js';
import { getRecord } from './list.js';
import type { ResourceModel } from './model.js';

type Rec = Record<string, unknown>;

export async function readRecordFor(ctx: AppContext, m: ResourceModel, id: string, tenantId: number, user: SessionUser): Promise<Rec | null> {
  const rec = await getRecord(ctx, m, id, tenantId);
  if (!rec) return null;
  decorate(m, [rec], user);
  for (const l of childLinks(ctx, m)) decorate(l.model, (rec[l.spec.key] ?? []) as Rec[], user);
  return rec;
}
