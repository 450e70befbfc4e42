/**
 * Plain console shell: Sider (200 / collapsed 80) with the server menu, a header with the
 * user's name and a logout link, the content outlet and a footer (copyright + ICP).
 * Later issues grow it (tabs, settings drawer, notices): keep the parts in separate files.
 */
import { useEffect, useMemo, useState } from 'react';
import { App, Layout, Menu } from 'antd';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useAtomValue } from 'jotai';
import { appStore, globalConfigAtom, permissionListAtom, userInfoAtom } from '../state/atoms';
import { loadGlobalConfig, logout } from '../state/session';
import { DEFAULT_TITLE } from '../app/title';
import { FeedbackBridge } from './FeedbackBridge';
import { ancestorKeys, findMenuItem, selectedMenuKey, toMenuItems } from './menu';

const { Sider, Header, Content, Footer } = Layout;

export const SIDER_WIDTH = 200;
export const SIDER_COLLAPSED_WIDTH = 80;

function prefetchEngine() {
  const run = () => void import('../engine/index').catch(() => undefined);
  const w = window as Window & { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number };
  if (w.requestIdleCallback) w.requestIdleCallback(run, { timeout: 3000 });
  else setTimeout(run, 1500);
}

export default function Shell() {
  return (
    <App>
      <FeedbackBridge />
      <ShellLayout />
    </App>
  );
}

function ShellLayout() {
  const menu = useAtomValue(permissionListAtom, { store: appStore });
  const user = useAtomValue(userInfoAtom, { store: appStore });
  const cfg = useAtomValue(globalConfigAtom, { store: appStore });
  const location = useLocation();
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const [collapsed, setCollapsed] = useState(false);

  useEffect(() => {
    void loadGlobalConfig();
    prefetchEngine();
  }, []);

  const items = useMemo(() => toMenuItems(menu), [menu]);
  const selected = selectedMenuKey(menu, location.pathname);
  const rootKeys = useMemo(() => menu.map((m) => m.path), [menu]);
  const [openKeys, setOpenKeys] = useState<string[]>(() => (selected ? ancestorKeys(menu, selected) ?? [] : []));
  useEffect(() => {
    if (!selected) return;
    const keys = ancestorKeys(menu, selected) ?? [];
    setOpenKeys((prev) => (keys.every((k) => prev.includes(k)) ? prev : keys));
  }, [selected, menu]);

  function onOpenChange(keys: string[]) {
    // root submenus behave as an accordion
    const latest = keys.find((k) => !openKeys.includes(k));
    if (latest && rootKeys.includes(latest)) setOpenKeys([latest]);
    else setOpenKeys(keys);
  }

  function onClick({ key }: { key: string }) {
    const item = findMenuItem(menu, key);
    const url = item?.meta?.url;
    if (item?.meta?.internalOrExternal && url) {
      window.open(url);
      return;
    }
    if (/^https?:/i.test(key)) {
      window.open(key);
      return;
    }
    navigate(key);
  }

  function confirmLogout() {
    modal.confirm({
      title: '提示',
      content: '真的要注销登录吗 ?',
      okText: '确定',
      cancelText: '取消',
      onOk: () => logout(),
    });
  }

  const title = cfg?.orgName || DEFAULT_TITLE;

  return (
    <Layout style={{ minHeight: '100vh' }} data-testid="app-shell">
      <Sider
        theme="light"
        width={SIDER_WIDTH}
        collapsedWidth={SIDER_COLLAPSED_WIDTH}
        collapsible
        collapsed={collapsed}
        onCollapse={setCollapsed}
        style={{ boxShadow: '2px 0 6px rgba(0,21,41,.08)', zIndex: 2 }}
      >
        <div
          style={{
            height: 64,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            padding: '0 12px',
            fontWeight: 600,
            fontSize: collapsed ? 14 : 16,
            color: '#1890FF',
            whiteSpace: 'nowrap',
            overflow: 'hidden',
          }}
          title={title}
        >
          {collapsed ? '医院' : title}
        </div>
        <Menu
          mode="inline"
          items={items}
          selectedKeys={selected ? [selected] : []}
          openKeys={collapsed ? undefined : openKeys}
          onOpenChange={onOpenChange}
          onClick={onClick}
          data-testid="side-menu"
        />
      </Sider>
      <Layout>
        <Header
          style={{
            background: '#fff',
            padding: '0 24px',
            display: 'flex',
            justifyContent: 'flex-end',
            alignItems: 'center',
            gap: 24,
            boxShadow: '0 1px 4px rgba(0,21,41,.08)',
          }}
        >
          <span data-testid="header-user">{user?.realname || user?.username || ''}</span>
          <a onClick={confirmLogout} data-testid="header-logout" role="button">
            退出登录
          </a>
        </Header>
        <Content style={{ margin: 24 }}>
          <Outlet />
        </Content>
        <Footer style={{ textAlign: 'center', color: 'rgba(0,0,0,.45)' }}>
          <div>
            Copyright © {new Date().getFullYear()} {cfg?.orgName || DEFAULT_TITLE}
          </div>
          {cfg?.icpNumber ? <div data-testid="footer-icp">{cfg.icpNumber}</div> : null}
        </Footer>
      </Layout>
    </Layout>
  );
}
