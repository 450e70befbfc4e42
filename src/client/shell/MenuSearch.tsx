/**
 * Header menu search (UserMenu.vue): a search icon opening a showSearch select with
 * placeholder 搜索菜单 over the flattened, non-hidden menu (title filter ignores case) —
 * inline on desktop, in a Modal titled 搜索菜单 on mobile. Picking an external or iframe
 * menu opens a new tab (window.open); others navigate. The select itself (rc-select) loads on
 * first open (MenuSearchSelect.tsx): it is not needed for the header's first paint.
 */
import { lazy, Suspense, useMemo, useState } from 'react';
import { Modal } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useRouteNavigate } from '../app/navigate';
import { getToken } from '../state/storage';
import type { MenuItem } from '../state/types';
import { rememberTitle } from '../state/tabs';
import { isExternalMenu, isIframeMenu, menuUrl, searchOptions } from './menu';

const MenuSearchSelect = lazy(() => import('./MenuSearchSelect'));

export const SEARCH_PLACEHOLDER = '搜索菜单';

export function MenuSearch({ menu, mobile }: { menu: readonly MenuItem[]; mobile: boolean }) {
  const navigate = useRouteNavigate();
  const [open, setOpen] = useState(false);
  const options = useMemo(() => searchOptions(menu), [menu]);

  function pick(value: string) {
    const opt = options.find((o) => o.value === value);
    setOpen(false);
    if (!opt) return;
    const item = opt.item;
    if (isExternalMenu(item) || isIframeMenu(item)) {
      const url = menuUrl(item, getToken());
      if (url) {
        window.open(url);
        return;
      }
    }
    rememberTitle(item.path, opt.label);
    navigate(item.path);
  }

  const select = (
    <Suspense fallback={null}>
      <MenuSearchSelect options={options} mobile={mobile} placeholder={SEARCH_PLACEHOLDER} onPick={pick} onClose={() => setOpen(false)} />
    </Suspense>
  );

  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
      <a role="button" aria-label={SEARCH_PLACEHOLDER} title={SEARCH_PLACEHOLDER} onClick={() => setOpen((v) => !v)} data-testid="menu-search-trigger">
        <SearchOutlined />
      </a>
      {mobile ? (
        <Modal title={SEARCH_PLACEHOLDER} open={open} footer={null} onCancel={() => setOpen(false)} destroyOnHidden>
          {select}
        </Modal>
      ) : open ? (
        select
      ) : null}
    </span>
  );
}
