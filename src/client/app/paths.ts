/** Route constants. */
export const HOME_PATH = '/dashboard/analysis';
export const HOME_TITLE = '首页';
export const WORKPLACE_PATH = '/dashboard/workplace';
export const WORKPLACE_TITLE = '工作台';
/** 系统监控 (platform super administrator; the server refuses others). */
export const MONITOR_PATH = '/monitor/system';
export const MONITOR_TITLE = '系统监控';
/** 图表: the chart index of the dashboards. */
export const CHART_PATH = '/dashboard/chart';
export const CHART_TITLE = '图表';
/** 任务: the caller's pending work. */
export const TASK_PATH = '/dashboard/task';
export const TASK_TITLE = '任务';
/** 监控: the live monitor dashboard (platform super administrator; others see 403). */
export const DASHBOARD_MONITOR_PATH = '/dashboard/monitor';
export const DASHBOARD_MONITOR_TITLE = '监控';
export const LOGIN_PATH = '/user/login';

/** Paths reachable without a token. */
export const PUBLIC_PATHS = [
  '/user/login',
  '/user/register',
  '/user/register-result',
  '/user/alteration',
  '/OrderTreatProcess',
  '/orderTreatProcess',
  '/download',
  '/download/file',
  '/agreement',
  '/test/home',
] as const;

export function isPublicPath(pathname: string): boolean {
  const p = pathname.replace(/\/+$/, '') || '/';
  return (PUBLIC_PATHS as readonly string[]).includes(p);
}

/** `/user/login?redirect=<full target>` */
export function loginRedirect(fullPath: string): string {
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(fullPath)}`;
}
