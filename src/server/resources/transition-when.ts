/**
 * A transition's `when` condition on the stored row (besides `from`): the first field that does
 * not hold, named with its title and its current value's label, e.g. 当前处方状态「未通过」不允许执行「上报」.
 */
import type { Transition } from '../../core/schema/types.js';
import { matchConditionValue } from '../../core/validators/condition.js';
import type { AppContext } from '../context.js';
import type { ResourceModel } from './model.js';

/** The refusal message when `record` (field-keyed) fails the transition's `when`; null when it holds. */
export function whenRefusal(ctx: AppContext, m: ResourceModel, t: Transition, record: Record<string, unknown>): string | null {
  for (const [key, cv] of Object.entries(t.when ?? {})) {
    if (matchConditionValue(cv, record[key])) continue;
    const f = m.byKey.get(key)?.field;
    const v = record[key];
    const text = v === null || v === undefined || v === '' ? '空' : String(v);
    const d = f?.dict ? ctx.registry.dicts.get(f.dict) : undefined;
    const label = d?.items.find((i) => i.value === text)?.text ?? text;
    return `当前${f?.title ?? key}「${label}」不允许执行「${t.title}」`;
  }
  return null;
}
