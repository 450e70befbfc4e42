/**
 * 工作台 (/dashboard/workplace): a greeting by the time of day, the caller's pending work (each
 * item opens its list filtered to those rows, e.g. /app/consultOrder?status=2), the caller's
 * recent operations from the operation log and quick links — from GET /dashboard/workplace,
 * which shows only what the caller may act on or open. Plain panels (./parts) like the home page.
 */
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useAtomValue } from 'jotai';
import { appStore, userInfoAtom } from '../../state/atoms';
import { timeFix } from '../../state/greeting';
import type { PageProps } from '../registry';
import { fetchWorkplace, type WorkplaceData } from './api';
import { ErrorLine, Figure, Grid, MUTED, Note, Panel } from './parts';

export default function Workplace(_props: PageProps) {
  const user = useAtomValue(userInfoAtom, { store: appStore });
  const [data, setData] = useState<WorkplaceData | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const ac = new AbortController();
    fetchWorkplace(ac.signal)
      .then((d) => setData(d))
      .catch((e: unknown) => {
        if (!ac.signal.aborted) setError(e instanceof Error ? e.message : String(e));
      });
    return () => ac.abort();
  }, []);

  const loading = <Note text="加载中…" />;
  return (
    <div data-testid="dashboard-workplace">
      <Panel style={{ marginBottom: 16 }}>
        <h2 style={{ margin: 0 }} data-testid="workplace-greeting">
          {timeFix()}，{user?.realname || user?.username || ''}，祝你开心每一天！
        </h2>
        <p style={{ ...MUTED, margin: '8px 0 0' }}>欢迎使用互联网医院后台管理</p>
      </Panel>
      <ErrorLine message={error} />
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 16, alignItems: 'flex-start' }}>
        <div style={{ flex: '2 1 480px', minWidth: 0 }}>
          <Panel title="我的待办" style={{ marginBottom: 16 }} testId="workplace-pending">
            {!data ? (
              loading
            ) : data.pending.length === 0 ? (
              <Note text="暂无待办" />
            ) : (
              <Grid min={150}>
                {data.pending.map((p) => (
                  <Link key={`${p.resource}:${p.path}`} to={p.path} data-testid={`pending-${p.resource}`} style={{ display: 'block', border: '1px solid #f0f0f0', borderRadius: 8, padding: 12 }}>
                    <Figure title={p.title} value={p.count} color={p.count > 0 ? '#fa541c' : undefined} />
                  </Link>
                ))}
              </Grid>
            )}
          </Panel>
          <Panel title="最近动态" testId="workplace-activity">
            {!data ? (
              loading
            ) : data.activity.length === 0 ? (
              <Note text="暂无动态" />
            ) : (
              <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                {data.activity.map((a, i) => (
                  <li key={i} style={{ display: 'flex', justifyContent: 'space-between', gap: 16, padding: '8px 0', borderBottom: '1px solid #f0f0f0' }}>
                    <span>{a.text}</span>
                    <span style={MUTED}>{a.time}</span>
                  </li>
                ))}
              </ul>
            )}
          </Panel>
        </div>
        <Panel title="快捷入口" testId="workplace-links" style={{ flex: '1 1 280px' }}>
          {!data ? (
            loading
          ) : data.links.length === 0 ? (
            <Note text="暂无入口" />
          ) : (
            <Grid min={110} gap={8}>
              {data.links.map((l) => (
                <Link key={l.resource} to={l.path} style={{ display: 'block', padding: '6px 8px' }}>
                  {l.title}
                </Link>
              ))}
            </Grid>
          )}
        </Panel>
      </div>
    </div>
  );
}
