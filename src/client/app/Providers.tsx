/** antd ConfigProvider (zh_CN, #1890FF, no auto-inserted space), the jotai store, and the
 * settings drawer's live theme (primary colour, colour-weak mode). dayjs zh-cn is set by
 * app/dayjs.ts, imported by the shell (shell/Shell.tsx): the login route carries no dayjs. */
import { useEffect, useRef, type ReactNode } from 'react';
import { Provider as JotaiProvider, useAtomValue } from 'jotai';
import { ConfigProvider } from 'antd';
import { appStore } from '../state/atoms';
import { applyColorWeak, settingsAtom, themeOf } from '../state/settings';
import { AntdConfig, THEME } from '../api/uiConfig';
import type { ConsoleTheme } from './themes';
import { feedback } from '../api/feedback';

export { THEME };

export const THEME_ERROR = '更新主题失败';

/** Applies the settings' primary colour (antd colorPrimary) and colour-weak mode; an
 * invalid theme keeps the last good one and shows 更新主题失败. */
function SettingsTheme({ children }: { children: ReactNode }) {
  const s = useAtomValue(settingsAtom, { store: appStore });
  const last = useRef<ConsoleTheme>(THEME);
  let theme = last.current;
  let failed = false;
  try {
    theme = themeOf(s);
    last.current = theme;
  } catch {
    failed = true;
  }
  useEffect(() => {
    if (failed) feedback.message.error(THEME_ERROR);
  }, [failed, s.primaryColor]);
  useEffect(() => {
    try {
      applyColorWeak(s.colorWeak);
    } catch {
      feedback.message.error(THEME_ERROR);
    }
  }, [s.colorWeak]);
  return <ConfigProvider theme={theme}>{children}</ConfigProvider>;
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <JotaiProvider store={appStore}>
      <AntdConfig>
        <SettingsTheme>{children}</SettingsTheme>
      </AntdConfig>
    </JotaiProvider>
  );
}
