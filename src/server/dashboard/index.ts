/**
 * GET /dashboard/analysis (首页) and GET /dashboard/workplace (工作台): figures of the caller's
 * scope from the declarations of schemas/dashboard.json.
 * - Every logged-in user may call them (the home page is everyone's); each figure counts only
 *   modules whose list the caller may read (sums and rankings only over fields the caller may
 *   view), a pending item only when the caller may perform
 *   its action, a quick link only to a list the caller may open.
 * - Scope: a platform user (tenant 1000) acting as the platform sees every tenant; a platform
 *   user who switched to a tenant, and every hospital user, sees that tenant's rows only.
 *   Pending work counts the tenant the caller acts on, because its link opens that list.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { can as accessCan, lookupOf } from '../../core/access/index.js';
import { ok } from '../../core/protocol/index.js';
import type { AnalysisResult, DashboardSource, DashboardSpec, StatFigure, Where, WorkplaceResult } from '../../core/schema/dashboard.js';

export type { AnalysisResult, StatFigure, WorkplaceResult };
import { statSources } from '../../core/schema/dashboard.js';
import { grantsOfUser, type SessionUser } from '../auth/session.js';
import { SUPER_TENANT_ID, type AppContext } from '../context.js';
import { badRequest } from '../errors.js';
import { mayMonitor, MONITOR_PAGE } from '../monitor/index.js';
import { addDays, columnOf, dayStart, dayText, measure, perDay, perRef, refLabels, sourceRows, yuan } from './figures.js';

export const TREND_DAYS = [7, 30] as const;
/** Rows in each ranking. */
const TOP = 5;


/** The tenant scope of the home page figures (null: every tenant). */
export function analysisScope(user: SessionUser, tenantId: number): number | null {
  return user.tenantId === SUPER_TENANT_ID && tenantId === SUPER_TENANT_ID ? null : tenantId;
}

/** Query string of a list filtered by `where` (the console's list URL state). */
export function listQuery(where: Where): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(where)) qs.set(k, Array.isArray(v) ? v.join(',') : String(v));
  return qs.toString();
}

function parseDays(q: unknown): number {
  const raw = (q as Record<string, unknown> | undefined)?.days;
  if (raw === undefined || raw === '') return 7;
  const n = Number(raw);
  if (!(TREND_DAYS as readonly number[]).includes(n)) throw badRequest(`统计天数：只能是 ${TREND_DAYS.join(' 或 ')}`);
  return n;
}

export async function computeAnalysis(ctx: AppContext, spec: DashboardSpec, user: SessionUser, tenant: number | null, days: number, now = new Date()): Promise<AnalysisResult> {
  const lookup = lookupOf([...ctx.models.values()].map((x) => x.schema));
  const grants = grantsOfUser(user);
  const mayList = (src: DashboardSource) => accessCan(grants, { resource: src.resource, action: 'list' }, lookup).ok;
  /** A figure drawn from a field the caller may not view (an amount, a doctor) would reveal it. */
  const mayView = (src: DashboardSource, key: string | undefined) => !!key && accessCan(grants, { resource: src.resource, action: 'view', field: key }, lookup).ok;

  const today = { from: dayStart(now), to: dayStart(addDays(now, 1)) };
  const yesterday = { from: dayStart(addDays(now, -1)), to: today.from };
  const stats: StatFigure[] = [];
  for (const stat of spec.stats) {
    const what = stat.measure ?? 'count';
    const sources = statSources(spec, stat).filter((src) => mayList(src) && (what !== 'revenue' || mayView(src, src.amount)));
    if (sources.length === 0) continue;
    let value = 0;
    let before = 0;
    for (const src of sources) {
      // a source without time is a standing figure: now vs. what existed before today
      value += await measure(ctx, src, tenant, src.time ? today : {}, what);
      before += await measure(ctx, src, tenant, src.time ? yesterday : { to: today.from }, what);
    }
    stats.push({ key: stat.key, title: stat.title, measure: what, value: what === 'revenue' ? yuan(value) : value, yesterday: what === 'revenue' ? yuan(before) : before });
  }

  const orders = spec.orders.filter(mayList);
  const first = addDays(now, -(days - 1));
  const period = { from: dayStart(first), to: today.to };
  const dates = Array.from({ length: days }, (_, i) => dayText(addDays(first, i)));
  const counts = new Array<number>(days).fill(0);
  const revenue = new Array<number>(days).fill(0);
  const mix: AnalysisResult['mix'] = [];
  for (const src of orders) {
    const byDay = await perDay(ctx, mayView(src, src.amount) ? src : { ...src, amount: undefined }, tenant, period);
    let total = 0;
    dates.forEach((d, i) => {
      const v = byDay.get(d);
      if (!v) return;
      counts[i]! += v.count;
      revenue[i] = yuan(revenue[i]! + v.revenue);
      total += v.count;
    });
    mix.push({ resource: src.resource, title: ctx.models.get(src.resource)!.schema.title, value: total });
  }

  const ranking = async (which: 'doctor' | 'department') => {
    const totals = new Map<string, number>();
    const labels = new Map<string, string>();
    for (const src of orders) {
      const key = src[which];
      if (!key || !mayView(src, key)) continue;
      const m = ctx.models.get(src.resource)!;
      const per = await perRef(ctx, src, key, tenant, period);
      for (const [id, n] of per) totals.set(id, (totals.get(id) ?? 0) + n);
      const missing = [...per.keys()].filter((id) => !labels.has(id));
      for (const [id, l] of await refLabels(ctx, m, key, missing)) labels.set(id, l);
    }
    return [...totals.entries()]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, TOP)
      .map(([id, value]) => ({ id, name: labels.get(id) || id, value }));
  };

  return {
    date: dayText(now),
    scope: tenant ?? 'all',
    stats,
    days,
    trend: { dates, orders: counts, revenue },
    mix,
    topDepartments: await ranking('department'),
    topDoctors: await ranking('doctor'),
  };
}

export async function computeWorkplace(ctx: AppContext, spec: DashboardSpec, user: SessionUser, tenantId: number): Promise<WorkplaceResult> {
  const lookup = lookupOf([...ctx.models.values()].map((x) => x.schema));
  const grants = grantsOfUser(user);
  const may = (resource: string, action: string) => ctx.models.has(resource) && accessCan(grants, { resource, action }, lookup).ok;

  const pending: WorkplaceResult['pending'] = [];
  for (const p of spec.pending ?? []) {
    if (!may(p.resource, p.action) || !may(p.resource, 'list')) continue;
    const { q, m } = sourceRows(ctx, { resource: p.resource, where: p.where }, tenantId, {});
    const row = await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
    pending.push({ title: p.title, resource: p.resource, count: Number(row?.n ?? 0), path: `${m.schema.menu!.path}?${listQuery(p.where)}` });
  }

  const activity: WorkplaceResult['activity'] = [];
  const a = spec.activity;
  const log = a ? ctx.models.get(a.resource) : undefined;
  if (a && log) {
    // the caller's own operations: no list code needed to see what one did oneself
    const rows = await ctx.database.db
      .selectFrom(log.table)
      .select(['create_time as t', `${columnOf(log, a.text)} as x`])
      .where(columnOf(log, a.by), '=', user.id)
      .orderBy('create_time', 'desc')
      .orderBy('id', 'desc')
      .limit(a.limit ?? 8)
      .execute();
    for (const r of rows) activity.push({ time: String(r.t), text: String(r.x ?? '') });
  }

  const links: WorkplaceResult['links'] = [];
  for (const name of spec.links ?? []) {
    const s = ctx.models.get(name)?.schema;
    if (!s?.menu || !may(name, 'list')) continue;
    links.push({ resource: name, title: s.title, path: s.menu.path, ...(s.menu.icon ? { icon: s.menu.icon } : {}) });
  }
  // the monitor page has no menu entry: the platform super administrator reaches it from here
  if (mayMonitor(user)) links.push({ resource: 'monitor', title: MONITOR_PAGE.title, path: MONITOR_PAGE.path, icon: 'dashboard' });
  return { pending, activity, links };
}

const EMPTY: DashboardSpec = { orders: [], stats: [] };

export function registerDashboard(app: FastifyInstance, ctx: AppContext, spec: DashboardSpec = EMPTY): void {
  app.get('/dashboard/analysis', async (req: FastifyRequest) => {
    const days = parseDays(req.query);
    const result = await computeAnalysis(ctx, spec, req.session!, analysisScope(req.session!, req.tenantId), days);
    return ok(result);
  });
  app.get('/dashboard/workplace', async (req: FastifyRequest) => {
    const result = await computeWorkplace(ctx, spec, req.session!, req.tenantId);
    return ok(result);
  });
}
