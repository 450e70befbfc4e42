/**
 * The antd theme of every page, in a module of its own (no antd import) so that the build's
 * static antd stylesheet (generators/antd-css.ts) renders under this very object: a style is
 * taken from the file only when its theme hash matches the page's.
 */
/**
 * antd's font stack with the Chinese faces of each platform named after the Latin ones (as
 * JeecgBoot's and Ant Design Pro's stacks do): Latin text keeps Arial/Segoe/Helvetica, Chinese
 * text finds its face in the list. Without them every new Chinese character went through the
 * system's per-character font fallback during layout, about half of a list page's layout time.
 */
export const FONT_FAMILY = [
  '-apple-system', 'BlinkMacSystemFont', "'Segoe UI'", 'Roboto', "'Helvetica Neue'", 'Arial',
  "'PingFang SC'", "'Hiragino Sans GB'", "'Microsoft YaHei'", "'Noto Sans CJK SC'", "'Source Han Sans SC'", "'WenQuanYi Micro Hei'",
  "'Noto Sans'", 'sans-serif', "'Apple Color Emoji'", "'Segoe UI Emoji'", "'Segoe UI Symbol'", "'Noto Color Emoji'",
].join(', ');

/** The console's antd theme: the settings' primary colour changes colorPrimary only (state/settings.ts themeOf). */
export interface ConsoleTheme {
  token: { colorPrimary: string; fontFamily: string };
}

/**
 * The theme for a primary colour: the one place its tokens are listed, so the default colour
 * chosen in the settings yields the very tokens (and theme hash) the static stylesheet was built under.
 */
export function themeWith(colorPrimary: string): ConsoleTheme {
  return { token: { colorPrimary, fontFamily: FONT_FAMILY } };
}

export const THEME: ConsoleTheme = themeWith('#1890FF');

