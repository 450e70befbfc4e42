/**
 * `scheduleRows` (transition effect, parameters in the transition's `schedule`): starting a plan
 * generates its rows — `count` rows of the scheduled resource, linked by `foreignKey`, dated
 * `every` × `unit` apart from the record's `start` date and never after `until`, numbered in
 * `sn`, with `copy` fields taken from the record; autoNumber fields are assigned as on add. All
 * inside the transition's transaction and data log. A record that already has rows (started
 * before, or rows entered by hand) gets none; a count or interval that is missing or not
 * positive refuses the transition naming the field.
 */
import type { Kysely } from 'kysely';
import type { ScheduleSpec } from '../../core/schema/types.js';
import type { AppContext } from '../context.js';
import { newId, nowText } from '../db/ids.js';
import { badRequest } from '../errors.js';
import type { Effects } from '../resources/effects.js';
import { assignAutoNumbers } from '../resources/derive.js';
import { rowToRecord, toStored, type ResourceModel } from '../resources/model.js';
import { addPeriod } from '../resources/transition-set.js';
import { logWrites } from '../resources/write-log.js';

type Rec = Record<string, unknown>;

/** Dict texts of an interval unit → the period of one step. */
const UNIT_PERIODS: Record<string, { years?: number; months?: number; days?: number }> = {
  年: { years: 1 }, 月: { months: 1 }, 周: { days: 7 }, 天: { days: 1 }, 日: { days: 1 },
};

/** A value of the record (`key`) or of the record its ref field points at (`ref.key`), with the field's title. */
async function valueOf(ctx: AppContext, db: Kysely<any>, m: ResourceModel, rec: Rec, path: string, tenantId: number): Promise<{ value: unknown; title: string; dict?: string }> {
  const [head, tail] = path.split('.') as [string, string | undefined];
  const f = m.byKey.get(head)!.field;
  if (!tail) return { value: rec[head], title: f.title, dict: f.dict };
  const target = ctx.models.get(f.ref!.resource)!;
  const tf = target.byKey.get(tail)!.field;
  const row = rec[head] == null ? undefined : await db.selectFrom(target.table).selectAll().where('id', '=', String(rec[head])).where('tenant_id', '=', tenantId).executeTakeFirst();
  const value = row ? rowToRecord(target, row as Rec)[tail] : undefined;
  return { value, title: `${f.title}的${tf.title}`, dict: tf.dict };
}

const dateText = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** The dates of a schedule: `count` steps of `period` from `start`, none after `until`. */
export function scheduleDates(start: string, count: number, every: number, unit: { years?: number; months?: number; days?: number }, until?: string): string[] {
  const base = new Date(`${start.slice(0, 10)}T00:00:00`);
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const d = dateText(addPeriod(base, { years: (unit.years ?? 0) * every * i, months: (unit.months ?? 0) * every * i, days: (unit.days ?? 0) * every * i }));
    if (until && d > until.slice(0, 10)) break;
    out.push(d);
  }
  return out;
}

export function registerScheduleEffects(effects: Effects): void {
  effects.register('scheduleRows', async (e) => {
    const spec: ScheduleSpec | undefined = e.transition?.schedule;
    if (!spec || !e.before) throw badRequest('该流转未声明 schedule');
    const target = e.ctx.models.get(spec.resource)!;
    const tenantId = e.caller.tenantId;
    const fk = target.byKey.get(spec.foreignKey)!.column;
    const existing = await e.db.selectFrom(target.table).select('id').where('tenant_id', '=', tenantId).where(fk, '=', e.id).executeTakeFirst();
    if (existing) return;
    const rec = e.before;
    const count = await valueOf(e.ctx, e.db, e.model, rec, spec.count, tenantId);
    const every = await valueOf(e.ctx, e.db, e.model, rec, spec.every, tenantId);
    const unit = await valueOf(e.ctx, e.db, e.model, rec, spec.unit, tenantId);
    for (const v of [count, every]) {
      if (!(Number(v.value) > 0) || !Number.isInteger(Number(v.value))) throw badRequest(`${v.title}必须是正整数，无法生成${target.schema.title}`);
    }
    const unitText = e.ctx.registry.dicts.get(unit.dict ?? '')?.items.find((i) => i.value === String(unit.value ?? ''))?.text ?? '';
    const period = UNIT_PERIODS[unitText];
    if (!period) throw badRequest(`${unit.title}「${unitText || '空'}」不是年、月、周或天，无法生成${target.schema.title}`);
    const start = rec[spec.start];
    if (!start) throw badRequest(`${e.model.byKey.get(spec.start)!.field.title}不能为空`);
    const until = spec.until && rec[spec.until] ? String(rec[spec.until]) : undefined;
    const dates = scheduleDates(String(start), Number(count.value), Number(every.value), period, until);
    const now = nowText();
    const ids: string[] = [];
    for (const [i, date] of dates.entries()) {
      const values: Rec = {};
      const put = (key: string, v: unknown) => {
        const c = target.byKey.get(key);
        if (c && v !== undefined && v !== null) values[c.column] = toStored(c, v);
      };
      for (const c of target.fields) if (c.field.default !== undefined) put(c.field.key, c.field.default);
      for (const k of spec.copy ?? []) put(k, rec[k]);
      put(spec.foreignKey, e.id);
      put(spec.date, date);
      if (spec.sn) put(spec.sn, i + 1);
      await assignAutoNumbers(e.db, target, values, tenantId);
      const id = newId();
      await e.db.insertInto(target.table).values({ ...values, id, tenant_id: tenantId, create_by: e.caller.user.username, create_time: now, version: 1 }).execute();
      ids.push(id);
    }
    if (ids.length) {
      await logWrites(e.db, e.caller, target.name, 'add', ids, 1);
    }
  });
}
