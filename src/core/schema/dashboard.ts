/**
 * `schemas/dashboard.json`: what the home page (首页) and the workplace (工作台) count, said with
 * module and field names only — which modules are orders, which field is their time, amount,
 * doctor and department, which condition makes an order paid, the stat cards, the pending work
 * and the quick links. The server computes every figure from these declarations, so a new order
 * module joins the dashboard by one line here. Checked against its meta-schema and against the
 * registry (modules, fields and their kinds, dictionary values, transitions, search modes).
 */
import { metaValidator } from './meta-validators.js';
import { ajvProblems } from './ajv-messages.js';
import type { Problem, SchemaFile } from './load.js';
import { findField, isSystemColumn, pointer } from './naming.js';

/** A pointer below an existing one. */
const under = (at: string, ...segments: Array<string | number>) => at + pointer(...segments);
import type { Registry } from './registry.js';
import type { FieldSchema, ResourceSchema } from './types.js';

export type WhereValue = string | number | boolean | Array<string | number>;
export type Where = Record<string, WhereValue>;

export interface DashboardSource {
  resource: string;
  /** Field that dates a row ("today"); absent: a standing figure (yesterday = rows created before today). */
  time?: string;
  amount?: string;
  /** Rows counted as revenue. */
  paid?: Where;
  where?: Where;
  doctor?: string;
  department?: string;
}

export interface DashboardStat {
  key: string;
  title: string;
  measure?: 'count' | 'revenue';
  from: 'orders' | DashboardSource[];
}

export interface DashboardPending {
  title: string;
  resource: string;
  where: Where;
  action: string;
}

export interface DashboardSpec {
  orders: DashboardSource[];
  stats: DashboardStat[];
  pending?: DashboardPending[];
  activity?: { resource: string; by: string; text: string; limit?: number };
  links?: string[];
}

/** The sources of a stat (`"orders"` names the order sources). */
export function statSources(spec: DashboardSpec, stat: DashboardStat): DashboardSource[] {
  return stat.from === 'orders' ? spec.orders : stat.from;
}

/** Kinds a `time` field may have: a full timestamp, so that day bounds compare as text. */
const TIME_KINDS = new Set(['datetime']);

/**
 * Checks the dashboard file against the registry. Without a file the dashboard is empty
 * (the pages show no figures); a broken file is an error of the schemas root.
 */
export function loadDashboard(registry: Registry, file?: SchemaFile): { data: DashboardSpec | undefined; problems: Problem[] } {
  const problems: Problem[] = [];
  if (!file) return { data: undefined, problems };
  const validate = metaValidator('dashboard');
  if (!validate(file.data)) {
    for (const p of ajvProblems(validate.errors ?? [])) problems.push({ file: file.file, path: p.path, message: p.message, severity: 'error' });
    return { data: undefined, problems };
  }
  const spec = file.data as DashboardSpec;
  const err = (path: string, message: string) => problems.push({ file: file.file, path, message, severity: 'error' });

  const resourceAt = (name: string, at: string): ResourceSchema | undefined => {
    const s = registry.resources.get(name);
    if (!s) err(at, `模块 "${name}" 不存在`);
    return s;
  };
  /** A declared field or a system column (as a pseudo field of kind datetime for the times). */
  const fieldAt = (s: ResourceSchema, key: string, at: string): FieldSchema | undefined => {
    if (isSystemColumn(key)) return key === 'createTime' || key === 'updateTime' ? ({ key, title: key, kind: 'datetime' } as FieldSchema) : ({ key, title: key, kind: 'string' } as FieldSchema);
    const f = findField(s, key);
    if (!f) err(at, `模块 "${s.name}" 没有字段 "${key}"`);
    return f;
  };
  const checkWhere = (s: ResourceSchema, where: Where | undefined, at: string, searchable: boolean) => {
    for (const [key, value] of Object.entries(where ?? {})) {
      const f = fieldAt(s, key, under(at, key));
      if (!f || isSystemColumn(key)) continue;
      if (searchable && f.search !== 'eq' && f.search !== 'in') err(under(at, key), `字段 "${s.name}.${key}" 不能在列表中按值筛选（search 应为 eq 或 in），待办链接无法打开筛选后的列表`);
      if (f.kind === 'dict' && f.dict) {
        const d = registry.dicts.get(f.dict);
        const values = Array.isArray(value) ? value : [value];
        for (const v of values) {
          if (d && !d.items.some((i) => i.value === String(v))) err(under(at, key), `字典 "${f.dict}" 没有值 "${String(v)}"`);
        }
      }
      if (f.kind === 'boolean' && typeof value !== 'boolean') err(under(at, key), `字段 "${s.name}.${key}" 是布尔值，条件应为 true 或 false`);
    }
  };
  const checkSource = (src: DashboardSource, at: string) => {
    const s = resourceAt(src.resource, under(at, 'resource'));
    if (!s) return;
    if (src.time) {
      const f = fieldAt(s, src.time, under(at, 'time'));
      if (f && !TIME_KINDS.has(f.kind)) err(under(at, 'time'), `时间字段 "${s.name}.${src.time}" 应为 datetime 类型`);
    }
    if (src.amount) {
      const f = fieldAt(s, src.amount, under(at, 'amount'));
      if (f && f.kind !== 'money') err(under(at, 'amount'), `金额字段 "${s.name}.${src.amount}" 应为 money 类型`);
    }
    for (const k of ['doctor', 'department'] as const) {
      const key = src[k];
      if (!key) continue;
      const f = fieldAt(s, key, under(at, k));
      if (f && f.kind !== 'ref') err(under(at, k), `字段 "${s.name}.${key}" 应为 ref 类型（关联记录）`);
    }
    checkWhere(s, src.paid, under(at, 'paid'), false);
    checkWhere(s, src.where, under(at, 'where'), false);
  };

  spec.orders.forEach((src, i) => {
    checkSource(src, pointer('orders', i));
    if (!src.time) err(pointer('orders', i, 'time'), '订单来源须声明下单时间字段 time');
  });
  const keys = new Set<string>();
  spec.stats.forEach((stat, i) => {
    if (keys.has(stat.key)) err(pointer('stats', i, 'key'), `指标 "${stat.key}" 重复`);
    keys.add(stat.key);
    if (stat.from !== 'orders') stat.from.forEach((src, j) => checkSource(src, pointer('stats', i, 'from', j)));
    if (stat.measure === 'revenue') {
      statSources(spec, stat).forEach((src, j) => {
        if (!src.amount) err(stat.from === 'orders' ? pointer('orders', j, 'amount') : pointer('stats', i, 'from', j, 'amount'), `指标 "${stat.key}" 统计金额，来源 "${src.resource}" 须声明金额字段 amount`);
      });
    }
  });
  (spec.pending ?? []).forEach((p, i) => {
    const s = resourceAt(p.resource, pointer('pending', i, 'resource'));
    if (!s) return;
    if (!s.menu) err(pointer('pending', i, 'resource'), `模块 "${p.resource}" 没有菜单，待办无法打开它的列表`);
    const actions = [...(s.states?.transitions ?? []).map((t) => t.action), ...(s.actions ?? []).map((a) => a.action)];
    if (!actions.includes(p.action)) err(pointer('pending', i, 'action'), `模块 "${p.resource}" 没有流转或操作 "${p.action}"`);
    checkWhere(s, p.where, pointer('pending', i, 'where'), true);
  });
  if (spec.activity) {
    const a = spec.activity;
    const s = resourceAt(a.resource, pointer('activity', 'resource'));
    if (s) {
      fieldAt(s, a.by, pointer('activity', 'by'));
      fieldAt(s, a.text, pointer('activity', 'text'));
    }
  }
  (spec.links ?? []).forEach((name, i) => {
    const s = resourceAt(name, pointer('links', i));
    if (s && !s.menu) err(pointer('links', i), `模块 "${name}" 没有菜单，不能作为快捷入口`);
  });
  return { data: problems.some((p) => p.severity === 'error') ? undefined : spec, problems };
}

// ---------------------------------------------------------------------------------------------
// what GET /dashboard/analysis and /dashboard/workplace answer (the server builds, the console draws)

export interface StatFigure {
  key: string;
  title: string;
  measure: 'count' | 'revenue';
  value: number;
  yesterday: number;
}

export interface Ranked {
  id: string;
  name: string;
  value: number;
}

export interface AnalysisResult {
  date: string;
  /** 'all' for the platform's view, else the tenant counted. */
  scope: 'all' | number;
  stats: StatFigure[];
  days: number;
  trend: { dates: string[]; orders: number[]; revenue: number[] };
  mix: Array<{ resource: string; title: string; value: number }>;
  topDepartments: Ranked[];
  topDoctors: Ranked[];
}

export interface WorkplaceResult {
  pending: Array<{ title: string; resource: string; count: number; path: string }>;
  activity: Array<{ time: string; text: string }>;
  links: Array<{ resource: string; title: string; path: string; icon?: string }>;
}
