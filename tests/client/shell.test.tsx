// @vitest-environment happy-dom
/**
 * Shell rules: tab reducer (home / last protections, context-menu keys, keepAlive
 * bookkeeping, persistence), settings (vue-ls format, defaults, dependencies),
 * appList filtering of the side menu, device breakpoints, menu search helpers, and a
 * keep-alive render check of PageView.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router';
import {
  cachedKeys,
  closeLeft,
  closeOthers,
  closeRight,
  closeTab,
  EMPTY_TABS,
  INDEX_KEY,
  loadTabs,
  MSG_HOME_NOT_CLOSABLE,
  MSG_LAST_PAGE,
  openTab,
  rememberedTitle,
  saveTabs,
  setTabs,
  setTabTitle,
  singlePage,
  TAB_MENU,
  tabMenuAction,
  tabsAtom,
  TABS_SESSION_KEY,
  updateTabTitle,
  type TabPage,
  type TabsState,
} from '../../src/client/state/tabs';
import {
  applyColorWeak,
  applySettingsChange,
  DEFAULT_SETTINGS,
  readSettings,
  settingsAtom,
  THEME_COLORS,
  themeOf,
  updateSettings,
} from '../../src/client/state/settings';
import { appStore } from '../../src/client/state/atoms';
import { filterMenuByAppList, switchOn } from '../../src/client/shell/appFilter';
import { deviceForWidth, deviceFrom, MOBILE_QUERIES } from '../../src/client/shell/device';
import { matchesTitle, menuTrail, menuUrl, searchOptions, toMenuItems, withOpenChildrenOnly } from '../../src/client/shell/menu';
import { menuAction } from '../../src/client/shell/SideMenu';
import { THEME } from '../../src/client/app/themes';
import { buildRouteIndex } from '../../src/client/shell/routeInfo';
import { PageView } from '../../src/client/shell/PageView';
import type { MenuItem } from '../../src/client/state/types';

const page = (fullPath: string, extra: Partial<TabPage> = {}): TabPage => ({
  fullPath,
  path: fullPath.split('?')[0]!,
  title: fullPath,
  ...extra,
});

function stateOf(...paths: string[]): TabsState {
  let s = EMPTY_TABS;
  for (const p of paths) s = openTab(s, page(p));
  return s;
}
const keys = (s: TabsState) => s.pages.map((p) => p.fullPath);

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => cleanup());

describe('tab reducer', () => {
  it('home is always first; one tab per fullPath; an existing tab keeps its title', () => {
    let s = openTab({ pages: [], active: '' }, page('/a'));
    expect(keys(s)).toEqual([INDEX_KEY, '/a']);
    expect(s.pages[0]!.title).toBe('首页');
    s = openTab(s, page('/a?x=1'));
    expect(keys(s)).toEqual([INDEX_KEY, '/a', '/a?x=1']);
    s = setTabTitle(s, '/a', '自定义');
    s = openTab(s, page('/a', { title: '菜单标题' }));
    expect(keys(s)).toEqual([INDEX_KEY, '/a', '/a?x=1']);
    expect(s.pages[1]!.title).toBe('自定义');
    expect(s.active).toBe('/a');
  });

  it('closing home warns 首页不能关闭!; closing the lone last tab warns 这是最后一页，不能再关闭了啦', () => {
    const s = stateOf('/a');
    expect(closeTab(s, INDEX_KEY)).toEqual({ state: s, warning: MSG_HOME_NOT_CLOSABLE });
    expect(MSG_HOME_NOT_CLOSABLE).toBe('首页不能关闭!');
    expect(closeTab(EMPTY_TABS, INDEX_KEY)).toEqual({ state: EMPTY_TABS, warning: MSG_LAST_PAGE });
    expect(closeTab({ pages: [page('/x')], active: '/x' }, '/x').warning).toBe('这是最后一页，不能再关闭了啦');
  });

  it('after a close the tab at the same index (or the last) becomes active', () => {
    const s = { ...stateOf('/a', '/b', '/c'), active: '/b' };
    const r1 = closeTab(s, '/b');
    expect(r1.warning).toBeUndefined();
    expect(keys(r1.state)).toEqual([INDEX_KEY, '/a', '/c']);
    expect(r1.state.active).toBe('/c');
    const r2 = closeTab({ ...s, active: '/c' }, '/c');
    expect(r2.state.active).toBe('/b');
    // closing an inactive tab keeps the active one
    expect(closeTab({ ...s, active: '/a' }, '/c').state.active).toBe('/a');
  });

  it('context menu: 1 close left, 2 close right, 3 close others (home + clicked), 4 refresh', () => {
    const s = { ...stateOf('/a', '/b', '/c', '/d'), active: '/a' };
    expect(TAB_MENU).toEqual({ closeLeft: '1', closeRight: '2', closeOthers: '3', refresh: '4' });
    const left = tabMenuAction(s, '1', '/c');
    expect(keys(left)).toEqual([INDEX_KEY, '/c', '/d']);
    expect(left.active).toBe('/c');
    expect(closeLeft(s, INDEX_KEY)).toBe(s);
    const right = tabMenuAction({ ...s, active: '/d' }, '2', '/b');
    expect(keys(right)).toEqual([INDEX_KEY, '/a', '/b']);
    expect(right.active).toBe('/b');
    expect(keys(closeRight(s, INDEX_KEY))).toEqual([INDEX_KEY]);
    const others = tabMenuAction(s, '3', '/c');
    expect(keys(others)).toEqual([INDEX_KEY, '/c']);
    expect(others.active).toBe('/c');
    expect(keys(closeOthers(s, INDEX_KEY))).toEqual([INDEX_KEY]);
    const refreshed = tabMenuAction(s, '4', '/b');
    expect(refreshed.pages.find((p) => p.fullPath === '/b')!.refresh).toBe(1);
    expect(refreshed.active).toBe('/b');
    expect(tabMenuAction(s, '9', '/b')).toBe(s);
  });

  it('keepAlive bookkeeping: open keepAlive tabs are cached; closing drops them', () => {
    let s = openTab(EMPTY_TABS, page('/k', { keepAlive: true }));
    s = openTab(s, page('/n'));
    s = openTab(s, page('/k2', { keepAlive: true }));
    expect(cachedKeys(s)).toEqual(['/k', '/k2']);
    s = closeTab(s, '/k').state;
    expect(cachedKeys(s)).toEqual(['/k2']);
    s = closeOthers(s, '/n');
    expect(cachedKeys(s)).toEqual([]);
  });

  it('single-page mode keeps only home + the current route', () => {
    expect(keys(singlePage(page('/z')))).toEqual([INDEX_KEY, '/z']);
  });

  it('persists the open tabs in sessionStorage; titles in pro__route:title:<fullPath>', () => {
    const s = { ...stateOf('/a', '/b?q=1'), active: '/b?q=1' };
    saveTabs(s);
    expect(JSON.parse(sessionStorage.getItem(TABS_SESSION_KEY)!).active).toBe('/b?q=1');
    expect(keys(loadTabs())).toEqual([INDEX_KEY, '/a', '/b?q=1']);
    sessionStorage.setItem(TABS_SESSION_KEY, '{bad');
    expect(loadTabs()).toEqual(EMPTY_TABS);

    setTabs(s);
    updateTabTitle('/a', '新标题');
    expect(appStore.get(tabsAtom).pages[1]!.title).toBe('新标题');
    expect(JSON.parse(localStorage.getItem('pro__route:title:/a')!)).toEqual({ value: '新标题', expire: null });
    expect(rememberedTitle('/a')).toBe('新标题');
  });
});

describe('settings', () => {
  it('defaults of seed §9', () => {
    expect(readSettings()).toEqual({
      navTheme: 'light',
      primaryColor: '#1890FF',
      layout: 'sidemenu',
      contentWidth: 'Fixed',
      fixedHeader: false,
      autoHideHeader: false,
      fixSiderbar: false,
      colorWeak: false,
      multipage: true,
      sidebarOpen: true,
    });
    expect(THEME_COLORS.map((c) => `${c.key} ${c.color}`)).toEqual([
      '薄暮 #F5222D',
      '火山 #FA541C',
      '日暮 #FAAD14',
      '明青 #13C2C2',
      '极光绿 #52C41A',
      '拂晓蓝（默认） #1890FF',
      '极客蓝 #2F54EB',
      '酱紫 #722ED1',
    ]);
  });

  it('persists in vue-ls format under JeecgBoot keys and reads back', () => {
    appStore.set(settingsAtom, { ...DEFAULT_SETTINGS });
    updateSettings({ primaryColor: '#722ED1', layout: 'topmenu', multipage: false, navTheme: 'dark', colorWeak: true });
    const raw = (k: string) => JSON.parse(localStorage.getItem(`pro__${k}`)!);
    expect(raw('DEFAULT_COLOR')).toEqual({ value: '#722ED1', expire: null });
    expect(raw('DEFAULT_LAYOUT_MODE')).toEqual({ value: 'topmenu', expire: null });
    expect(raw('DEFAULT_MULTI_PAGE')).toEqual({ value: false, expire: null });
    expect(raw('DEFAULT_THEME')).toEqual({ value: 'dark', expire: null });
    expect(raw('DEFAULT_COLOR_WEAK')).toEqual({ value: true, expire: null });
    updateSettings({ fixedHeader: true, autoHideHeader: true, sidebarOpen: false, contentWidth: 'Fluid' });
    expect(raw('DEFAULT_FIXED_HEADER').value).toBe(true);
    expect(raw('DEFAULT_FIXED_HEADER_HIDDEN').value).toBe(true);
    expect(raw('SIDEBAR_TYPE').value).toBe(false);
    expect(raw('DEFAULT_CONTENT_WIDTH_TYPE').value).toBe('Fluid');
    expect(readSettings()).toMatchObject({ primaryColor: '#722ED1', layout: 'topmenu', multipage: false, fixedHeader: true, contentWidth: 'Fluid' });
    // unknown stored values fall back to defaults
    localStorage.setItem('pro__DEFAULT_COLOR', JSON.stringify({ value: 'red;}', expire: null }));
    expect(readSettings().primaryColor).toBe('#1890FF');
  });

  it('dependencies: topmenu turns fixed side menu off; fixed header off turns auto-hide off; Fluid only with topmenu', () => {
    let s = applySettingsChange(DEFAULT_SETTINGS, { fixSiderbar: true });
    expect(s.fixSiderbar).toBe(true);
    s = applySettingsChange(s, { layout: 'topmenu' });
    expect(s.fixSiderbar).toBe(false);
    s = applySettingsChange(s, { fixedHeader: true, autoHideHeader: true });
    expect(s.autoHideHeader).toBe(true);
    s = applySettingsChange(s, { fixedHeader: false });
    expect(s.autoHideHeader).toBe(false);
    expect(applySettingsChange(DEFAULT_SETTINGS, { autoHideHeader: true }).autoHideHeader).toBe(false);
    s = applySettingsChange(s, { contentWidth: 'Fluid' });
    expect(s.contentWidth).toBe('Fluid');
    expect(applySettingsChange(s, { layout: 'sidemenu' }).contentWidth).toBe('Fixed');
    expect(applySettingsChange(DEFAULT_SETTINGS, { contentWidth: 'Fluid' }).contentWidth).toBe('Fixed');
  });

  it('the font stack names the Chinese faces of each platform after the Latin ones, before the generic family', () => {
    const faces = THEME.token.fontFamily.split(',').map((f) => f.trim().replace(/'/g, ''));
    for (const chinese of ['PingFang SC', 'Microsoft YaHei', 'Noto Sans CJK SC', 'WenQuanYi Micro Hei']) {
      expect(faces.indexOf(chinese), chinese).toBeGreaterThan(faces.indexOf('Arial'));
      expect(faces.indexOf(chinese), chinese).toBeLessThan(faces.indexOf('sans-serif'));
    }
  });

  it('theme tokens and colour-weak mode', () => {
    expect(themeOf({ primaryColor: '#F5222D' })).toEqual({ token: { colorPrimary: '#F5222D', fontFamily: THEME.token.fontFamily } });
    // the default colour gives the very theme the static antd stylesheet is built under
    expect(themeOf(DEFAULT_SETTINGS)).toEqual(THEME);
    expect(() => themeOf({ primaryColor: 'nope' })).toThrow();
    applyColorWeak(true);
    expect(document.body.style.filter).toBe('invert(80%)');
    applyColorWeak(false);
    expect(document.body.style.filter).toBe('');
  });
});

const m = (path: string, extra: Partial<MenuItem> = {}): MenuItem => ({ path, name: path.slice(1).replace(/\//g, '-'), meta: { title: path }, ...extra });

describe('appList filtering of the side menu', () => {
  const menu: MenuItem[] = [
    m('/dashboard/analysis'),
    m('/pack', {
      component: 'layouts/RouteView',
      children: [m('/pack/servicePackList', { component: 'app/ServicePackList' }), m('/pack/orders', { name: 'orderPack-list' })],
    }),
    m('/mall', { children: [m('/mall/coupon', { component: 'app/CouponList' }), m('/mall/drug')] }),
    m('/app/hisCouponRecord'),
  ];
  const cfg = (pack: number, mall: number) => ({
    appList: [
      { code: 'is_serve_pack', status: pack },
      { code: 'is_drug_mall_open', status: mall },
    ],
  });
  const visible = (items: MenuItem[]): string[] => items.filter((i) => !i.hidden).flatMap((i) => [i.path, ...visible(i.children ?? [])]);

  it('service/order packs need is_serve_pack 1; coupons need is_drug_mall_open 1; empty parents hide', () => {
    expect(visible(filterMenuByAppList(menu, cfg(0, 0)))).toEqual(['/dashboard/analysis', '/mall', '/mall/drug']);
    expect(visible(filterMenuByAppList(menu, cfg(1, 0)))).toEqual([
      '/dashboard/analysis',
      '/pack',
      '/pack/servicePackList',
      '/pack/orders',
      '/mall',
      '/mall/drug',
    ]);
    expect(visible(filterMenuByAppList(menu, cfg(0, 1)))).toEqual(['/dashboard/analysis', '/mall', '/mall/coupon', '/mall/drug', '/app/hisCouponRecord']);
    // no config: switches count as off
    expect(visible(filterMenuByAppList(menu, null))).toEqual(['/dashboard/analysis', '/mall', '/mall/drug']);
    expect(switchOn([{ value: 'remote_imaging', status: '1' }], 'remote_imaging')).toBe(true);
    expect(switchOn([{ code: 'remote_imaging', status: 0 }], 'remote_imaging')).toBe(false);
  });
});

describe('device breakpoints', () => {
  it('max-width 1087.99px and 767.99px are mobile, otherwise desktop', () => {
    expect(MOBILE_QUERIES).toEqual(['(max-width: 1087.99px)', '(max-width: 767.99px)']);
    expect(deviceForWidth(1440)).toBe('desktop');
    expect(deviceForWidth(1088)).toBe('desktop');
    expect(deviceForWidth(1087)).toBe('mobile');
    expect(deviceForWidth(800)).toBe('mobile');
    expect(deviceForWidth(375)).toBe('mobile');
    expect(deviceFrom([false, false])).toBe('desktop');
    expect(deviceFrom([true, false])).toBe('mobile');
  });
});

describe('menu helpers', () => {
  const menu: MenuItem[] = [
    m('/dashboard/analysis', { component: 'dashboard/Analysis' }),
    m('/app', {
      component: 'layouts/RouteView',
      meta: { title: '医护管理' },
      children: [
        m('/app/doctor', { component: 'resource/hisDoctor', meta: { title: '医生管理', keepAlive: true } }),
        m('/app/secret', { hidden: true, meta: { title: 'Secret' } }),
        m('/app/ext', { component: 'layouts/IframePageView', meta: { title: 'Docs', url: 'https://x.test/?t=${token}', internalOrExternal: true } }),
      ],
    }),
  ];
  it('search options skip hidden and RouteView nodes; the filter ignores case', () => {
    expect(searchOptions(menu).map((o) => o.label)).toEqual(['/dashboard/analysis', '医生管理', 'Docs']);
    expect(matchesTitle('Docs', 'dOC')).toBe(true);
    expect(matchesTitle('医生管理', '药')).toBe(false);
  });
  it('breadcrumb trail and external URLs', () => {
    expect(menuTrail(menu, '/app/doctor').map((x) => x.meta?.title)).toEqual(['医护管理', '医生管理']);
    const ext = menu[1]!.children![2]!;
    expect(menuUrl(ext, 'TOK')).toBe('https://x.test/?t=TOK');
    expect(menuAction(ext, ext.path, 'TOK')).toEqual({ open: 'https://x.test/?t=TOK' });
    expect(menuAction(menu[1]!.children![0], '/app/doctor', 'TOK')).toEqual({ go: '/app/doctor' });
  });
  it('the side menu gives a closed group no children until it opens; the group itself stays', () => {
    const items = toMenuItems(menu);
    const keysOf = (list: ReturnType<typeof toMenuItems>) => list.map((it) => [it!.key, 'children' in it! ? (it.children ?? []).map((c) => c!.key) : null]);
    expect(keysOf(withOpenChildrenOnly(items, []))).toEqual([['/dashboard/analysis', null], ['/app', []]]);
    expect(keysOf(withOpenChildrenOnly(items, ['/app']))).toEqual([['/dashboard/analysis', null], ['/app', ['/app/doctor', '/app/ext']]]);
  });
  it('route index: titles, keepAlive, containers are not tabs', () => {
    const idx = buildRouteIndex(menu, () => true);
    expect(idx.lookup('/app/doctor')).toEqual({ title: '医生管理', keepAlive: true, known: true });
    expect(idx.lookup('/app').known).toBe(false);
    expect(idx.lookup('/dashboard/analysis').title).toBe('/dashboard/analysis');
    expect(idx.lookup('/account/settings/base')).toEqual({ title: '账户设置', keepAlive: false, known: true });
  });
});

describe('PageView keep-alive', () => {
  function Search({ id }: { id: string }) {
    const [v, setV] = useState('');
    return <input aria-label={`search-${id}`} value={v} onChange={(e) => setV(e.target.value)} />;
  }
  let go: (to: string) => void = () => undefined;
  function Nav() {
    const navigate = useNavigate();
    go = navigate;
    return null;
  }
  function mount(enabled: boolean) {
    return render(
      <MemoryRouter initialEntries={['/k']}>
        <Nav />
        <Routes>
          <Route path="/" element={<PageView enabled={enabled} keepAlive={(p) => p === '/k'} />}>
            <Route path="k" element={<Search id="k" />} />
            <Route path="n" element={<Search id="n" />} />
          </Route>
        </Routes>
      </MemoryRouter>,
    );
  }

  it('a keepAlive page keeps its state while its tab is open, loses it when closed', () => {
    setTabs(openTab(openTab(EMPTY_TABS, page('/k', { keepAlive: true })), page('/n')));
    mount(true);
    fireEvent.change(screen.getByLabelText('search-k'), { target: { value: '张三' } });
    act(() => go('/n'));
    expect(screen.getByLabelText('search-k', { selector: 'input' })).toBeTruthy();
    act(() => go('/k'));
    expect((screen.getByLabelText('search-k') as HTMLInputElement).value).toBe('张三');
    // close the tab (from /n), then reopen
    act(() => go('/n'));
    act(() => setTabs(closeTab(appStore.get(tabsAtom), '/k').state));
    expect(screen.queryByLabelText('search-k')).toBeNull();
    act(() => {
      setTabs(openTab(appStore.get(tabsAtom), page('/k', { keepAlive: true })));
      go('/k');
    });
    expect((screen.getByLabelText('search-k') as HTMLInputElement).value).toBe('');
  });

  it('refresh (key 4) remounts; disabled (no tab strip) does not cache', () => {
    setTabs(openTab(EMPTY_TABS, page('/k', { keepAlive: true })));
    mount(true);
    fireEvent.change(screen.getByLabelText('search-k'), { target: { value: 'x' } });
    act(() => setTabs(tabMenuAction(appStore.get(tabsAtom), '4', '/k')));
    expect((screen.getByLabelText('search-k') as HTMLInputElement).value).toBe('');
    cleanup();
    mount(false);
    fireEvent.change(screen.getByLabelText('search-k'), { target: { value: 'y' } });
    act(() => go('/n'));
    expect(screen.queryByLabelText('search-k')).toBeNull();
  });
});
