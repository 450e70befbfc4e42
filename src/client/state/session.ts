/**
 * Session actions: login, logout, fetchPermissions, loadGlobalConfig, tenant/org selection.
 * They update storage and the jotai atoms of `appStore`.
 */
import { H } from '../../core/protocol/header-values';
import { http, RequestError, sessionHooks } from '../api/index';
import {
  appStore,
  globalConfigAtom,
  orgIdAtom,
  permissionListAtom,
  tenantIdAtom,
  tokenAtom,
  userInfoAtom,
} from './atoms';
import { clearButtonAuth, setButtonAuth } from './permissions';
import { clearTableSettings, clearUiSettings, setTableSettings, setUiSettings } from './tableSettingsCache';
import { getToken, KEYS, ls, SESSION_TTL_MS } from './storage';
import type { GlobalConfig, LoginResult, MenuItem, PermissionResult, UserInfo } from './types';

export const LOGIN_PATH = '/user/login';

type Navigate = (to: string) => void;
let navigateTo: Navigate = (to) => {
  if (typeof window !== 'undefined') window.location.assign(to);
};
/** The router registers its navigate so actions can move without a reload. */
export function setNavigator(fn: Navigate): void {
  navigateTo = fn;
}

function isOk(code: unknown): boolean {
  return code === 200 || code === '200';
}

/** POST /sys/login. Resolves with the result; rejects with the server's message. */
export async function login(username: string, password: string): Promise<LoginResult> {
  const env = await http.post<LoginResult>('/sys/login', { username, password });
  if (!isOk(env.code) || !env.result) {
    throw new Error(env.message || '登录失败');
  }
  const result = env.result;
  if (result.isJump) return result; // handled elsewhere: store nothing
  applyLogin(result.token, result.userInfo);
  return result;
}

/** POST /sys/phoneLogin {mobile, captcha}: the same answer and storage as the password login. */
export async function phoneLogin(mobile: string, captcha: string): Promise<LoginResult> {
  const env = await http.post<LoginResult>('/sys/phoneLogin', { mobile, captcha });
  if (!isOk(env.code) || !env.result) throw new Error(env.message || '登录失败');
  if (!env.result.isJump) applyLogin(env.result.token, env.result.userInfo);
  return env.result;
}

/** GET /cas/client/validateLogin {ticket, service}: the CAS ticket of the return trip. */
export async function casLogin(ticket: string, service: string): Promise<LoginResult> {
  const env = await http.get<LoginResult>('/cas/client/validateLogin', { ticket, service }, { silent: true });
  if (!env.success || !env.result) throw new Error(env.message || '登录失败');
  applyLogin(env.result.token, env.result.userInfo);
  return env.result;
}

/** Stores the token and user info (7 days) plus the user's tenant / organisation. */
export function applyLogin(token: string, userInfo: UserInfo): void {
  ls.set(KEYS.accessToken, token, SESSION_TTL_MS);
  ls.set(KEYS.userInfo, userInfo, SESSION_TTL_MS);
  if (userInfo.username) ls.set(KEYS.username, userInfo.username, SESSION_TTL_MS);
  appStore.set(tokenAtom, token);
  appStore.set(userInfoAtom, userInfo);
  const superTenantId = appStore.get(globalConfigAtom)?.superTenantId;
  const tenantId = userInfo.tenantId ?? null;
  if (tenantId !== null && tenantId !== undefined && tenantId !== '') {
    ls.set(KEYS.tenantId, tenantId);
    appStore.set(tenantIdAtom, tenantId);
  }
  if (superTenantId !== undefined && String(tenantId) === String(superTenantId)) {
    // super-tenant user: remember the user tenant, no organisation
    ls.set(KEYS.userTenant, tenantId);
    ls.remove(KEYS.orgId);
    appStore.set(orgIdAtom, null);
  } else if (userInfo.orgId) {
    ls.set(KEYS.orgId, userInfo.orgId);
    appStore.set(orgIdAtom, userInfo.orgId);
  }
}

/** Clears the local session (token, user info, permission list, tenant/org, button auth). */
export function clearSession(): void {
  appStore.set(tokenAtom, null);
  appStore.set(userInfoAtom, null);
  appStore.set(permissionListAtom, []);
  appStore.set(orgIdAtom, null);
  appStore.set(tenantIdAtom, null);
  for (const k of [KEYS.accessToken, KEYS.userInfo, KEYS.username, KEYS.orgId, KEYS.tenantId, KEYS.userTenant, KEYS.cacheIncludedRoutes]) {
    ls.remove(k);
  }
  clearButtonAuth();
  clearTableSettings();
  clearUiSettings();
}

/**
 * Logout: clears the session, calls POST /sys/logout with the old token (resolves even if
 * it fails). `navigate` (default true) then goes to /user/login.
 */
/**
 * CAS single sign-out (JeecgBoot's SSO logout): `<CAS>/logout?service=<this console's login
 * page>`, so that CAS ends its own session too and the next login asks for the credentials again.
 */
export function casLogoutUrl(casServerUrl: string, origin: string): string {
  return `${casServerUrl.replace(/\/+$/, '')}/logout?service=${encodeURIComponent(`${origin}${LOGIN_PATH}`)}`;
}

let casLogoutUnderway = false;
/** True once 退出登录 is on its way to CAS's logout: the login page must not send the browser to CAS's login meanwhile. */
export const casLogoutPending = (): boolean => casLogoutUnderway;

/**
 * Ends the session here (POST /sys/logout, storage cleared), then goes to the login page — or,
 * when the user chose 退出登录 with CAS configured (`casServerUrl`), to CAS's logout.
 */
export async function logout(opts: { navigate?: boolean; casServerUrl?: string } = {}): Promise<void> {
  const token = getToken() ?? appStore.get(tokenAtom);
  // said before the session is cleared: the guard then shows the login page, which with CAS would
  // go to CAS's login at once, and that navigation would replace the one to CAS's logout
  if (opts.casServerUrl && opts.navigate !== false) casLogoutUnderway = true;
  clearSession();
  if (token) {
    try {
      await http.post('/sys/logout', undefined, undefined, { headers: { [H.accessToken]: token }, silent: true });
    } catch {
      /* resolves even if the call fails */
    }
  }
  if (opts.navigate === false) return;
  if (opts.casServerUrl) window.location.assign(casLogoutUrl(opts.casServerUrl, window.location.origin));
  else navigateTo(LOGIN_PATH);
}

// The request layer's 401 / token-expired handling logs out through this hook, then reloads.
sessionHooks.logout = () => logout({ navigate: false });

/** JEECG-63: a top-level item whose children are all hidden is hidden itself. */
export function hideEmptyGroups(menu: MenuItem[]): MenuItem[] {
  return menu.map((item) => {
    const children = item.children;
    if (children && children.length > 0 && children.every((c) => c.hidden)) return { ...item, hidden: true };
    return item;
  });
}

/** GET /sys/permission/getUserPermissionByToken -> menu (atom), auth/allAuth (sessionStorage). */
export async function fetchPermissions(): Promise<MenuItem[]> {
  const env = await http.get<PermissionResult>('/sys/permission/getUserPermissionByToken');
  const result = env.result;
  if (!env.success || !result) throw new Error(env.message || 'getPermissionList failed');
  const menu = result.menu;
  if (!Array.isArray(menu) || menu.length === 0) {
    throw new Error('getPermissionList: permissions must be a non-null array !');
  }
  setButtonAuth(Array.isArray(result.auth) ? result.auth : [], Array.isArray(result.allAuth) ? result.allAuth : []);
  setTableSettings(result.tableSettings);
  setUiSettings(result.uiSettings);
  const list = hideEmptyGroups(menu);
  appStore.set(permissionListAtom, list);
  return list;
}

let configPromise: Promise<GlobalConfig | null> | null = null;

/** GET /config/globalConfig, once; failures are swallowed (atom = null). */
export function loadGlobalConfig(force = false): Promise<GlobalConfig | null> {
  if (configPromise && !force) return configPromise;
  configPromise = http
    .get<GlobalConfig>('/config/globalConfig', undefined, { silent: true })
    .then((env) => {
      const cfg = env.success && env.result ? env.result : null;
      appStore.set(globalConfigAtom, cfg);
      if (cfg?.icpNumber) ls.set(KEYS.icpNumber, cfg.icpNumber);
      if (!cfg) configPromise = null;
      return cfg;
    })
    .catch((e: unknown) => {
      if (!(e instanceof RequestError) && !(e instanceof Error)) throw e;
      appStore.set(globalConfigAtom, null);
      configPromise = null;
      return null;
    });
  return configPromise;
}

/** Organisation selection: stores tenant and org; a tenant id alone clears the org id. */
export function selectOrganisation(tenantId: string | number, orgId?: string | number | null): void {
  ls.set(KEYS.tenantId, tenantId);
  appStore.set(tenantIdAtom, tenantId);
  if (orgId) {
    ls.set(KEYS.orgId, orgId);
    appStore.set(orgIdAtom, orgId);
  } else {
    ls.remove(KEYS.orgId);
    appStore.set(orgIdAtom, null);
  }
}

/** Admin-tenant check (SaaS): tenant id unset or 0. */
export function isAdminTenant(): boolean {
  const t = ls.get<string | number>(KEYS.tenantId);
  return !t || String(t) === '0';
}
