/**
 * `states.transitions[].set`: fields written with a state change, declared in the schema —
 * `"now"` the current time, `"user"` the caller's name, `{field}` a copy of another field of
 * the row as stored before the change (a full refund copies what was paid), `{value}` a
 * constant, `{fromNow}` the current time plus a period (a date field gets the day). Returns column values; the state field itself is never written here.
 */
import type { Period, Transition } from '../../core/schema/types.js';
import { nowText } from '../db/ids.js';
import { toStored, type ResourceModel } from './model.js';
import type { Caller } from './write.js';

export function transitionSetColumns(m: ResourceModel, t: Transition, caller: Caller, row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const stateKey = m.schema.states?.field;
  for (const [key, spec] of Object.entries(t.set ?? {})) {
    const c = m.byKey.get(key);
    if (!c || key === stateKey) continue;
    let v: unknown;
    if (spec === 'now') v = nowText();
    else if (spec === 'user') v = caller.user.realname || caller.user.username;
    else if ('field' in spec) {
      const src = m.byKey.get(spec.field);
      v = src ? row[src.column] : null;
      out[c.column] = v ?? null; // already in stored form
      continue;
    } else if ('fromNow' in spec) {
      const text = nowText(addPeriod(new Date(), spec.fromNow));
      v = c.field.kind === 'date' ? text.slice(0, 10) : text;
    } else v = spec.value;
    out[c.column] = v === null ? null : toStored(c, v);
  }
  return out;
}

/** `d` plus a period of years, months and days (calendar arithmetic: 2024-02-29 + 1 year = 2025-03-01). */
export function addPeriod(d: Date, p: Period): Date {
  const out = new Date(d.getTime());
  out.setFullYear(out.getFullYear() + (p.years ?? 0), out.getMonth() + (p.months ?? 0), out.getDate() + (p.days ?? 0));
  return out;
}
