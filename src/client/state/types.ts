/** Session-side data shapes. */

export interface UserInfo {
  id?: string;
  username?: string;
  realname?: string;
  nickname?: string;
  avatar?: string;
  tenantId?: string | number;
  orgId?: string | number;
  token?: string;
  [k: string]: unknown;
}

/** Button permission entry (auth / allAuth). type '1' show, '2' disable; status '0' rule off. */
export interface AuthEntry {
  action: string;
  type?: string | number;
  status?: string | number;
  describe?: string;
}

export interface MenuMeta {
  title?: string;
  icon?: string;
  url?: string;
  target?: string;
  permissionList?: Array<AuthEntry | string>;
  keepAlive?: boolean;
  internalOrExternal?: boolean;
  componentName?: string;
}

/** JeecgBoot menu node (getUserPermissionByToken result.menu). */
export interface MenuItem {
  id?: string;
  path: string;
  name?: string;
  component?: string;
  redirect?: string;
  hidden?: boolean;
  alwaysShow?: boolean;
  route?: string | number;
  meta?: MenuMeta;
  children?: MenuItem[];
}

export interface PermissionResult {
  menu: MenuItem[];
  auth: AuthEntry[];
  allAuth: AuthEntry[];
  /** The user's list column settings by key (`table:<resource>`). */
  tableSettings?: Record<string, unknown>;
  /** The user's console preferences by key (`ui:settings`, `ui:notify`). */
  uiSettings?: Record<string, unknown>;
}

export interface AppSwitch {
  value?: string;
  text?: string;
  status?: string | number;
  [k: string]: unknown;
}

export interface GlobalConfig {
  orgName?: string;
  orgLogo?: string;
  icpNumber?: string;
  icon?: string;
  superTenantId?: string | number;
  /** CAS server base URL; non-empty: the login page goes through CAS. */
  casServerUrl?: string;
  appList?: AppSwitch[];
  dictModels?: Record<string, Array<{ text?: string; value?: string }>>;
  [k: string]: unknown;
}

export interface LoginResult {
  token: string;
  userInfo: UserInfo;
  isJump?: boolean;
}
