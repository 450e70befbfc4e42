// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KEYS, ls, NAMESPACE, SESSION_TTL_MS, ss } from '../../src/client/state/storage';

describe('vue-ls storage (pro__ namespace)', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  afterEach(() => vi.useRealTimers());

  it('writes {"value", "expire"} under pro__<key>', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
    ls.set(KEYS.accessToken, 'tok', SESSION_TTL_MS);
    const raw = localStorage.getItem('pro__Access-Token');
    expect(NAMESPACE).toBe('pro__');
    expect(JSON.parse(raw!)).toEqual({ value: 'tok', expire: Date.now() + 604_800_000 });
    expect(ls.get(KEYS.accessToken)).toBe('tok');
  });

  it('stores expire null without a lifetime and keeps objects', () => {
    ls.set(KEYS.userInfo, { username: 'admin', realname: '管理员' });
    expect(JSON.parse(localStorage.getItem('pro__Login_Userinfo')!)).toEqual({
      value: { username: 'admin', realname: '管理员' },
      expire: null,
    });
    expect(ls.get<{ realname: string }>(KEYS.userInfo)?.realname).toBe('管理员');
  });

  it('removes an expired entry on read and returns the default', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
    ls.set(KEYS.accessToken, 'tok', 1000);
    vi.setSystemTime(new Date('2026-01-01T00:00:02Z'));
    expect(ls.get(KEYS.accessToken, 'none')).toBe('none');
    expect(localStorage.getItem('pro__Access-Token')).toBeNull();
  });

  it('reads entries written by vue-ls and tolerates junk', () => {
    localStorage.setItem('pro__TENANT_ID', JSON.stringify({ value: 1001, expire: null }));
    expect(ls.get(KEYS.tenantId)).toBe(1001);
    localStorage.setItem('pro__ORG_ID', 'not json');
    expect(ls.get(KEYS.orgId)).toBeNull();
    ls.remove(KEYS.tenantId);
    expect(localStorage.getItem('pro__TENANT_ID')).toBeNull();
  });

  it('keeps button auth as plain JSON in sessionStorage', () => {
    ss.setJson('LOGIN_USER_BUTTON_AUTH', [{ action: 'a:add', type: '1' }]);
    expect(sessionStorage.getItem('LOGIN_USER_BUTTON_AUTH')).toBe('[{"action":"a:add","type":"1"}]');
    expect(ss.getJson('LOGIN_USER_BUTTON_AUTH', [])).toEqual([{ action: 'a:add', type: '1' }]);
    expect(ss.getJson('SYS_BUTTON_AUTH', [])).toEqual([]);
  });
});
