/**
 * The figures of the 监控 dashboard from one GET /sys/monitor/info answer: CPU load (1-minute
 * load over the CPU count, at most 100 %), memory and heap use in percent (one decimal), the
 * requests of the minute before the read and the error answers (status >= 400) kept in the
 * request ring buffer, and the database size in MB.
 */
import type { MonitorInfo } from '../monitor/useMonitorInfo';

export interface MonitorFigures {
  cpuPercent: number;
  memoryPercent: number;
  heapPercent: number;
  heapUsedMb: number;
  requestsPerMinute: number;
  errors: number;
  databaseMb: number;
}

const MB = 1024 * 1024;
const round1 = (x: number) => Math.round(x * 10) / 10;
const percent = (part: number, whole: number) => (whole > 0 ? round1(Math.min(100, Math.max(0, (part / whole) * 100))) : 0);
/** `YYYY-MM-DD HH:mm:ss` (the server's clock) -> milliseconds; both ends use the same clock. */
const stamp = (t: string) => Date.parse(t.replace(' ', 'T'));

export function monitorFigures(info: MonitorInfo): MonitorFigures {
  const now = stamp(info.time);
  const minuteAgo = now - 60_000;
  return {
    cpuPercent: percent(info.server.loadAverage[0] ?? 0, info.server.cpuCount),
    memoryPercent: percent(info.server.totalMemory - info.server.freeMemory, info.server.totalMemory),
    heapPercent: percent(info.process.heapUsed, info.process.heapTotal),
    heapUsedMb: round1(info.process.heapUsed / MB),
    requestsPerMinute: info.httpTrace.filter((r) => { const t = stamp(r.time); return t > minuteAgo && t <= now; }).length,
    errors: info.httpTrace.filter((r) => r.status >= 400).length,
    databaseMb: round1(info.database.sizeBytes / MB),
  };
}
