/**
 * vue-ls compatible storage (JeecgBoot `Vue.ls`): localStorage key `pro__<key>` holds
 * `JSON.stringify({ value, expire: ms | null })`. An expired entry is removed on read
 * and the default is returned. Session-storage keys (button auth) are plain JSON.
 */
import { TOKEN_TTL_MS } from '../../core/protocol/config';

export const NAMESPACE = 'pro__';

/** Keys under the `pro__` namespace. */
export const KEYS = {
  accessToken: 'Access-Token',
  userInfo: 'Login_Userinfo',
  username: 'Login_Username',
  tenantId: 'TENANT_ID',
  orgId: 'ORG_ID',
  userTenant: 'USER_TENANT',
  cacheIncludedRoutes: 'CACHE_INCLUDED_ROUTES',
  globalTitle: 'GLOBAL_TITLE',
  icpNumber: 'ICP_NUMBER',
  // settings (no expiry)
  sidebarType: 'SIDEBAR_TYPE',
  theme: 'DEFAULT_THEME',
  layoutMode: 'DEFAULT_LAYOUT_MODE',
  color: 'DEFAULT_COLOR',
  colorWeak: 'DEFAULT_COLOR_WEAK',
  fixedHeader: 'DEFAULT_FIXED_HEADER',
  fixedSidemenu: 'DEFAULT_FIXED_SIDEMENU',
  fixedHeaderHidden: 'DEFAULT_FIXED_HEADER_HIDDEN',
  contentWidthType: 'DEFAULT_CONTENT_WIDTH_TYPE',
  multiPage: 'DEFAULT_MULTI_PAGE',
} as const;

/** Session-storage keys (plain JSON arrays). */
export const SESSION_KEYS = {
  buttonAuth: 'LOGIN_USER_BUTTON_AUTH',
  sysButtonAuth: 'SYS_BUTTON_AUTH',
} as const;

/** Token and user info lifetime. */
export const SESSION_TTL_MS = TOKEN_TTL_MS;

interface Entry<T> {
  value: T;
  expire: number | null;
}

function local(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function session(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

export const ls = {
  set<T>(key: string, value: T, expireMs?: number | null): void {
    const entry: Entry<T> = { value, expire: expireMs ? Date.now() + expireMs : null };
    local()?.setItem(NAMESPACE + key, JSON.stringify(entry));
  },
  get<T>(key: string, def: T | null = null): T | null {
    const s = local();
    const raw = s?.getItem(NAMESPACE + key);
    if (raw == null) return def;
    try {
      const entry = JSON.parse(raw) as Entry<T>;
      if (entry && typeof entry === 'object' && 'value' in entry) {
        if (entry.expire !== null && entry.expire !== undefined && entry.expire < Date.now()) {
          s?.removeItem(NAMESPACE + key);
          return def;
        }
        return entry.value;
      }
      return def;
    } catch {
      return def;
    }
  },
  remove(key: string): void {
    local()?.removeItem(NAMESPACE + key);
  },
};

export const ss = {
  /** The stored text as is (null when absent). */
  getRaw(key: string): string | null {
    return session()?.getItem(key) ?? null;
  },
  getJson<T>(key: string, def: T): T {
    const raw = session()?.getItem(key);
    if (raw == null || raw === '') return def;
    try {
      return JSON.parse(raw) as T;
    } catch {
      return def;
    }
  },
  setJson(key: string, value: unknown): void {
    session()?.setItem(key, JSON.stringify(value));
  },
  remove(key: string): void {
    session()?.removeItem(key);
  },
};

/* Typed accessors used by the request layer (no React, no jotai). */
export const getToken = (): string | null => ls.get<string>(KEYS.accessToken);
export const getTenantId = (): string | number | null => ls.get<string | number>(KEYS.tenantId);
export const getOrgId = (): string | number | null => ls.get<string | number>(KEYS.orgId);
