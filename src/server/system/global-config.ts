/**
 * GET /config/globalConfig (public, signed): site identity and feature switches; for a caller
 * with a session also `dictModels.regulatory_config`, its tenant's regulator (regulator/global.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok } from '../../core/protocol/index.js';
import { SUPER_TENANT_ID } from '../context.js';
import type { SiteIdentity } from '../config.js';

export interface GlobalConfigOptions {
  site?: SiteIdentity;
  /** The text/value pairs of the caller's regulator configuration (none: an empty list). */
  regulator?: (req: FastifyRequest) => Promise<Array<{ text: string; value: string }>>;
  /** CAS server base URL: the console's login page goes through CAS when present. */
  casServerUrl?: string;
}

export function globalConfig(opts: GlobalConfigOptions = {}, regulator: Array<{ text: string; value: string }> = []) {
  return {
    orgName: opts.site?.orgName ?? '互联网医院后台管理',
    // No default file: an empty logo lets the console draw its own instead of requesting a missing upload.
    orgLogo: opts.site?.orgLogo ?? '',
    icpNumber: opts.site?.icpNumber ?? '宁ICP备00000000号-1',
    icon: '/favicon.ico',
    superTenantId: SUPER_TENANT_ID,
    casServerUrl: opts.casServerUrl ?? '',
    appList: [
      { code: 'follow_up', name: '随访', status: 1 },
      { code: 'is_drug_mall_open', name: '药品商城', status: 1 },
      { code: 'is_serve_pack', name: '服务包', status: 1 },
      { code: 'remote_imaging', name: '远程影像', status: 1 },
    ],
    dictModels: {
      regulatory_config: regulator,
    },
  };
}

export function registerGlobalConfig(app: FastifyInstance, opts: GlobalConfigOptions = {}): void {
  app.get('/config/globalConfig', { config: { public: true } }, async (req) => ok(globalConfig(opts, (await opts.regulator?.(req)) ?? [])));
}
