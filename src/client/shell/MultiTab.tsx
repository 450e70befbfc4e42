/**
 * Multi-tab strip (TabLayout.vue): editable-card tabs keyed by fullPath, no add button. The
 * home tab keeps a close icon (JeecgBoot ≤2.3) so that trying shows 首页不能关闭!. A
 * right-click on a tab label opens the context menu 刷新 (4) / 关闭左侧 (1) / 关闭右侧 (2) /
 * 关闭其它 (3). Rules live in state/tabs.ts.
 *
 * Our own strip, not antd Tabs: rc-tabs measured every tab (getBoundingClientRect in a layout
 * effect) on mount, forcing a layout of the whole page while a list page was still rendering.
 * This strip measures nothing itself; with many tabs it scrolls horizontally, and the active
 * tab is brought into view when it changes (tabStripScroll.ts).
 *
 * Keyboard (WAI-ARIA tabs, manual activation): Left/Right (Home/End) move the focus, Enter or
 * Space activates, Delete or Backspace closes the focused tab with the close icon's rules.
 *
 * One controlled menu serves the whole strip, anchored where the mouse was (as JeecgBoot's
 * Contextmenu): a Dropdown per tab kept its own open state across the strip's re-renders, and
 * after 关闭左侧 a right-click on another tab could open nothing.
 */
import { useEffect, useInsertionEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { App, Dropdown, theme } from 'antd';
import { ReloadOutlined, ArrowLeftOutlined, ArrowRightOutlined, CloseOutlined } from '@ant-design/icons';
import { useRouteNavigate } from '../app/navigate';
import { useAtomValue } from 'jotai';
import { appStore } from '../state/atoms';
import { closeTab, setTabs, TAB_MENU, tabMenuAction, tabsAtom } from '../state/tabs';
import { CLS, injectTabStripStyle, tabStripVars } from './tabStripStyle';
import { revealInStrip, useWheelScrollsStrip } from './tabStripScroll';

const CONTEXT_ITEMS = [
  { key: TAB_MENU.refresh, icon: <ReloadOutlined />, label: '刷新' },
  { key: TAB_MENU.closeLeft, icon: <ArrowLeftOutlined />, label: '关闭左侧' },
  { key: TAB_MENU.closeRight, icon: <ArrowRightOutlined />, label: '关闭右侧' },
  { key: TAB_MENU.closeOthers, icon: <CloseOutlined />, label: '关闭其它' },
];

const TAB_SELECTOR = '[role="tab"]';

function fireResize() {
  setTimeout(() => window.dispatchEvent(new Event('resize')), 20);
}

export function MultiTab() {
  const tabs = useAtomValue(tabsAtom, { store: appStore });
  const navigate = useRouteNavigate();
  const { message } = App.useApp();
  const { token } = theme.useToken();
  const [menu, setMenu] = useState<{ key: string; x: number; y: number } | null>(null);
  const listRef = useRef<HTMLDivElement>(null);
  /** Index of the tab to focus after a keyboard close removed the focused one. */
  const focusAfterClose = useRef<number | null>(null);

  useInsertionEffect(injectTabStripStyle, []);
  useWheelScrollsStrip(listRef);

  useEffect(() => {
    const list = listRef.current;
    return list ? revealInStrip(list, list.querySelector<HTMLElement>(`.${CLS.active}`)) : undefined;
  }, [tabs.active]);

  useEffect(() => {
    const i = focusAfterClose.current;
    if (i === null) return;
    focusAfterClose.current = null;
    const all = listRef.current?.querySelectorAll<HTMLElement>(TAB_SELECTOR);
    if (all?.length) all[Math.min(i, all.length - 1)]!.focus();
  }, [tabs.pages]);

  function onContextMenu(e: MouseEvent) {
    const label = (e.target as HTMLElement).closest('[data-pagekey]');
    const key = label?.getAttribute('data-pagekey');
    if (!key) return;
    e.preventDefault();
    setMenu({ key, x: e.clientX, y: e.clientY });
  }

  function go(key: string) {
    navigate(key);
    fireResize();
  }

  /** Closes a tab; false when refused (the warning is shown). */
  function remove(key: string): boolean {
    const current = appStore.get(tabsAtom);
    const { state, warning } = closeTab(current, key);
    if (warning) {
      void message.warning(warning);
      return false;
    }
    setTabs(state);
    if (state.active !== current.active) go(state.active);
    return true;
  }

  function onMenu(menuKey: string, key: string) {
    const current = appStore.get(tabsAtom);
    const next = tabMenuAction(current, menuKey, key);
    setTabs(next);
    if (next.active !== current.active) go(next.active);
  }

  function onTabKeyDown(e: KeyboardEvent<HTMLElement>, key: string, index: number) {
    const all = [...(listRef.current?.querySelectorAll<HTMLElement>(TAB_SELECTOR) ?? [])];
    const focusAt = (i: number) => all[(i + all.length) % all.length]?.focus();
    switch (e.key) {
      case 'ArrowRight':
        focusAt(index + 1);
        break;
      case 'ArrowLeft':
        focusAt(index - 1);
        break;
      case 'Home':
        focusAt(0);
        break;
      case 'End':
        focusAt(all.length - 1);
        break;
      case 'Enter':
      case ' ':
        if (key !== tabs.active) go(key);
        break;
      case 'Delete':
      case 'Backspace':
        if (remove(key)) focusAfterClose.current = index;
        break;
      default:
        return;
    }
    e.preventDefault();
  }

  return (
    <div onContextMenu={onContextMenu} data-testid="multi-tab" style={{ background: '#fff', padding: '0 16px', ...tabStripVars(token) }}>
      <div className={CLS.nav}>
        <div ref={listRef} role="tablist" aria-label="已打开的页面" className={CLS.list}>
          {tabs.pages.map((p, i) => {
            const active = p.fullPath === tabs.active;
            return (
              <div
                key={p.fullPath}
                className={active ? `${CLS.tab} ${CLS.active}` : CLS.tab}
                onClick={() => {
                  if (!active) go(p.fullPath);
                }}
              >
                <div
                  role="tab"
                  aria-selected={active}
                  tabIndex={active ? 0 : -1}
                  className={CLS.btn}
                  onKeyDown={(e) => onTabKeyDown(e, p.fullPath, i)}
                >
                  <span data-pagekey={p.fullPath}>{p.title}</span>
                </div>
                <button
                  type="button"
                  tabIndex={-1}
                  aria-label={`关闭 ${p.title}`}
                  className={CLS.remove}
                  onClick={(e) => {
                    e.stopPropagation();
                    remove(p.fullPath);
                  }}
                >
                  <CloseOutlined />
                </button>
              </div>
            );
          })}
        </div>
      </div>
      <Dropdown
        open={menu !== null}
        trigger={['contextMenu']}
        onOpenChange={(open) => {
          if (!open) setMenu(null);
        }}
        menu={{
          items: CONTEXT_ITEMS,
          onClick: ({ key: k }) => {
            const target = menu?.key;
            setMenu(null);
            if (target) onMenu(k, target);
          },
        }}
      >
        <span aria-hidden style={{ position: 'fixed', left: menu?.x ?? 0, top: menu?.y ?? 0, width: 1, height: 1 }} />
      </Dropdown>
    </div>
  );
}
