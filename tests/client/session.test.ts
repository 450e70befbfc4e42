// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PROTOCOL_CONFIG, encryptText } from '../../src/core/protocol/index';
import { appStore, permissionListAtom, tokenAtom, userInfoAtom } from '../../src/client/state/atoms';
import { fetchPermissions, login, logout, setNavigator } from '../../src/client/state/session';
import { can } from '../../src/client/state/permissions';

const cfg = DEFAULT_PROTOCOL_CONFIG;
const reply = (v: unknown, status = 200) =>
  new Response(cfg.encrypt ? encryptText(JSON.stringify(v), cfg) : JSON.stringify(v), { status });

type Handler = (path: string, req: Request) => Response;
function stubFetch(handler: Handler) {
  const calls: Request[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = input instanceof Request ? input : new Request(input, init);
    calls.push(req.clone());
    return handler(new URL(req.url).pathname.replace(/^\/hospital/, ''), req);
  });
  return calls;
}

describe('session actions', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    appStore.set(tokenAtom, null);
    appStore.set(permissionListAtom, []);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('login stores token and user info for 7 days (vue-ls format)', async () => {
    stubFetch(() =>
      reply({ success: true, code: 200, message: '登录成功', result: { token: 'T1', userInfo: { username: 'admin', realname: '管理员', tenantId: 1001, orgId: '9' }, isJump: false } }),
    );
    const before = Date.now();
    await login('admin', 'Admin@123456');
    const tok = JSON.parse(localStorage.getItem('pro__Access-Token')!);
    expect(tok.value).toBe('T1');
    expect(tok.expire).toBeGreaterThanOrEqual(before + 604_800_000);
    expect(JSON.parse(localStorage.getItem('pro__Login_Userinfo')!).value.realname).toBe('管理员');
    expect(JSON.parse(localStorage.getItem('pro__TENANT_ID')!).value).toBe(1001);
    expect(appStore.get(tokenAtom)).toBe('T1');
    expect(appStore.get(userInfoAtom)?.username).toBe('admin');
  });

  it('login with isJump stores nothing; a failed login rejects with the server message', async () => {
    stubFetch(() => reply({ success: true, code: '200', message: '', result: { token: 'T', userInfo: {}, isJump: true } }));
    await login('a', 'b');
    expect(localStorage.getItem('pro__Access-Token')).toBeNull();
    stubFetch(() => reply({ success: false, code: 400, message: '用户名或密码错误', result: null }));
    await expect(login('a', 'b')).rejects.toThrow('用户名或密码错误');
  });

  it('fetchPermissions stores the menu and the button auth lists', async () => {
    stubFetch(() =>
      reply({
        success: true,
        code: 200,
        message: '',
        result: {
          menu: [{ path: '/dashboard/analysis', component: 'dashboard/Analysis', meta: { title: '首页' } }],
          auth: [{ action: 'hisDoctor:add', type: '1' }],
          allAuth: [{ action: 'hisDoctor:add', type: '1', status: '1' }],
        },
      }),
    );
    const menu = await fetchPermissions();
    expect(menu).toHaveLength(1);
    expect(appStore.get(permissionListAtom)).toHaveLength(1);
    expect(JSON.parse(sessionStorage.getItem('LOGIN_USER_BUTTON_AUTH')!)).toEqual([{ action: 'hisDoctor:add', type: '1' }]);
    expect(can('hisDoctor:add')).toBe(true);
  });

  it('fetchPermissions rejects on an empty menu', async () => {
    stubFetch(() => reply({ success: true, code: 200, message: '', result: { menu: [], auth: [], allAuth: [] } }));
    await expect(fetchPermissions()).rejects.toThrow();
  });

  it('logout clears the session, posts /sys/logout with the old token (even if it fails), goes to login', async () => {
    localStorage.setItem('pro__Access-Token', JSON.stringify({ value: 'OLD', expire: null }));
    localStorage.setItem('pro__ORG_ID', JSON.stringify({ value: '9', expire: null }));
    sessionStorage.setItem('LOGIN_USER_BUTTON_AUTH', '[{"action":"x","type":"1"}]');
    appStore.set(tokenAtom, 'OLD');
    const calls = stubFetch(() => reply({ success: false, code: 500, message: 'boom', result: null }, 502));
    const nav = vi.fn();
    setNavigator(nav);
    await logout();
    expect(calls[0]!.url).toContain('/sys/logout');
    expect(calls[0]!.headers.get('X-Access-Token')).toBe('OLD');
    expect(localStorage.getItem('pro__Access-Token')).toBeNull();
    expect(localStorage.getItem('pro__ORG_ID')).toBeNull();
    expect(sessionStorage.getItem('LOGIN_USER_BUTTON_AUTH')).toBeNull();
    expect(appStore.get(tokenAtom)).toBeNull();
    expect(nav).toHaveBeenCalledWith('/user/login');
  });
});
