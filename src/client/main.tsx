/**
 * Console entry: providers (antd zh_CN / #1890FF / no auto-inserted space, jotai), the router
 * and the route table (dayjs zh-cn comes with the shell chunk, app/dayjs.ts). antd <App> (context message/notification/modal) wraps the
 * shell (shell/Shell.tsx), not the login route, to keep rc-dialog out of the login bundle.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { Providers } from './app/Providers';
import { AppRoutes } from './app/AppRoutes';
import { loadGlobalConfig } from './state/session';
import { applyTenantFromUrl } from './state/tenant';
import { getToken } from './state/storage';
import { startPermissionFetch } from './app/guard';
import { loadLogin, loadUserLayout } from './app/loaders';

applyTenantFromUrl(window.location.search);
void loadGlobalConfig();

function render(): void {
  const el = document.getElementById('root');
  if (!el) return;
  createRoot(el).render(
    <StrictMode>
      <Providers>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </Providers>
    </StrictMode>,
  );
}

// logged in: the permission list, and on a module's address its schema and first rows, are
// fetched from the start. The first render waits for the early-start chunk (preloaded by
// index.html, so a few ms): React's first render task (~100 ms) otherwise ran before it and
// held the list call back; the guard shows nothing before the permission answer anyway.
if (getToken() && !window.location.pathname.startsWith('/user/')) {
  startPermissionFetch();
  const { pathname, search } = window.location;
  void import('./app/earlyStart').then((m) => m.startModuleAt(pathname, search), () => undefined).finally(render);
} else {
  // without a token a page other than the public ones is the login form (the guard sends it
  // there): its chunks are preloaded by index.html, and the first render waits the few ms their
  // import takes, so it draws the form itself instead of a loading page and a second render
  // (~100 ms later)
  const user = window.location.pathname.startsWith('/user/');
  const login = !user || /^\/user\/login\/?$/.test(window.location.pathname);
  void Promise.all([loadUserLayout(), login ? loadLogin() : undefined]).catch(() => undefined).finally(render);
}
