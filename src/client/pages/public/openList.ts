/**
 * Reads a public list (GET <api>/open/<resource>/list, schema word `publicRead`): no token, no
 * sign. The tenant is the page's `?tenantId=`, else the server's default (the platform).
 */
import { useEffect, useState } from 'react';
import { API_BASE } from '../../api';

export type OpenRecord = Record<string, unknown>;

export interface OpenList {
  records: OpenRecord[];
  loading: boolean;
  error?: string;
}

export function openListUrl(resource: string, search: string): string {
  const tenantId = new URLSearchParams(search).get('tenantId');
  const qs = tenantId && /^\d{1,12}$/.test(tenantId) ? `?tenantId=${tenantId}` : '';
  return `${API_BASE}/open/${encodeURIComponent(resource)}/list${qs}`;
}

export function useOpenList(resource: string, search: string): OpenList {
  const [state, setState] = useState<OpenList>({ records: [], loading: true });
  useEffect(() => {
    const ctl = new AbortController();
    setState({ records: [], loading: true });
    fetch(openListUrl(resource, search), { signal: ctl.signal })
      .then(async (res) => {
        const body = (await res.json()) as { success: boolean; message: string; result: { records: OpenRecord[] } | null };
        if (!body.success || !body.result) setState({ records: [], loading: false, error: body.message || '加载失败' });
        else setState({ records: body.result.records, loading: false });
      })
      .catch((e: unknown) => {
        if (!ctl.signal.aborted) setState({ records: [], loading: false, error: e instanceof Error ? e.message : '加载失败' });
      });
    return () => ctl.abort();
  }, [resource, search]);
  return state;
}

export const text = (v: unknown): string => (v === undefined || v === null || v === '' ? '-' : String(v));
