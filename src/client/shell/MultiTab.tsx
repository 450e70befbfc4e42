/**
 * Multi-tab strip (TabLayout.vue): editable-card tabs keyed by fullPath, no add button. The
 * home tab keeps a close icon (JeecgBoot ≤2.3) so that trying shows 首页不能关闭!. A
 * right-click on a tab label opens the context menu 刷新 (4) / 关闭左侧 (1) / 关闭右侧 (2) /
 * 关闭其它 (3). Rules live in state/tabs.ts.
 *
 * One controlled menu serves the whole strip, anchored where the mouse was (as JeecgBoot's
 * Contextmenu): a Dropdown per tab kept its own open state across the strip's re-renders, and
 * after 关闭左侧 a right-click on another tab could open nothing.
 */
import { useState, type MouseEvent } from 'react';
import { App, Dropdown, Tabs } from 'antd';
import { ReloadOutlined, ArrowLeftOutlined, ArrowRightOutlined, CloseOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useAtomValue } from 'jotai';
import { appStore } from '../state/atoms';
import { closeTab, setTabs, TAB_MENU, tabMenuAction, tabsAtom } from '../state/tabs';

const CONTEXT_ITEMS = [
  { key: TAB_MENU.refresh, icon: <ReloadOutlined />, label: '刷新' },
  { key: TAB_MENU.closeLeft, icon: <ArrowLeftOutlined />, label: '关闭左侧' },
  { key: TAB_MENU.closeRight, icon: <ArrowRightOutlined />, label: '关闭右侧' },
  { key: TAB_MENU.closeOthers, icon: <CloseOutlined />, label: '关闭其它' },
];

function fireResize() {
  setTimeout(() => window.dispatchEvent(new Event('resize')), 20);
}

export function MultiTab() {
  const tabs = useAtomValue(tabsAtom, { store: appStore });
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [menu, setMenu] = useState<{ key: string; x: number; y: number } | null>(null);

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

  function remove(key: string) {
    const current = appStore.get(tabsAtom);
    const { state, warning } = closeTab(current, key);
    if (warning) {
      void message.warning(warning);
      return;
    }
    setTabs(state);
    if (state.active !== current.active) go(state.active);
  }

  function onMenu(menuKey: string, key: string) {
    const current = appStore.get(tabsAtom);
    const next = tabMenuAction(current, menuKey, key);
    setTabs(next);
    if (next.active !== current.active) go(next.active);
  }

  return (
    <div onContextMenu={onContextMenu}>
      <Tabs
        type="editable-card"
        hideAdd
        size="small"
        activeKey={tabs.active}
        onChange={go}
        onEdit={(key, action) => {
          if (action === 'remove' && typeof key === 'string') remove(key);
        }}
        tabBarStyle={{ margin: 0, paddingTop: 8 }}
        style={{ background: '#fff', padding: '0 16px' }}
        data-testid="multi-tab"
        items={tabs.pages.map((p) => ({
          key: p.fullPath,
          closable: true,
          label: (
            <span data-pagekey={p.fullPath} style={{ userSelect: 'none' }}>
              {p.title}
            </span>
          ),
        }))}
      />
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
