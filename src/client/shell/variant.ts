/**
 * Build variant ("This build is the one with app type xinxin and SaaS mode"):
 * configuration, not code paths. Vite env at build time:
 *   VITE_APP_TYPE            app type (default 'xinxin')
 *   VITE_SAAS                SaaS mode (default true; 'false' / '0' turn it off)
 *   VITE_REMOTE_IMAGING_URL  remote-imaging site of the app type (default below)
 */
const env = (import.meta as ImportMeta & { env?: Record<string, string | boolean | undefined> }).env ?? {};

const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);

export const APP_TYPE: string = str(env.VITE_APP_TYPE) ?? 'xinxin';
export const SAAS: boolean = !/^(false|0|no|off)$/i.test(String(env.VITE_SAAS ?? 'true'));

/** Remote-imaging site per app type; VITE_REMOTE_IMAGING_URL overrides the current one. */
export const REMOTE_IMAGING_URLS: Readonly<Record<string, string>> = {
  xinxin: 'https://pacs.xinxin-health.cn/',
};

export function remoteImagingUrl(appType: string = APP_TYPE): string | undefined {
  return str(env.VITE_REMOTE_IMAGING_URL) ?? REMOTE_IMAGING_URLS[appType];
}
