/**
 * The live read of GET /sys/monitor/info shared by 系统监控 and the 监控 dashboard: one read at
 * mount, then one every REFRESH_MS while not paused (a read still under way is not doubled). A
 * refused or failed read pauses the refresh (it is not retried every 3 s); a 403 is reported as
 * `forbidden` so a page may show the 403 page.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { http, RequestError, type Envelope } from '../../api/index';

export const REFRESH_MS = 3000;

export interface TraceEntry { id: number; time: string; method: string; uri: string; status: number; timeTaken: number }
export interface MonitorInfo {
  time: string;
  server: { hostname: string; platform: string; cpuModel: string; cpuCount: number; loadAverage: number[]; totalMemory: number; freeMemory: number; uptimeSeconds: number };
  disks: Array<{ name: string; path: string; total: number; free: number; used: number; usedPercent: number }>;
  process: { pid: number; node: string; uptimeSeconds: number; rss: number; heapTotal: number; heapUsed: number; external: number; cpuUserMs: number; cpuSystemMs: number };
  database: { dialect: string; version: string; sizeBytes: number; tables: number; roundTripMs: number };
  httpTrace: TraceEntry[];
  redis: { configured: boolean };
}

export interface MonitorState {
  info: MonitorInfo | null;
  error: string | null;
  /** The server refused the caller (403). */
  forbidden: boolean;
  paused: boolean;
  setPaused: (next: boolean | ((was: boolean) => boolean)) => void;
  /** Read once now. */
  load: () => Promise<void>;
}

export function useMonitorInfo(): MonitorState {
  const [info, setInfo] = useState<MonitorInfo | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [forbidden, setForbidden] = useState(false);
  const [paused, setPaused] = useState(false);
  const busy = useRef(false);

  const load = useCallback(async () => {
    if (busy.current) return;
    busy.current = true;
    try {
      const e: Envelope<MonitorInfo> = await http.get<MonitorInfo>('/sys/monitor/info');
      if (e.success) {
        setInfo(e.result);
        setError(null);
      } else setError(e.message);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
      if (err instanceof RequestError && err.status === 403) setForbidden(true);
      setPaused(true);
    } finally {
      busy.current = false;
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);
  useEffect(() => {
    if (paused) return undefined;
    const timer = setInterval(() => void load(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [paused, load]);

  return { info, error, forbidden, paused, setPaused, load };
}
