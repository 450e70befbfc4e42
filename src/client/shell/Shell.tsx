/**
 * The console shell:
 * - side menu (inline, collapsible 200/80 px, accordion, dark/light) or top menu (settings);
 *   on mobile (< 1088 px) the sidebar is closed and drawn as a 200 px left Drawer;
 * - header: trigger, UserMenu; fixed header option; hidden on scroll past 100 px when the
 *   header is fixed and 下滑时隐藏 Header is on;
 * - multi-tab strip (desktop + multipage), keep-alive content (PageView);
 * - breadcrumb (首页 + matched menu titles), page header with the page title;
 * - footer: copyright + ICP filing number from the global config;
 * - the settings drawer; the document title follows the active tab.
 * Side-menu entries switched off by the global config's appList are hidden (appFilter.ts).
 */
import { lazy, Suspense, useEffect, useMemo, useState, type CSSProperties } from 'react';
import { useHeaderHidden } from './useHeaderHidden';
import { App, Breadcrumb, Drawer, Layout } from 'antd';
import { MedicineBoxTwoTone, MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Link, useLocation } from 'react-router';
import { useAtomValue } from 'jotai';
import { appStore, globalConfigAtom, permissionListAtom } from '../state/atoms';
import type { MenuItem } from '../state/types';
import { loadGlobalConfig } from '../state/session';
import { useCan } from '../state/permissions';
import { settingsAtom, updateSettings } from '../state/settings';
import { loadUserPrefs } from '../state/userPrefs';
import { INDEX_KEY, INDEX_TITLE, openTab, rememberedTitle, setTabs, singlePage, tabsAtom } from '../state/tabs';
import { DEFAULT_TITLE, pageTitle, setDocumentTitle } from '../app/title';
import { FeedbackBridge } from './FeedbackBridge';
import { NOTIFICATION_TOP } from '../api/feedback';
import { HEADER_HEIGHT, SIDER_COLLAPSED_WIDTH, SIDER_WIDTH, TOP_MENU_HEIGHT } from '../app/layoutMetrics';
import { menuTrail } from './menu';
import { filterMenuByAppList } from './appFilter';
import { useDevice } from './device';
import { buildRouteIndex, type RouteIndex } from './routeInfo';
import { SideMenu } from './SideMenu';
import { UserMenu } from './UserMenu';
import { MultiTab } from './MultiTab';
import { PageView } from './PageView';
import { ForcedPasswordWatcher } from './lazyParts';
import { EngineWarmup } from './EngineWarmup';
// every page with dates lives in the shell: dayjs speaks Chinese before any of them renders
import '../app/dayjs';

// Not needed for the first paint: loaded when first opened, then kept mounted.
const SettingDrawer = lazy(() => import('./SettingDrawer').then((m) => ({ default: m.SettingDrawer })));

const { Sider, Header, Content, Footer } = Layout;

const DARK_BG = '#001529';

export default function Shell() {
  return (
    <App notification={{ top: NOTIFICATION_TOP }}>
      <FeedbackBridge />
      <EngineWarmup />
      <ShellLayout />
    </App>
  );
}

/** Logo + organisation name. The config's orgLogo is not requested here (the seeded
 * `/logo.svg` does not exist on the server); a built-in mark stands in. */
function Logo({ collapsed, dark }: { collapsed?: boolean; dark?: boolean }) {
  const cfg = useAtomValue(globalConfigAtom, { store: appStore });
  const title = cfg?.orgName || DEFAULT_TITLE;
  return (
    <Link
      to={INDEX_KEY}
      title={title}
      style={{
        height: HEADER_HEIGHT,
        display: 'flex',
        alignItems: 'center',
        justifyContent: collapsed ? 'center' : 'flex-start',
        gap: 8,
        padding: '0 12px',
        fontWeight: 600,
        fontSize: 15,
        color: dark ? '#fff' : undefined,
        overflow: 'hidden',
        flex: 'none',
        maxWidth: collapsed ? undefined : SIDER_WIDTH,
      }}
      data-testid="shell-logo"
    >
      <MedicineBoxTwoTone style={{ fontSize: 24, flex: 'none' }} />
      {/* the whole name in the sider's 200 px: one line for the default title, a longer name wraps to two */}
      {collapsed ? null : (
        <span
          data-testid="shell-logo-title"
          style={{ lineHeight: 1.25, whiteSpace: 'normal', wordBreak: 'break-all', display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
        >
          {title}
        </span>
      )}
    </Link>
  );
}

/**
 * Breadcrumb and page title, and the document title, from the active tab. The only part of the
 * shell's frame that follows the tabs: a tab opened by a navigation (an effect, after the page's
 * first render) re-renders this and the tab strip, not the header, the menu and the page.
 */
function PageHeading({ menu, index }: { menu: readonly MenuItem[]; index: RouteIndex }) {
  const tabs = useAtomValue(tabsAtom, { store: appStore });
  const location = useLocation();
  const fullPath = location.pathname + location.search + location.hash;
  const activeTitle = tabs.pages.find((p) => p.fullPath === fullPath)?.title;
  const pageName = activeTitle ?? index.lookup(location.pathname).title;
  useEffect(() => {
    if (activeTitle) setDocumentTitle(pageTitle(activeTitle));
  }, [activeTitle, fullPath]);

  const trail = useMemo(() => menuTrail(menu, location.pathname).filter((m) => m.path !== INDEX_KEY), [menu, location.pathname]);
  const crumbs = [
    { key: INDEX_KEY, title: <Link to={INDEX_KEY}>{INDEX_TITLE}</Link> },
    ...(location.pathname === INDEX_KEY
      ? []
      : trail.length > 0
        ? trail.map((m) => ({ key: m.path, title: <span>{m.meta?.title ?? m.name ?? m.path}</span> }))
        : [{ key: location.pathname, title: <span>{pageName}</span> }]),
  ];
  return (
    <div style={{ background: '#fff', padding: '12px 24px', marginBottom: 16 }} data-testid="page-header">
      <Breadcrumb items={crumbs} data-testid="breadcrumb" />
      <div style={{ fontSize: 20, fontWeight: 500, marginTop: 8, color: 'rgba(0,0,0,.85)' }} data-testid="page-title">
        {pageName}
      </div>
    </div>
  );
}

/**
 * Keeps the tab list on the route. Its own component, holding the shell's only read of the
 * location: a navigation renders it, the heading and the page, never the shell's frame (sider,
 * header, user menu, footer).
 */
function TabSync({ index, showTabs }: { index: RouteIndex; showTabs: boolean }) {
  const location = useLocation();
  const fullPath = location.pathname + location.search + location.hash;
  // One tab per fullPath (routes known to the shell; redirects are skipped). Keyed by the
  // location key too: a navigation superseded before it committed (close a tab, then reopen it
  // at once) leaves fullPath unchanged, and the reopened page must still get its tab back.
  useEffect(() => {
    const info = index.lookup(location.pathname);
    if (!info.known) return;
    const title = rememberedTitle(fullPath) ?? info.title;
    const page = { fullPath, path: location.pathname, title, keepAlive: info.keepAlive };
    const current = appStore.get(tabsAtom);
    setTabs(showTabs ? openTab(current, page) : singlePage(page));
  }, [location.key, fullPath, showTabs, index]);
  return null;
}

function ShellLayout() {
  const rawMenu = useAtomValue(permissionListAtom, { store: appStore });
  const cfg = useAtomValue(globalConfigAtom, { store: appStore });
  const settings = useAtomValue(settingsAtom, { store: appStore });
  const can = useCan();
  const device = useDevice();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [settingsMounted, setSettingsMounted] = useState(false);

  useEffect(() => {
    void loadGlobalConfig();
    void loadUserPrefs(); // 个性化 / 新消息通知 saved on the server follow the user to any browser
  }, []);

  const mobile = device === 'mobile';
  const menu = useMemo(() => filterMenuByAppList(rawMenu, cfg), [rawMenu, cfg]);
  const index = useMemo(() => buildRouteIndex(rawMenu, can), [rawMenu, can]);
  const showTabs = !mobile && settings.multipage;
  const topmenu = !mobile && settings.layout === 'topmenu';
  const dark = settings.navTheme === 'dark';
  const collapsed = !settings.sidebarOpen;
  const siderWidth = collapsed ? SIDER_COLLAPSED_WIDTH : SIDER_WIDTH;
  const fixedSider = !mobile && !topmenu && settings.fixSiderbar;
  const headerHidden = useHeaderHidden(settings.fixedHeader && settings.autoHideHeader);

  // Close the mobile drawer when leaving mobile.
  useEffect(() => {
    if (!mobile) setDrawerOpen(false);
  }, [mobile]);

  const toggle = () => (mobile ? setDrawerOpen((v) => !v) : updateSettings({ sidebarOpen: !settings.sidebarOpen }));
  const Trigger = (mobile ? !drawerOpen : collapsed) ? MenuUnfoldOutlined : MenuFoldOutlined;

  const headerBg = topmenu && dark ? DARK_BG : '#fff';
  // top-menu mode: the logo and the actions on the first row, the whole width of the second row
  // for the menu groups, so that none hides behind "···" at desktop widths
  const headerHeight = topmenu ? HEADER_HEIGHT + TOP_MENU_HEIGHT : HEADER_HEIGHT;
  const headerStyle: CSSProperties = {
    background: headerBg,
    padding: 0,
    height: headerHeight,
    lineHeight: `${HEADER_HEIGHT}px`,
    display: 'flex',
    flexWrap: topmenu ? 'wrap' : undefined,
    alignContent: topmenu ? 'flex-start' : undefined,
    alignItems: 'center',
    boxShadow: '0 1px 4px rgba(0,21,41,.08)',
    zIndex: 9,
    transition: 'transform .2s, width .2s',
    ...(settings.fixedHeader
      ? {
          position: 'fixed',
          top: 0,
          right: 0,
          width: topmenu || mobile ? '100%' : `calc(100% - ${siderWidth}px)`,
          transform: headerHidden ? `translateY(-${headerHeight}px)` : undefined,
        }
      : {}),
  };

  const sideMenu = (inDrawer: boolean) => (
    <>
      <Logo collapsed={!inDrawer && collapsed} dark={dark} />
      <SideMenu menu={menu} mode="inline" theme={settings.navTheme} collapsed={!inDrawer && collapsed} onPicked={inDrawer ? () => setDrawerOpen(false) : undefined} />
    </>
  );

  const fixedWidth = topmenu && settings.contentWidth === 'Fixed';

  return (
    <Layout
      style={{ minHeight: '100vh' }}
      data-testid="app-shell"
      data-device={device}
      data-layout={topmenu ? 'topmenu' : 'sidemenu'}
      data-theme={settings.navTheme}
    >
      {!mobile && !topmenu ? (
        <Sider
          theme={settings.navTheme}
          width={SIDER_WIDTH}
          collapsedWidth={SIDER_COLLAPSED_WIDTH}
          collapsible
          collapsed={collapsed}
          trigger={null}
          data-testid="side-bar"
          style={{
            boxShadow: '2px 0 6px rgba(0,21,41,.08)',
            zIndex: 10,
            ...(fixedSider ? { position: 'fixed', left: 0, top: 0, bottom: 0, height: '100vh', overflowY: 'auto' } : {}),
          }}
        >
          {sideMenu(false)}
        </Sider>
      ) : null}
      {mobile ? (
        <Drawer
          placement="left"
          width={SIDER_WIDTH}
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          closable={false}
          styles={{ body: { padding: 0, background: dark ? DARK_BG : '#fff' } }}
          rootClassName="shell-menu-drawer"
          data-testid="menu-drawer"
        >
          {sideMenu(true)}
        </Drawer>
      ) : null}
      <Layout style={{ marginLeft: fixedSider ? siderWidth : 0, transition: 'margin-left .2s' }}>
        <Header style={headerStyle} data-testid="global-header" data-hidden={headerHidden ? 'true' : 'false'}>
          {topmenu ? (
            <Logo dark={dark} />
          ) : (
            <a
              role="button"
              aria-label={(mobile ? drawerOpen : !collapsed) ? '收起菜单' : '展开菜单'}
              onClick={toggle}
              style={{ padding: '0 24px', fontSize: 18, color: 'rgba(0,0,0,.65)', display: 'inline-flex', alignItems: 'center', height: '100%' }}
              data-testid="sider-trigger"
            >
              <Trigger />
            </a>
          )}
          <div style={{ marginLeft: 'auto', height: topmenu ? HEADER_HEIGHT : '100%' }}>
            <UserMenu
              menu={menu}
              mobile={mobile}
              dark={topmenu && dark}
              onOpenSettings={() => {
                setSettingsMounted(true);
                setSettingsOpen(true);
              }}
            />
          </div>
          {topmenu ? (
            <div style={{ flexBasis: '100%', height: TOP_MENU_HEIGHT, lineHeight: `${TOP_MENU_HEIGHT}px`, display: 'flex', borderTop: '1px solid rgba(5,5,5,.06)' }}>
              <SideMenu menu={menu} mode="horizontal" theme={settings.navTheme} />
            </div>
          ) : null}
        </Header>
        {settings.fixedHeader ? <div style={{ height: headerHeight, flex: 'none' }} /> : null}
        {showTabs ? <MultiTab /> : null}
        <Content style={{ margin: '16px 16px 0' }}>
          <div style={fixedWidth ? { maxWidth: 1200, margin: '0 auto' } : undefined}>
            <PageHeading menu={rawMenu} index={index} />
            <PageView enabled={showTabs} keepAlive={(p) => index.lookup(p).keepAlive} />
          </div>
        </Content>
        <Footer style={{ textAlign: 'center', color: 'rgba(0,0,0,.45)' }} data-testid="global-footer">
          <div>
            Copyright © {new Date().getFullYear()} {cfg?.orgName || DEFAULT_TITLE}
          </div>
          {cfg?.icpNumber ? <div data-testid="footer-icp">{cfg.icpNumber}</div> : null}
        </Footer>
      </Layout>
      {settingsMounted ? (
        <Suspense fallback={null}>
          <SettingDrawer open={settingsOpen} onClose={() => setSettingsOpen(false)} />
        </Suspense>
      ) : null}
      <ForcedPasswordWatcher />
      {/* last: its effect runs after the page's, as it did in this component */}
      <TabSync index={index} showTabs={showTabs} />
    </Layout>
  );
}
