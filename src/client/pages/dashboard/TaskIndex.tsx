/**
 * 任务 (/dashboard/task): the task index of JeecgBoot's dashboard with the product's own work —
 * the caller's pending items (orders to accept, prescriptions to review, audits, regulatory
 * failures …) from GET /dashboard/workplace, as a table with the share of each and a link to
 * the list filtered to those rows, and a bar chart of the counts (Chart.js, lazy).
 */
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import type { ChartConfiguration } from 'chart.js';
import { Link } from 'react-router';
import type { PageProps } from '../registry';
import { fetchWorkplace, type WorkplaceData } from './api';
import { ErrorLine, Figure, Grid, MUTED, Note, Panel } from './parts';

const ChartView = lazy(() => import('./charts/ChartView'));
const HEIGHT = 260;

export default function TaskIndex(_props: PageProps) {
  const [data, setData] = useState<WorkplaceData | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const ac = new AbortController();
    fetchWorkplace(ac.signal).then(setData, (e: unknown) => {
      if (!ac.signal.aborted) setError(e instanceof Error ? e.message : String(e));
    });
    return () => ac.abort();
  }, []);
  const total = data ? data.pending.reduce((n, p) => n + p.count, 0) : 0;
  const chart = useMemo<ChartConfiguration | null>(() => (data && data.pending.length ? {
    type: 'bar',
    data: { labels: data.pending.map((p) => p.title), datasets: [{ label: '待办数', data: data.pending.map((p) => p.count), backgroundColor: '#fa541c' }] },
    options: { plugins: { legend: { display: false } } },
  } : null), [data]);
  return (
    <div data-testid="dashboard-task">
      <ErrorLine message={error} />
      <Grid min={220} style={{ marginBottom: 16 }}>
        <Panel testId="task-total"><Figure title="待办合计" value={data ? total : '-'} color={total > 0 ? '#fa541c' : undefined} /></Panel>
        <Panel testId="task-kinds"><Figure title="待办类别" value={data ? data.pending.length : '-'} /></Panel>
      </Grid>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 16, alignItems: 'flex-start' }}>
        <Panel title="我的任务" testId="task-list" style={{ flex: '1 1 420px' }}>
          {!data ? <Note text="加载中…" /> : data.pending.length === 0 ? <Note text="暂无待办" /> : (
            <table style={{ width: '100%', borderCollapse: 'collapse' }}>
              <thead>
                <tr style={{ textAlign: 'left', ...MUTED }}><th style={{ padding: 8 }}>任务</th><th style={{ padding: 8 }}>数量</th><th style={{ padding: 8 }}>占比</th><th style={{ padding: 8 }}>操作</th></tr>
              </thead>
              <tbody>
                {data.pending.map((p) => (
                  <tr key={`${p.resource}:${p.path}`} data-testid={`task-${p.resource}`} style={{ borderTop: '1px solid #f0f0f0' }}>
                    <td style={{ padding: 8 }}>{p.title}</td>
                    <td style={{ padding: 8 }}>{p.count}</td>
                    <td style={{ padding: 8 }}>{total ? `${Math.round((p.count / total) * 100)}%` : '0%'}</td>
                    <td style={{ padding: 8 }}><Link to={p.path}>去处理</Link></td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </Panel>
        <Panel title="待办分布" testId="task-chart" style={{ flex: '1 1 420px' }}>
          {!data ? <Note text="加载中…" height={HEIGHT} /> : chart ? (
            <Suspense fallback={<Note text="加载中…" height={HEIGHT} />}>
              <ChartView config={chart} height={HEIGHT} />
            </Suspense>
          ) : <Note text="暂无待办" height={HEIGHT} />}
        </Panel>
      </div>
    </div>
  );
}
