/**
 * Header right side (UserMenu.vue), left to right: remote-imaging
 * link (appList remote_imaging status 1), menu search, current organisation (OrgSwitch),
 * notice bell, user dropdown (avatar + 欢迎您，<realname> on desktop; 账户设置 / 系统设置 /
 * 修改密码 / 切换部门 / 退出登录) and the logout link (text on desktop only).
 * Logout asks 提示 / 真的要注销登录吗 ? first; with CAS configured it ends at CAS's logout.
 */
import { useEffect, useState } from 'react';
import { App, Avatar, Dropdown } from 'antd';
import { UserOutlined, SettingOutlined, ToolOutlined, LockOutlined, ClusterOutlined, LogoutOutlined, PictureOutlined } from '@ant-design/icons';
import { useRouteNavigate } from '../app/navigate';
import { useAtomValue } from 'jotai';
import { appStore, globalConfigAtom, userInfoAtom } from '../state/atoms';
import { logout } from '../state/session';
import { clearTabs, rememberTitle } from '../state/tabs';
import type { MenuItem } from '../state/types';
import { getFileAccessHttpUrl } from '../api/config';
import { MenuSearch } from './MenuSearch';
import { ChangePasswordModal, DepartPicker, NoticeBell, OrgSwitch } from './lazyParts';
import { SWITCH, switchOn } from './appFilter';
import { remoteImagingUrl } from './variant';

export const ACCOUNT_SETTINGS_PATH = '/account/settings/base';
export const ACCOUNT_CENTER_PATH = '/account/center';
export const LOGOUT_TITLE = '提示';
export const LOGOUT_CONTENT = '真的要注销登录吗 ?';

const action = { display: 'inline-flex', alignItems: 'center', gap: 6, padding: '0 12px', height: '100%', cursor: 'pointer' } as const;

export function UserMenu({ menu, mobile, onOpenSettings, dark }: { menu: readonly MenuItem[]; mobile: boolean; onOpenSettings: () => void; dark?: boolean }) {
  const user = useAtomValue(userInfoAtom, { store: appStore });
  const cfg = useAtomValue(globalConfigAtom, { store: appStore });
  const navigate = useRouteNavigate();
  const { modal } = App.useApp();
  const [pwdOpen, setPwdOpen] = useState(false);
  // the user menu: open while hovered (a tap on a touch screen), or from the keyboard (Enter,
  // Space or ↓ on the focused name), which also moves the focus into it for the arrow keys
  const [menuOpen, setMenuOpen] = useState(false);
  const [byKey, setByKey] = useState(false);
  const [departOpen, setDepartOpen] = useState(false);
  // 个人设置 › 安全设置 asks for the same dialog (pages/account/AccountSettings OPEN_PASSWORD_EVENT)
  useEffect(() => {
    const open = () => setPwdOpen(true);
    window.addEventListener('account:change-password', open);
    return () => window.removeEventListener('account:change-password', open);
  }, []);
  const imaging = switchOn(cfg?.appList, SWITCH.remoteImaging) ? remoteImagingUrl() : undefined;

  function confirmLogout() {
    modal.confirm({
      title: LOGOUT_TITLE,
      content: LOGOUT_CONTENT,
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        clearTabs();
        // with CAS: CAS's logout too, back to this console's login page
        await logout({ casServerUrl: cfg?.casServerUrl || undefined });
      },
    });
  }

  function onMenu({ key }: { key: string }) {
    switch (key) {
      case '0':
        rememberTitle(ACCOUNT_CENTER_PATH, '个人中心');
        navigate(ACCOUNT_CENTER_PATH);
        break;
      case '1':
        rememberTitle(ACCOUNT_SETTINGS_PATH, '账户设置');
        navigate(ACCOUNT_SETTINGS_PATH);
        break;
      case '3':
        onOpenSettings();
        break;
      case '4':
        setPwdOpen(true);
        break;
      case '5':
        setDepartOpen(true);
        break;
      case '6':
        confirmLogout();
        break;
      default:
    }
  }

  const color = dark ? 'rgba(255,255,255,.85)' : 'rgba(0,0,0,.65)';
  const avatar = user?.avatar ? getFileAccessHttpUrl(user.avatar) : undefined;
  return (
    <div style={{ display: 'flex', alignItems: 'center', height: '100%', color }} data-testid="user-menu">
      {imaging ? (
        <a href={imaging} target="_blank" rel="noopener noreferrer" style={{ ...action, color }} data-testid="remote-imaging">
          <PictureOutlined />
          {mobile ? null : <span>远程影像</span>}
        </a>
      ) : null}
      <span style={action}>
        <MenuSearch menu={menu} mobile={mobile} />
      </span>
      <span style={action}>
        <OrgSwitch />
      </span>
      <span style={action}>
        <NoticeBell />
      </span>
      <Dropdown
        // One way to open it: with both hover and click, a click after the hover delay toggles the
        // menu the hover just opened shut again. Touch screens have no hover, so they tap.
        trigger={mobile ? ['click'] : ['hover']}
        open={menuOpen}
        onOpenChange={(open) => {
          setMenuOpen(open);
          if (!open) setByKey(false);
        }}
        autoFocus={byKey}
        menu={{
          onClick: (e) => {
            setMenuOpen(false);
            setByKey(false);
            onMenu(e);
          },
          items: [
            { key: '0', icon: <UserOutlined />, label: '个人中心' },
            { key: '1', icon: <SettingOutlined />, label: '账户设置' },
            { key: '3', icon: <ToolOutlined />, label: '系统设置' },
            { key: '4', icon: <LockOutlined />, label: '修改密码' },
            { key: '5', icon: <ClusterOutlined />, label: '切换部门' },
            { type: 'divider' },
            { key: '6', icon: <LogoutOutlined />, label: '退出登录' },
          ],
        }}
      >
        <span
          style={action}
          data-testid="user-dropdown"
          role="button"
          tabIndex={0}
          aria-haspopup="menu"
          aria-expanded={menuOpen}
          onKeyDown={(e) => {
            if (e.key !== 'Enter' && e.key !== ' ' && e.key !== 'ArrowDown') return;
            e.preventDefault();
            setByKey(true);
            setMenuOpen(true);
          }}
        >
          <Avatar size="small" src={avatar} icon={<UserOutlined />} />
          {mobile ? null : <span data-testid="header-user">欢迎您，{user?.realname || user?.username || ''}</span>}
        </span>
      </Dropdown>
      <a role="button" aria-label="退出登录" title="退出登录" onClick={confirmLogout} style={{ ...action, color }} data-testid="header-logout">
        <LogoutOutlined />
        {mobile ? null : <span>退出登录</span>}
      </a>
      <ChangePasswordModal open={pwdOpen} onClose={() => setPwdOpen(false)} />
      <DepartPicker open={departOpen} onClose={() => setDepartOpen(false)} />
    </div>
  );
}
