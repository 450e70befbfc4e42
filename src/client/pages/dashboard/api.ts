/** Calls of the home page and the workplace (figures computed by the server for the caller's scope). */
import { http, type Envelope } from '../../api/index';

/** The result, or the server's message (a 400 resolves with success false). */
function resultOf<T>(e: Envelope<T>): T {
  if (!e.success) throw new Error(e.message);
  return e.result;
}

/** The answers' shapes are declared once, in core (the server builds them). */
export type { StatFigure, Ranked } from '../../../core/schema/dashboard';
export type { AnalysisResult as AnalysisData, WorkplaceResult as WorkplaceData } from '../../../core/schema/dashboard';
import type { AnalysisResult as AnalysisData, StatFigure, WorkplaceResult as WorkplaceData } from '../../../core/schema/dashboard';

export const TREND_DAYS = [7, 30] as const;

const list = <T,>(v: T[] | undefined): T[] => (Array.isArray(v) ? v : []);

export function fetchAnalysis(days: number, signal?: AbortSignal): Promise<AnalysisData> {
  return http.get<Partial<AnalysisData>>('/dashboard/analysis', { days }, { signal }).then((e) => {
    const r = resultOf(e) ?? {};
    const trend = r.trend ?? { dates: [], orders: [], revenue: [] };
    return {
      date: r.date ?? '',
      scope: r.scope ?? 'all',
      stats: list(r.stats),
      days: r.days ?? days,
      trend: { dates: list(trend.dates), orders: list(trend.orders), revenue: list(trend.revenue) },
      mix: list(r.mix),
      topDepartments: list(r.topDepartments),
      topDoctors: list(r.topDoctors),
    };
  });
}

export function fetchWorkplace(signal?: AbortSignal): Promise<WorkplaceData> {
  return http.get<Partial<WorkplaceData>>('/dashboard/workplace', {}, { signal }).then((e) => {
    const r = resultOf(e) ?? {};
    return { pending: list(r.pending), activity: list(r.activity), links: list(r.links) };
  });
}

/** Change against yesterday as shown under a figure: `较昨日 +3` / `较昨日 -12.50` / `与昨日持平`. */
export function changeText(s: Pick<StatFigure, 'measure' | 'value' | 'yesterday'>): { text: string; trend: 'up' | 'down' | 'flat' } {
  const diff = s.measure === 'revenue' ? Math.round((s.value - s.yesterday) * 100) / 100 : s.value - s.yesterday;
  if (diff === 0) return { text: '与昨日持平', trend: 'flat' };
  const shown = s.measure === 'revenue' ? Math.abs(diff).toFixed(2) : String(Math.abs(diff));
  return { text: `较昨日 ${diff > 0 ? '+' : '-'}${shown}`, trend: diff > 0 ? 'up' : 'down' };
}

/** A figure as shown: money with two decimals. */
export function figureText(s: Pick<StatFigure, 'measure' | 'value'>): string {
  return s.measure === 'revenue' ? s.value.toFixed(2) : String(s.value);
}
