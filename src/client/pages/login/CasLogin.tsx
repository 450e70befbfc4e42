/**
 * CAS single sign-on: without a ticket the page goes to `<CAS>/login?service=<this page>`; back
 * with `?ticket=` it validates the ticket (GET /cas/client/validateLogin {ticket, service}, the
 * service being this page's address without the ticket, as CAS issued it) and logs in.
 * A refused ticket is shown with a button to go to CAS again (no redirect loop).
 */
import { useEffect, useRef, useState } from 'react';
import { Button } from 'antd';
import { casLogin, casLogoutPending } from '../../state/session';
import { useAfterLogin } from './afterLogin';

/** This page's address without the ticket: the service CAS returns to. */
export function serviceUrl(href: string): string {
  const u = new URL(href);
  u.searchParams.delete('ticket');
  u.hash = '';
  return u.toString();
}

export default function CasLogin({ casServerUrl }: { casServerUrl: string }) {
  const [error, setError] = useState<string | null>(null);
  const done = useAfterLogin();
  const started = useRef(false);
  const toCas = () => window.location.assign(`${casServerUrl.replace(/\/+$/, '')}/login?service=${encodeURIComponent(serviceUrl(window.location.href))}`);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const ticket = new URL(window.location.href).searchParams.get('ticket');
    // 退出登录 is taking the browser to CAS's logout, which comes back here when done
    if (!ticket && casLogoutPending()) return;
    if (!ticket) return toCas();
    casLogin(ticket, serviceUrl(window.location.href)).then(done, (e: Error) => setError(e.message || '登录失败'));
  }, []);

  return (
    <div style={{ textAlign: 'center', padding: 24 }} data-testid="cas-login">
      {error ? (
        <>
          <p style={{ color: '#ff4d4f' }}>{error}</p>
          <Button type="primary" onClick={toCas}>
            重新登录
          </Button>
        </>
      ) : (
        <p>正在通过统一认证中心登录…</p>
      )}
    </div>
  );
}
