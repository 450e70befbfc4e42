/**
 * The antd configuration of the console (one place): zh_CN locale, primary colour #1890FF,
 * no auto-inserted space in two-character button labels. Also applied to antd's static
 * message / notification / Modal (holderRender), so feedback shown outside the shell's
 * <App> (login page, request layer, isolated tests) looks and reads the same.
 *
 * Two imports of ConfigProvider on purpose: Vite resolves both `antd` and `antd/es/*` to the
 * ES build (one module), but Node/vitest resolves `antd` to lib/ (CJS) — the lazily loaded
 * statics (`antd/es/message` ...) must then be configured through the ES ConfigProvider.
 */
import { createElement, type ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import EsConfigProvider from 'antd/es/config-provider';
import zhCN from 'antd/es/locale/zh_CN';
import { THEME } from '../app/themes';

export const LOCALE = zhCN;
export { THEME };
export const BUTTON_CONFIG = { autoInsertSpace: false };

const props = { locale: LOCALE, theme: THEME, button: BUTTON_CONFIG };

export function AntdConfig({ children }: { children?: ReactNode }) {
  return createElement(ConfigProvider, props, children);
}

EsConfigProvider.config({ holderRender: (children) => createElement(EsConfigProvider, props, children) });
if ((ConfigProvider as unknown) !== (EsConfigProvider as unknown)) {
  ConfigProvider.config({ holderRender: (children) => createElement(ConfigProvider, props, children) });
}
