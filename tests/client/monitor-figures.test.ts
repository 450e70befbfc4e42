import { describe, expect, it } from 'vitest';
import { monitorFigures } from '../../src/client/pages/dashboard/monitorFigures';
import type { MonitorInfo } from '../../src/client/pages/monitor/useMonitorInfo';

const MB = 1024 * 1024;
const trace = (time: string, status: number, id: number) => ({ id, time, method: 'GET', uri: '/x', status, timeTaken: 3 });
const info: MonitorInfo = {
  time: '2026-11-26 10:00:30',
  server: { hostname: 'h', platform: 'Linux', cpuModel: 'c', cpuCount: 4, loadAverage: [1, 0.5, 0.2], totalMemory: 8000, freeMemory: 2000, uptimeSeconds: 10 },
  disks: [],
  process: { pid: 1, node: 'v22', uptimeSeconds: 5, rss: 0, heapTotal: 200 * MB, heapUsed: 50 * MB, external: 0, cpuUserMs: 0, cpuSystemMs: 0 },
  database: { dialect: 'sqlite', version: 'SQLite 3', sizeBytes: 3.25 * MB, tables: 10, roundTripMs: 1 },
  httpTrace: [trace('2026-11-26 10:00:29', 200, 4), trace('2026-11-26 10:00:00', 401, 3), trace('2026-11-26 09:59:31', 500, 2), trace('2026-11-26 09:59:30', 200, 1)],
  redis: { configured: false },
};

describe('monitor dashboard figures', () => {
  it('computes the gauges, the last minute of requests, the errors and the database size', () => {
    expect(monitorFigures(info)).toEqual({ cpuPercent: 25, memoryPercent: 75, heapPercent: 25, heapUsedMb: 50, requestsPerMinute: 3, errors: 2, databaseMb: 3.3 });
  });

  it('caps the CPU load at 100 % and answers 0 for an empty whole', () => {
    const busy = { ...info, server: { ...info.server, loadAverage: [9, 1, 1], totalMemory: 0 } };
    expect(monitorFigures(busy)).toMatchObject({ cpuPercent: 100, memoryPercent: 0 });
  });
});
