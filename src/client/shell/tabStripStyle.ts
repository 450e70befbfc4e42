/**
 * Styles of the multi-tab strip: antd's small editable-card look (measured against antd 5's
 * Tabs: 32 px cards, 4px 8px padding, 2 px gutter, top radius, the selected card white with
 * the primary colour, a 1 px line under the strip) without loading antd's Tabs styles.
 *
 * Colours come from the theme as CSS variables set on the strip (tabStripVars), so the
 * settings drawer's primary colour applies. The rules go into one <style> in <head> the first
 * time a strip renders (no extra stylesheet request on the cold load); :hover, :focus-visible
 * and the hidden scrollbar need a stylesheet, the rest could be inline but reads better here.
 */
import type { CSSProperties } from 'react';
import type { GlobalToken } from 'antd';

export const CLS = {
  nav: 'multi-tab-nav',
  list: 'multi-tab-list',
  tab: 'multi-tab-tab',
  active: 'multi-tab-tab-active',
  btn: 'multi-tab-btn',
  remove: 'multi-tab-remove',
} as const;

const CSS = `
.${CLS.nav}{position:relative;padding-top:8px}
.${CLS.nav}::before{content:'';position:absolute;left:0;right:0;bottom:0;border-bottom:1px solid var(--mt-border)}
.${CLS.list}{position:relative;display:flex;overflow-x:auto;overflow-y:hidden;white-space:nowrap;scrollbar-width:none}
.${CLS.list}::-webkit-scrollbar{display:none}
.${CLS.tab}{position:relative;display:inline-flex;flex:none;align-items:center;margin:0;padding:4px 8px;font-size:var(--mt-font-size);line-height:var(--mt-line-height);color:var(--mt-text);background:var(--mt-card-bg);border:1px solid var(--mt-border);border-radius:var(--mt-radius) var(--mt-radius) 0 0;cursor:pointer;transition:all var(--mt-motion);-webkit-tap-highlight-color:transparent}
.${CLS.tab}+.${CLS.tab}{margin-left:2px}
.${CLS.tab}:hover{color:var(--mt-primary-hover)}
.${CLS.active}{color:var(--mt-primary);background:var(--mt-bg);border-bottom-color:var(--mt-bg)}
.${CLS.active}:hover{color:var(--mt-primary)}
.${CLS.active} .${CLS.btn}{text-shadow:0 0 .25px currentcolor}
.${CLS.btn}{outline:none;user-select:none}
.${CLS.tab}:has(.${CLS.btn}:focus-visible){outline:var(--mt-focus-width) solid var(--mt-focus);outline-offset:-3px}
.${CLS.remove}{flex:none;margin:0 -4px 0 8px;padding:1px 6px;line-height:1;font-size:12px;color:var(--mt-icon);background:transparent;border:none;outline:none;cursor:pointer;transition:all var(--mt-motion)}
.${CLS.remove} .anticon{margin:0;vertical-align:middle}
.${CLS.remove}:hover{color:var(--mt-heading)}
.${CLS.remove}:focus-visible{outline:var(--mt-focus-width) solid var(--mt-focus);outline-offset:1px}
`;

let injected = false;

/** Puts the strip's rules into the document once. */
export function injectTabStripStyle(): void {
  if (injected || typeof document === 'undefined') return;
  injected = true;
  const el = document.createElement('style');
  el.setAttribute('data-multi-tab', '');
  el.textContent = CSS;
  document.head.appendChild(el);
}

/** The theme colours the rules read, set on the strip element. */
export function tabStripVars(token: GlobalToken): CSSProperties {
  return {
    '--mt-primary': token.colorPrimary,
    '--mt-primary-hover': token.colorPrimaryHover,
    '--mt-focus': token.colorPrimaryBorder,
    '--mt-focus-width': `${token.lineWidthFocus}px`,
    '--mt-text': token.colorText,
    '--mt-heading': token.colorTextHeading,
    '--mt-icon': token.colorIcon,
    '--mt-border': token.colorBorderSecondary,
    '--mt-card-bg': token.colorFillAlter,
    '--mt-bg': token.colorBgContainer,
    '--mt-radius': `${token.borderRadius}px`,
    '--mt-font-size': `${token.fontSize}px`,
    '--mt-line-height': `${Math.round(token.fontSize * token.lineHeight)}px`,
    '--mt-motion': `${token.motionDurationSlow} ${token.motionEaseInOut}`,
  } as CSSProperties;
}
