// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { DEFAULT_PROTOCOL_CONFIG, encryptText } from '../../src/core/protocol/index';
import { AppRoutes } from '../../src/client/app/AppRoutes';
import { Providers } from '../../src/client/app/Providers';
import { appStore, permissionListAtom, tokenAtom } from '../../src/client/state/atoms';
import { pageTitle } from '../../src/client/app/title';

const cfg = DEFAULT_PROTOCOL_CONFIG;
const reply = (v: unknown, status = 200) => new Response(encryptText(JSON.stringify(v), cfg), { status });

let where = '';
function Where() {
  const l = useLocation();
  where = l.pathname + l.search;
  return null;
}

function mount(path: string) {
  return render(
    <Providers>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <Where />
      </MemoryRouter>
    </Providers>,
  );
}

describe('route guard', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    appStore.set(tokenAtom, null);
    appStore.set(permissionListAtom, []);
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const req = input instanceof Request ? input : new Request(input, init);
      const p = new URL(req.url).pathname;
      if (p.endsWith('/sys/permission/getUserPermissionByToken')) {
        return reply({
          success: true,
          code: 200,
          message: '',
          result: {
            menu: [{ path: '/dashboard/analysis', name: 'dashboard-analysis', component: 'dashboard/Analysis', meta: { title: '首页' } }],
            auth: [],
            allAuth: [],
          },
        });
      }
      return reply({ success: true, code: 200, message: '', result: { orgName: '测试医院', icpNumber: '宁ICP备00000000号' } });
    });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('a permission list that arrives between the guard\'s render and its effect is not asked for again', async () => {
    localStorage.setItem('pro__Access-Token', JSON.stringify({ value: 'tok', expire: null }));
    appStore.set(tokenAtom, 'tok');
    const asked: string[] = [];
    const real = globalThis.fetch;
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      const req = input instanceof Request ? input : new Request(input, init);
      asked.push(new URL(req.url).pathname);
      return real(input, init);
    });
    /** Start-up's answer landing in the commit that rendered the guard without it. */
    function AnswerLands() {
      useLayoutEffect(() => {
        appStore.set(permissionListAtom, [{ path: '/dashboard/analysis', name: 'dashboard-analysis', component: 'dashboard/Analysis', meta: { title: '首页' } }]);
      }, []);
      return null;
    }
    render(
      <Providers>
        <MemoryRouter initialEntries={['/dashboard/analysis']}>
          <AppRoutes />
          <AnswerLands />
          <Where />
        </MemoryRouter>
      </Providers>,
    );
    await waitFor(() => expect(where).toBe('/dashboard/analysis'));
    await new Promise((r) => setTimeout(r, 100));
    expect(asked.filter((p) => p.endsWith('/sys/permission/getUserPermissionByToken'))).toEqual([]);
  });

  it('without a token a private path goes to /user/login?redirect=<full target>', async () => {
    mount('/app/doctor?x=1');
    expect(await screen.findByPlaceholderText('请输入用户名', {}, { timeout: 10000 })).toBeTruthy();
    expect(screen.getByPlaceholderText('请输入密码')).toBeTruthy();
    expect(screen.getByRole('button', { name: '登录' })).toBeTruthy();
    expect(where).toBe(`/user/login?redirect=${encodeURIComponent('/app/doctor?x=1')}`);
    await waitFor(() => expect(document.title).toBe(pageTitle('登录')));
  });

  it('public paths stay public', async () => {
    mount('/agreement');
    expect(where).toBe('/agreement');
  });

  it('with a token, /user/login goes to the workplace; permissions are fetched', async () => {
    localStorage.setItem('pro__Access-Token', JSON.stringify({ value: 'T', expire: null }));
    appStore.set(tokenAtom, 'T');
    mount('/user/login');
    expect(await screen.findByTestId('dashboard-workplace', {}, { timeout: 4000 })).toBeTruthy();
    expect(where).toBe('/dashboard/workplace');
    expect(appStore.get(permissionListAtom)).toHaveLength(1);
    await waitFor(() => expect(document.title).toBe('工作台 - 互联网医院后台管理'));
  });

  it('the home page renders its figures area', async () => {
    localStorage.setItem('pro__Access-Token', JSON.stringify({ value: 'T', expire: null }));
    appStore.set(tokenAtom, 'T');
    mount('/dashboard/analysis');
    expect(await screen.findByTestId('dashboard-analysis', {}, { timeout: 4000 })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('首页 - 互联网医院后台管理'));
  });

  it('unknown paths go home once routes are built', async () => {
    localStorage.setItem('pro__Access-Token', JSON.stringify({ value: 'T', expire: null }));
    appStore.set(tokenAtom, 'T');
    mount('/no/such/page');
    await waitFor(() => expect(where).toBe('/dashboard/analysis'), { timeout: 4000 });
  });
});
