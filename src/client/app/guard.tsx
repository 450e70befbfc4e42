/**
 * Route guard:
 * - no token + non-public path -> /user/login?redirect=<full target>
 * - token + /user/login -> /dashboard/workplace (工作台)
 * - token + empty permission list -> fetch it (routes are rebuilt from the atom), then go to
 *   the redirect query or stay on the original path
 * - fetch failure -> logout, then login with the redirect
 * While the permission list loads, the shell chunk loads alongside; once the menu is known,
 * the engine and the schema of the module at the path are requested side by side
 * (app/loaders.ts).
 */
import { useEffect, useMemo, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useAtomValue } from 'jotai';
import { appStore, permissionListAtom, tokenAtom } from '../state/atoms';
import { fetchPermissions, logout } from '../state/session';
import { getToken } from '../state/storage';
import { can } from '../state/permissions';
import { loginRedirect, WORKPLACE_PATH } from './paths';
import { PageLoading } from './PageLoading';
import { menuResources, prefetchResources, prefetchShell } from './loaders';

/** The permission fetch under way, or failed and not yet handled by the guard (it logs out). */
let inflight: Promise<unknown> | null = null;
/**
 * Start-up asked the permission list before the first render, and the guard has not yet
 * followed its redirect query. The answer can arrive before that render (the render waits
 * for a chunk), so the guard then sees a full list and must still follow the query.
 */
let startupOwed = false;

function fetchOnce(): Promise<unknown> {
  if (!inflight) {
    const p: Promise<unknown> = fetchPermissions().then((menu) => {
      if (inflight === p) inflight = null;
      return menu;
    });
    inflight = p;
  }
  return inflight;
}

/**
 * Start-up with a stored token: the permission list is asked before the first render (the
 * guard takes the same request, and handles its failure), not after it.
 */
export function startPermissionFetch(): void {
  startupOwed = true;
  fetchOnce().catch(() => undefined);
}

export function RequireAuth({ children }: { children: ReactNode }) {
  const token = useAtomValue(tokenAtom, { store: appStore });
  const menu = useAtomValue(permissionListAtom, { store: appStore });
  const location = useLocation();
  const navigate = useNavigate();
  const fullPath = location.pathname + location.search + location.hash;
  const needFetch = !!token && menu.length === 0;

  // The page's own chunks, without waiting for the shell to render it.
  useEffect(() => {
    if (!token || menu.length === 0) return;
    const here = menuResources(menu, can, location.pathname);
    if (here.length) prefetchResources(here);
  }, [menu]);

  useEffect(() => {
    if (!needFetch && !startupOwed) return;
    if (needFetch) prefetchShell();
    let live = true;
    const target = fullPath;
    const redirect = new URLSearchParams(location.search).get('redirect');
    // a list already there came from start-up's request: nothing more to ask. That request
    // may also have answered between this render (no list yet) and this effect: ask only if
    // the list is still empty now, or the same list is fetched a second time
    const ask = needFetch && appStore.get(permissionListAtom).length === 0;
    (ask ? fetchOnce() : Promise.resolve()).then(
      () => {
        if (!live) return;
        startupOwed = false;
        if (redirect && redirect.startsWith('/') && redirect !== location.pathname) {
          navigate(redirect, { replace: true });
        }
      },
      async () => {
        inflight = null;
        startupOwed = false;
        await logout({ navigate: false });
        if (live) navigate(loginRedirect(target), { replace: true });
      },
    );
    return () => {
      live = false;
    };
  }, [needFetch]);

  if (!token) return <Navigate to={loginRedirect(fullPath)} replace />;
  if (needFetch) return <PageLoading />;
  return <>{children}</>;
}

/** Login page gate: with a token go to the workplace. Checked per navigation, not per atom
 * change, so the login page's own navigation after a successful login wins. */
export function LoginGate({ children }: { children: ReactNode }) {
  const location = useLocation();
  const token = useMemo(() => getToken(), [location.key]);
  if (token) return <Navigate to={WORKPLACE_PATH} replace />;
  return <>{children}</>;
}
