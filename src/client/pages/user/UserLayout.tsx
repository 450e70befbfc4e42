/**
 * Login layout: organisation name / logo and ICP number from the global config;
 * `服务器连接失败!` when the global config call failed.
 */
import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { useAtomValue } from 'jotai';
import { appStore, globalConfigAtom } from '../../state/atoms';
import { loadGlobalConfig } from '../../state/session';
import { getFileAccessHttpUrl } from '../../api/config';
import { DEFAULT_TITLE } from '../../app/title';

export default function UserLayout() {
  const cfg = useAtomValue(globalConfigAtom, { store: appStore });
  useEffect(() => {
    void loadGlobalConfig();
  }, []);
  return (
    <div
      style={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        background: '#f0f2f5',
      }}
    >
      <div style={{ flex: 1, padding: '80px 16px 24px' }}>
        <div style={{ textAlign: 'center', marginBottom: 40 }}>
          <div style={{ display: 'inline-flex', alignItems: 'center', gap: 12 }}>
            {cfg?.orgLogo ? <img src={getFileAccessHttpUrl(cfg.orgLogo)} alt="" style={{ height: 44 }} /> : null}
            <span style={{ fontSize: 30, fontWeight: 600, color: 'rgba(0,0,0,.85)' }} data-testid="login-org-name">
              {cfg?.orgName || DEFAULT_TITLE}
            </span>
          </div>
          {cfg === null ? (
            <div style={{ marginTop: 12, color: '#ff4d4f' }} data-testid="login-config-error">
              服务器连接失败!
            </div>
          ) : null}
        </div>
        <div style={{ width: 368, maxWidth: '100%', margin: '0 auto' }}>
          <Outlet />
        </div>
      </div>
      <footer style={{ textAlign: 'center', padding: '24px 16px', color: 'rgba(0,0,0,.45)' }}>
        {cfg?.icpNumber ? <span data-testid="login-icp">{cfg.icpNumber}</span> : null}
      </footer>
    </div>
  );
}
