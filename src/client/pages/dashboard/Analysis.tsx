/**
 * 首页 (/dashboard/analysis): today's figures with the change against yesterday, the order and
 * revenue trend of the last 7 or 30 days, the order mix by type and the busiest departments and
 * doctors — all computed by the server (GET /dashboard/analysis) for the caller's scope.
 * Light on purpose (the route's bundle budget): plain panels (./parts), no ProTable; the charts
 * are a lazy chunk (Chart.js) drawn after the figures.
 */
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import type { ChartConfiguration } from 'chart.js';
import type { PageProps } from '../registry';
import { changeText, fetchAnalysis, figureText, TREND_DAYS, type AnalysisData, type Ranked, type StatFigure } from './api';
import { ErrorLine, Figure, Grid, Note, Panel } from './parts';

const ChartView = lazy(() => import('./charts/ChartView'));
const COLORS = ['#1890FF', '#52C41A', '#FAAD14', '#F5222D', '#722ED1', '#13C2C2', '#EB2F96', '#2F54EB', '#FA8C16', '#A0D911'];
const CHART_HEIGHT = 280;

function StatCard({ s }: { s: StatFigure }) {
  const c = changeText(s);
  // rising figures in red, falling in green (the Chinese convention of the console)
  const color = c.trend === 'up' ? '#cf1322' : c.trend === 'down' ? '#3f8600' : 'rgba(0,0,0,.45)';
  return (
    <Panel testId={`stat-${s.key}`}>
      <Figure title={s.title} value={figureText(s)} suffix={s.measure === 'revenue' ? '元' : undefined} />
      <div style={{ marginTop: 8, color }} data-testid={`stat-${s.key}-change`}>
        {c.trend === 'up' ? '↑ ' : c.trend === 'down' ? '↓ ' : ''}
        {c.text}
      </div>
    </Panel>
  );
}

function RankList({ rows, testId }: { rows: Ranked[]; testId: string }) {
  if (rows.length === 0) return <Note text="暂无数据" />;
  const max = Math.max(...rows.map((r) => r.value), 1);
  return (
    <ol style={{ listStyle: 'none', margin: 0, padding: 0 }} data-testid={testId}>
      {rows.map((r, i) => (
        <li key={r.id} style={{ display: 'flex', alignItems: 'center', gap: 8, padding: '6px 0' }}>
          <span style={{ width: 20, height: 20, borderRadius: 10, textAlign: 'center', lineHeight: '20px', fontSize: 12, background: i < 3 ? '#314659' : '#f0f0f0', color: i < 3 ? '#fff' : 'inherit' }}>{i + 1}</span>
          <span style={{ width: 96, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{r.name}</span>
          <span style={{ flex: 1, height: 8, background: '#f0f0f0', borderRadius: 4 }}>
            <span style={{ display: 'block', height: 8, width: `${(r.value / max) * 100}%`, background: '#1890FF', borderRadius: 4 }} />
          </span>
          <span style={{ width: 40, textAlign: 'right' }}>{r.value}</span>
        </li>
      ))}
    </ol>
  );
}

const loading = (height = CHART_HEIGHT) => <Note text="加载中…" height={height} />;

export default function Analysis(_props: PageProps) {
  const [days, setDays] = useState<number>(TREND_DAYS[0]);
  const [data, setData] = useState<AnalysisData | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const ac = new AbortController();
    setError(null);
    fetchAnalysis(days, ac.signal)
      .then((d) => setData(d))
      .catch((e: unknown) => {
        if (!ac.signal.aborted) setError(e instanceof Error ? e.message : String(e));
      });
    return () => ac.abort();
  }, [days]);

  const trend = useMemo<ChartConfiguration | null>(() => {
    if (!data?.trend) return null;
    return {
      type: 'bar',
      data: {
        labels: data.trend.dates.map((d) => d.slice(5)),
        datasets: [
          { type: 'bar', label: '订单数', data: data.trend.orders, backgroundColor: '#1890FF', yAxisID: 'y' },
          { type: 'line', label: '收入（元）', data: data.trend.revenue, borderColor: '#52C41A', backgroundColor: '#52C41A', yAxisID: 'y1', tension: 0.3 },
        ],
      },
      options: {
        interaction: { mode: 'index', intersect: false },
        scales: {
          y: { beginAtZero: true, position: 'left', ticks: { precision: 0 } },
          y1: { beginAtZero: true, position: 'right', grid: { drawOnChartArea: false } },
        },
      },
    };
  }, [data]);

  const mix = useMemo<ChartConfiguration | null>(() => {
    const rows = (data?.mix ?? []).filter((m) => m.value > 0);
    if (rows.length === 0) return null;
    return {
      type: 'doughnut',
      data: { labels: rows.map((m) => m.title), datasets: [{ data: rows.map((m) => m.value), backgroundColor: rows.map((_, i) => COLORS[i % COLORS.length]!) }] },
      options: { plugins: { legend: { position: 'right' } } },
    };
  }, [data]);

  return (
    <div data-testid="dashboard-analysis">
      <ErrorLine message={error} />
      <Grid min={200} style={{ marginBottom: 16 }}>
        {data ? data.stats.map((s) => <StatCard key={s.key} s={s} />) : [0, 1, 2, 3, 4].map((i) => <Panel key={i}>{loading(62)}</Panel>)}
      </Grid>
      <Panel
        title={`近${days}天订单与收入`}
        style={{ marginBottom: 16 }}
        extra={
          <span data-testid="trend-days">
            {TREND_DAYS.map((d) => (
              <a
                key={d}
                role="button"
                aria-pressed={d === days}
                onClick={() => setDays(d)}
                style={{ marginLeft: 12, fontWeight: d === days ? 600 : 400, color: d === days ? '#1890FF' : 'rgba(0,0,0,.65)' }}
              >
                近{d}天
              </a>
            ))}
          </span>
        }
      >
        {trend ? (
          <Suspense fallback={loading()}>
            <ChartView config={trend} height={CHART_HEIGHT} testId="trend-chart" />
          </Suspense>
        ) : (
          loading()
        )}
      </Panel>
      <Grid min={300}>
        <Panel title="订单构成">
          {mix ? (
            <Suspense fallback={loading(260)}>
              <ChartView config={mix} height={260} testId="mix-chart" />
            </Suspense>
          ) : data ? (
            <Note text="暂无数据" />
          ) : (
            loading(260)
          )}
        </Panel>
        <Panel title="科室排行（订单数）">{data ? <RankList rows={data.topDepartments} testId="top-departments" /> : loading(200)}</Panel>
        <Panel title="医生排行（订单数）">{data ? <RankList rows={data.topDoctors} testId="top-doctors" /> : loading(200)}</Panel>
      </Grid>
    </div>
  );
}
