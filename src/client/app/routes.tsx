/**
 * Route table: public routes, the guarded shell with static + dynamic (menu) routes.
 * Dynamic routes are flattened to absolute paths under the shell; container items
 * (layouts with children, redirects) become redirects to their target.
 */
import { lazy, Suspense, useEffect, useState, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import type { MenuItem } from '../state/types';
import { pageRegistry, type PageProps } from '../pages/registry';
import NotInRegistry from '../pages/common/NotInRegistry';
import { containerTarget, flattenRoutes, menuToRoutes, type RouteDescriptor } from './menuRoutes';
import { LoginGate, RequireAuth } from './guard';
import { IframePage } from './IframePage';
import { PageLoading } from './PageLoading';
import { Titled } from './title-component';
import { CHART_PATH, CHART_TITLE, TASK_PATH, TASK_TITLE, HOME_PATH, HOME_TITLE, MONITOR_PATH, MONITOR_TITLE, WORKPLACE_PATH, WORKPLACE_TITLE, DASHBOARD_MONITOR_PATH, DASHBOARD_MONITOR_TITLE } from './paths';
import { loadedEngine, loadedLogin, loadedShell, loadedUserLayout, loadEngine, loadLogin, loadShell, loadUserLayout } from './loaders';

const Register = lazy(() => import('../pages/user/Register'));
const RegisterResult = lazy(() => import('../pages/user/RegisterResult'));
const Alteration = lazy(() => import('../pages/user/Alteration'));
const PublicPage = lazy(() => import('../pages/public'));
/*
 * The shell, the engine page, the login page and the /user layout do not suspend while their
 * chunks load: they show the loading page from state and render once the chunk is there. A lazy() suspends on its first render,
 * and the render retrying it is a "retry" in React 18, whose commit waits up to 500 ms after
 * the last fallback shown when anything new in it suspends (the first rows waited ~300 ms).
 */
function useChunk<C>(loaded: () => C | undefined, load: () => Promise<unknown>): C | undefined {
  const [chunk, setChunk] = useState<{ c?: C; error?: unknown }>(() => ({ c: loaded() }));
  useEffect(() => {
    if (chunk.c) return undefined;
    let live = true;
    load().then(
      () => live && setChunk({ c: loaded() }),
      (error: unknown) => live && setChunk({ error }),
    );
    return () => {
      live = false;
    };
  }, []);
  // a chunk that failed to load is an error for the error boundary, as a lazy() one was
  if (chunk.error) throw chunk.error;
  return chunk.c;
}

/** A component of a chunk's default export that shows the loading page until the chunk is there. */
function chunkPage<P extends object>(loaded: () => ComponentType<P> | undefined, load: () => Promise<unknown>): ComponentType<P> {
  return function ChunkPage(props: P) {
    const Loaded = useChunk(loaded, load);
    return Loaded ? <Loaded {...props} /> : <PageLoading />;
  };
}

const Shell = chunkPage(() => loadedShell()?.default, loadShell);
const UserLayout = chunkPage(() => loadedUserLayout()?.default, loadUserLayout);
const Login = chunkPage(() => loadedLogin()?.default, loadLogin);
const ResourcePage = chunkPage<{ resource: string }>(() => loadedEngine()?.default, loadEngine);

const lazyPages = new Map<string, LazyExoticComponent<ComponentType<PageProps>>>();
function lazyPage(key: string): LazyExoticComponent<ComponentType<PageProps>> | undefined {
  const loader = pageRegistry[key];
  if (!loader) return undefined;
  let c = lazyPages.get(key);
  if (!c) {
    c = lazy(loader);
    lazyPages.set(key, c);
  }
  return c;
}

function suspended(node: ReactNode, title?: string) {
  return (
    <Titled title={title}>
      <Suspense fallback={<PageLoading />}>{node}</Suspense>
    </Titled>
  );
}

/** The element of one descriptor. */
export function routeElement(r: RouteDescriptor): ReactNode {
  const target = containerTarget(r);
  if (target) return <Navigate to={target} replace />;
  const c = r.component;
  switch (c.kind) {
    case 'resource':
      return suspended(<ResourcePage key={r.path} resource={c.resource} />, r.title);
    case 'page': {
      const Page = lazyPage(c.key);
      return Page ? suspended(<Page key={r.path} title={r.title} meta={r.meta} path={r.path} />, r.title) : null;
    }
    case 'layout':
      if (c.name === 'IframePageView') {
        return suspended(<IframePage url={r.meta.url} external={r.meta.internalOrExternal === true} />, r.title);
      }
      return suspended(<NotInRegistry component={`layouts/${c.name}`} title={r.title} />, r.title);
    case 'missing':
      return suspended(<NotInRegistry component={c.component} title={r.title} />, r.title);
    default:
      return suspended(<NotInRegistry component="" title={r.title} />, r.title);
  }
}

/** Static routes inside the shell, added when the menu does not route the same path. */
function staticShellRoutes(): Array<{ path: string; element: ReactNode }> {
  const page = (key: string, title: string, path: string) => {
    const Page = lazyPage(key)!;
    return suspended(<Page title={title} path={path} />, title);
  };
  return [
    { path: HOME_PATH, element: page('dashboard/Analysis', HOME_TITLE, HOME_PATH) },
    { path: WORKPLACE_PATH, element: page('dashboard/Workplace', WORKPLACE_TITLE, WORKPLACE_PATH) },
    { path: '/isps/userAnnouncement', element: page('system/UserAnnouncementList', '我的消息', '/isps/userAnnouncement') },
    { path: '/account/center', element: page('account/center/Index', '个人中心', '/account/center') },
    ...['base', 'security', 'binding', 'custom', 'notification'].map((k) => ({
      path: `/account/settings/${k}`,
      element: page('account/settings/Index', '账户设置', `/account/settings/${k}`),
    })),
    { path: MONITOR_PATH, element: page('monitor/SystemMonitor', MONITOR_TITLE, MONITOR_PATH) },
    { path: '/homeDecoration/create', element: page('decoration/Editor', '首页装修', '/homeDecoration/create') },
    { path: '/homeDecoration/preview', element: page('decoration/Editor', '装修预览', '/homeDecoration/preview') },
    { path: CHART_PATH, element: page('dashboard/Chart', CHART_TITLE, CHART_PATH) },
    { path: TASK_PATH, element: page('dashboard/Task', TASK_TITLE, TASK_PATH) },
    { path: DASHBOARD_MONITOR_PATH, element: page('dashboard/Monitor', DASHBOARD_MONITOR_TITLE, DASHBOARD_MONITOR_PATH) },
    { path: '/exception/403', element: page('exception/403', '403', '/exception/403') },
    { path: '/exception/404', element: page('exception/404', '404', '/exception/404') },
    { path: '/exception/500', element: page('exception/500', '500', '/exception/500') },
    { path: '/404', element: <Navigate to={HOME_PATH} replace /> },
  ];
}

export function buildShellChildren(menu: readonly MenuItem[], can: (code: string) => boolean): RouteObject[] {
  const seen = new Set<string>();
  const children: RouteObject[] = [{ index: true, element: <Navigate to={HOME_PATH} replace /> }];
  for (const r of flattenRoutes(menuToRoutes(menu, { can }))) {
    if (!r.path || /^https?:/i.test(r.path) || seen.has(r.path) || r.path === '/') continue;
    seen.add(r.path);
    children.push({ path: r.path, element: routeElement(r) });
  }
  for (const s of staticShellRoutes()) {
    if (seen.has(s.path)) continue;
    seen.add(s.path);
    children.push(s);
  }
  children.push({ path: '*', element: <Navigate to={HOME_PATH} replace /> });
  return children;
}

export function buildRoutes(menu: readonly MenuItem[], can: (code: string) => boolean): RouteObject[] {
  return [
    {
      path: '/user',
      element: (
        <UserLayout />
      ),
      children: [
        { index: true, element: <Navigate to="/user/login" replace /> },
        {
          path: 'login',
          element: (
            <LoginGate>
              <Titled title="登录">
                <Login />
              </Titled>
            </LoginGate>
          ),
        },
        { path: 'register', element: suspended(<Register />, '注册') },
        { path: 'register-result', element: suspended(<RegisterResult />, '注册结果') },
        { path: 'alteration', element: suspended(<Alteration />, '找回密码') },
      ],
    },
    // public pages (no login): they read only what a schema declares `publicRead`
    { path: '/OrderTreatProcess', element: suspended(<PublicPage page="orderTreatProcess" />, '就诊流程') },
    { path: '/orderTreatProcess', element: suspended(<PublicPage page="orderTreatProcess" />, '就诊流程') },
    { path: '/download', element: suspended(<PublicPage page="download" />, '下载') },
    { path: '/download/file', element: suspended(<PublicPage page="downloadFile" />, '文件下载') },
    { path: '/agreement', element: suspended(<PublicPage page="agreement" />, '协议') },
    { path: '/test/home', element: suspended(<PublicPage page="testHome" />, '首页') },
    {
      path: '/',
      element: (
        <RequireAuth>
          <Suspense fallback={<PageLoading />}>
            <Shell />
          </Suspense>
        </RequireAuth>
      ),
      children: buildShellChildren(menu, can),
    },
  ];
}
