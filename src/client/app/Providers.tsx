/** antd ConfigProvider (zh_CN, #1890FF, no auto-inserted space), dayjs zh-cn, the jotai store. */
import type { ReactNode } from 'react';
import { Provider as JotaiProvider } from 'jotai';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { appStore } from '../state/atoms';
import { AntdConfig, THEME } from '../api/uiConfig';

dayjs.locale('zh-cn');

export { THEME };

export function Providers({ children }: { children: ReactNode }) {
  return (
    <JotaiProvider store={appStore}>
      <AntdConfig>{children}</AntdConfig>
    </JotaiProvider>
  );
}
