/**
 * 图表 (/dashboard/chart): the chart index of JeecgBoot's dashboard with the product's own data —
 * the last 30 days of orders (line), revenue (bar), the order mix (doughnut) and the busiest
 * departments and doctors (horizontal bars), all from GET /dashboard/analysis for the caller's
 * scope. Chart.js comes with the lazy ChartView chunk, only on pages that draw.
 */
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import type { ChartConfiguration } from 'chart.js';
import type { PageProps } from '../registry';
import { fetchAnalysis, type AnalysisData, type Ranked } from './api';
import { ErrorLine, Figure, Grid, Note, Panel } from './parts';

const ChartView = lazy(() => import('./charts/ChartView'));
const COLORS = ['#1890FF', '#52C41A', '#FAAD14', '#F5222D', '#722ED1', '#13C2C2', '#EB2F96', '#2F54EB', '#FA8C16', '#A0D911'];
const DAYS = 30;
const HEIGHT = 260;

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

function ranking(rows: Ranked[], label: string, color: string): ChartConfiguration {
  return {
    type: 'bar',
    data: { labels: rows.map((r) => r.name), datasets: [{ label, data: rows.map((r) => r.value), backgroundColor: color }] },
    options: { indexAxis: 'y', plugins: { legend: { display: false } } },
  };
}

function charts(d: AnalysisData): Array<{ key: string; title: string; config: ChartConfiguration | null }> {
  const labels = d.trend.dates.map((x) => x.slice(5));
  return [
    { key: 'orders', title: `近${d.days}天订单数`, config: { type: 'line', data: { labels, datasets: [{ label: '订单数', data: d.trend.orders, borderColor: COLORS[0], backgroundColor: 'rgba(24,144,255,.15)', fill: true, tension: 0.3 }] } } },
    { key: 'revenue', title: `近${d.days}天收入（元）`, config: { type: 'bar', data: { labels, datasets: [{ label: '收入（元）', data: d.trend.revenue, backgroundColor: COLORS[1] }] } } },
    { key: 'mix', title: '订单构成', config: d.mix.length ? { type: 'doughnut', data: { labels: d.mix.map((m) => m.title), datasets: [{ data: d.mix.map((m) => m.value), backgroundColor: COLORS }] }, options: { plugins: { legend: { position: 'right' } } } } : null },
    { key: 'departments', title: '科室排行（订单数）', config: d.topDepartments.length ? ranking(d.topDepartments, '订单数', COLORS[4]!) : null },
    { key: 'doctors', title: '医生排行（订单数）', config: d.topDoctors.length ? ranking(d.topDoctors, '订单数', COLORS[5]!) : null },
  ];
}

export default function ChartIndex(_props: PageProps) {
  const [data, setData] = useState<AnalysisData | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const ac = new AbortController();
    fetchAnalysis(DAYS, ac.signal).then(setData, (e: unknown) => {
      if (!ac.signal.aborted) setError(e instanceof Error ? e.message : String(e));
    });
    return () => ac.abort();
  }, []);
  const list = useMemo(() => (data ? charts(data) : []), [data]);
  return (
    <div data-testid="dashboard-chart">
      <ErrorLine message={error} />
      <Grid min={220} style={{ marginBottom: 16 }}>
        <Panel testId="chart-total-orders"><Figure title={`近${DAYS}天订单`} value={data ? sum(data.trend.orders) : '-'} /></Panel>
        <Panel testId="chart-total-revenue"><Figure title={`近${DAYS}天收入`} value={data ? sum(data.trend.revenue).toFixed(2) : '-'} suffix="元" /></Panel>
      </Grid>
      <Grid min={420}>
        {(data ? list : []).map((c) => (
          <Panel key={c.key} title={c.title} testId={`chart-${c.key}`}>
            {c.config ? (
              <Suspense fallback={<Note text="加载中…" height={HEIGHT} />}>
                <ChartView config={c.config} height={HEIGHT} />
              </Suspense>
            ) : <Note text="暂无数据" height={HEIGHT} />}
          </Panel>
        ))}
      </Grid>
      {!data && !error ? <Note text="加载中…" height={HEIGHT} /> : null}
    </div>
  );
}
