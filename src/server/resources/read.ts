/**
 * Records as the caller sees them, for every reader (list, childList, queryById and the
 * `current` of a 409 conflict): sensitive fields masked without the unmask code, fields the
 * caller may not view stripped, `_transitions` added; queryById also carries labels, `hasChild`
 * and the master-detail children, each presented the same way, rich text sanitized again.
 */
import type { SessionUser } from '../auth/session.js';
import type { AppContext } from '../context.js';
import { childLinks } from './children.js';
import { presentFor } from './guard.js';
import { getRecord } from './list.js';
import { maskRecords } from './mask.js';
import { rowScope } from './data-rules.js';
import type { ResourceModel } from './model.js';
import { sanitizeRecord } from '../sanitize/index.js';

type Rec = Record<string, unknown>;

export function presentRecords(m: ResourceModel, records: Rec[], user: SessionUser): void {
  maskRecords(m, records, user);
  presentFor(m, records, user);
}

export async function readRecordFor(ctx: AppContext, m: ResourceModel, id: string, tenantId: number, user: SessionUser): Promise<Rec | null> {
  // the caller's data rules apply: a row outside them is not found
  const rec = await getRecord(ctx, m, id, await rowScope(ctx, m, tenantId, user));
  if (!rec) return null;
  presentRecords(m, [rec], user);
  // a record is displayed from here (form, detail): its rich text passes the one sanitizer again
  sanitizeRecord(m.schema, rec);
  for (const l of childLinks(ctx, m)) {
    const rows = (rec[l.spec.key] ?? []) as Rec[];
    presentRecords(l.model, rows, user);
    for (const r of rows) sanitizeRecord(l.model.schema, r);
  }
  return rec;
}
