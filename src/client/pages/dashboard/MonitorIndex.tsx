/**
 * 监控 (/dashboard/monitor): the monitor dashboard of JeecgBoot with this server's live figures —
 * CPU load, memory and heap gauges, requests of the last minute and error answers from the
 * request ring buffer, the database size, and a chart of the figures of this visit — from GET
 * /sys/monitor/info (useMonitorInfo, shared with 系统监控: refresh every 3 s, 暂停/继续, 刷新).
 * Only the platform super administrator may read it; others get the 403 page.
 */
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import type { ChartConfiguration } from 'chart.js';
import { Link } from 'react-router';
import { REFRESH_MS, useMonitorInfo } from '../monitor/useMonitorInfo';
import type { PageProps } from '../registry';
import { monitorFigures, type MonitorFigures } from './monitorFigures';
import { ErrorLine, Figure, Grid, MUTED, Note, Panel } from './parts';

const ChartView = lazy(() => import('./charts/ChartView'));
/** The console's 403 page, its own lazy chunk as on its route. */
const Exception403 = lazy(() => import('../exception/Exception403'));
const HEIGHT = 240;
/** Samples kept for the chart (one a read: about three minutes). */
const SAMPLES = 60;
/** antd's button look without its component: this page adds no antd chunk to the shared graph. */
const BUTTON = 'ant-btn ant-btn-default ant-btn-color-default ant-btn-variant-outlined';

interface Sample extends MonitorFigures { time: string }

/** A use bar in plain elements (antd's Progress would re-split chunks the login route shares). */
function Gauge({ title, percent, testId, detail }: { title: string; percent: number; testId: string; detail: string }) {
  const color = percent > 90 ? '#ff4d4f' : percent > 70 ? '#faad14' : '#1677ff';
  return (
    <Panel testId={testId}>
      <div style={{ display: 'flex', justifyContent: 'space-between', marginBottom: 8 }}>
        <span style={MUTED}>{title}</span>
        <span style={{ fontSize: 24, fontVariantNumeric: 'tabular-nums' }} data-testid="gauge-percent">{percent}%</span>
      </div>
      <div role="progressbar" aria-valuenow={percent} aria-valuemin={0} aria-valuemax={100} style={{ height: 8, borderRadius: 4, background: 'rgba(0,0,0,.06)', overflow: 'hidden' }}>
        <div style={{ width: `${percent}%`, height: '100%', background: color }} />
      </div>
      <div style={{ ...MUTED, marginTop: 8 }} data-testid="gauge-detail">{detail}</div>
    </Panel>
  );
}

export default function MonitorIndex(_props: PageProps) {
  const { info, error, forbidden, paused, setPaused, load } = useMonitorInfo();
  const [samples, setSamples] = useState<Sample[]>([]);
  useEffect(() => {
    if (info) setSamples((xs) => (xs.at(-1)?.time === info.time ? xs : [...xs, { time: info.time, ...monitorFigures(info) }].slice(-SAMPLES)));
  }, [info]);
  const f = info ? monitorFigures(info) : null;
  const chart = useMemo<ChartConfiguration | null>(() => (samples.length ? {
    type: 'line',
    data: {
      labels: samples.map((x) => x.time.slice(11)),
      datasets: [
        { label: '堆内存（MB）', data: samples.map((x) => x.heapUsedMb), borderColor: '#1890FF', backgroundColor: '#1890FF', yAxisID: 'y' },
        { label: '近1分钟请求数', data: samples.map((x) => x.requestsPerMinute), borderColor: '#52C41A', backgroundColor: '#52C41A', yAxisID: 'y1' },
      ],
    },
    options: { animation: false, scales: { y: { position: 'left', beginAtZero: true }, y1: { position: 'right', beginAtZero: true, grid: { drawOnChartArea: false } } } },
  } : null), [samples]);

  if (forbidden) return <div data-testid="dashboard-monitor"><Suspense fallback={null}><Exception403 /></Suspense></div>;
  const s = info?.server;
  const p = info?.process;
  return (
    <div data-testid="dashboard-monitor">
      <Panel style={{ marginBottom: 16 }} bodyStyle={{ padding: '12px 24px' }}>
        <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8 }}>
          <span data-testid="monitor-index-updated">上次更新时间：{info ? info.time : '-'}</span>
          <button type="button" className={BUTTON} data-testid="monitor-index-pause" onClick={() => setPaused((x) => !x)}>{paused ? '继续' : '暂停'}</button>
          <button type="button" className={BUTTON} data-testid="monitor-index-refresh" onClick={() => void load()}>刷新</button>
          <span style={MUTED}>{paused ? '已暂停自动刷新' : `每 ${REFRESH_MS / 1000} 秒自动刷新`}</span>
          <Link to="/monitor/system">详细信息</Link>
        </div>
      </Panel>
      <ErrorLine message={error} />
      {!info || !f || !s || !p ? <Note text="加载中…" /> : (
        <>
          <Grid min={220} style={{ marginBottom: 16 }}>
            <Gauge title="CPU 负载" testId="monitor-cpu" percent={f.cpuPercent} detail={`1分钟负载 ${s.loadAverage[0] ?? 0}，${s.cpuCount} 核`} />
            <Gauge title="内存" testId="monitor-memory" percent={f.memoryPercent} detail={`${((s.totalMemory - s.freeMemory) / 1024 ** 3).toFixed(2)} / ${(s.totalMemory / 1024 ** 3).toFixed(2)} GB`} />
            <Gauge title="堆内存" testId="monitor-heap" percent={f.heapPercent} detail={`${f.heapUsedMb} / ${(p.heapTotal / 1024 ** 2).toFixed(1)} MB`} />
          </Grid>
          <Grid min={200} style={{ marginBottom: 16 }}>
            <Panel testId="monitor-rate"><Figure title="近1分钟请求数" value={f.requestsPerMinute} suffix="次" /></Panel>
            <Panel testId="monitor-errors"><Figure title="错误请求数" value={f.errors} suffix={`/ ${info.httpTrace.length} 次`} color={f.errors > 0 ? '#cf1322' : undefined} /></Panel>
            <Panel testId="monitor-db"><Figure title="数据库大小" value={f.databaseMb} suffix="MB" /></Panel>
            <Panel testId="monitor-uptime"><Figure title="进程运行时长" value={p.uptimeSeconds} suffix="秒" /></Panel>
          </Grid>
          <Panel title="本次访问的走势" testId="monitor-chart">
            {chart ? (
              <Suspense fallback={<Note text="加载中…" height={HEIGHT} />}>
                <ChartView config={chart} height={HEIGHT} />
              </Suspense>
            ) : <Note text="加载中…" height={HEIGHT} />}
          </Panel>
        </>
      )}
    </div>
  );
}
