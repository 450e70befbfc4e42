/**
 * The console's regulator calls (seed §7: a post to the regulator base URL from the global
 * config): a transition whose server effect is `regulatorEnqueue` needs the caller's regulator
 * configuration, `dictModels.regulatory_config` of /config/globalConfig (read afresh: it follows
 * the tenant's 监管机构配置). Without a baseUrl the console shows 系统提示 /
 * 缺少全局参数，请稍后重试 for 4 s and sends nothing.
 */
import type { Transition } from '../../core/schema/types';
import { feedback, TEXTS } from '../api';
import { loadGlobalConfig } from '../state/session';
import type { GlobalConfig } from '../state/types';

export const REGULATOR_EFFECT = 'regulatorEnqueue';
export const MSG_MISSING_GLOBAL = '缺少全局参数，请稍后重试';

/** The regulator base URL of a global config, if it names one. */
export function regulatorBaseUrl(cfg: GlobalConfig | null | undefined): string | undefined {
  const pairs = cfg?.dictModels?.regulatory_config ?? [];
  const v = pairs.find((p) => p.text === 'baseUrl')?.value;
  return v ? v : undefined;
}

export const isRegulatorCall = (t: Transition): boolean => t.effect === REGULATOR_EFFECT;

/** Whether the regulator call may go ahead; if not, the notification has been shown. */
export async function regulatorReady(): Promise<boolean> {
  const cfg = await loadGlobalConfig(true);
  if (regulatorBaseUrl(cfg)) return true;
  feedback.notification.error({ message: TEXTS.systemTip, description: MSG_MISSING_GLOBAL, duration: 4 });
  return false;
}
