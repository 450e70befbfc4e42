/**
 * The antd theme of every page, in a module of its own (no antd import) so that the build's
 * static antd stylesheet (generators/antd-css.ts) renders under this very object: a style is
 * taken from the file only when its theme hash matches the page's.
 */
export const THEME = { token: { colorPrimary: '#1890FF' } };

