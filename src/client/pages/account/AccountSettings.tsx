/**
 * 个人设置 (/account/settings/<section>): 基本设置 (name, avatar, phone, e-mail through
 * changeUserInfo), 安全设置 (change password; active sessions with 退出 per device), 账号绑定,
 * 个性化 (theme settings, saved per user on the server: state/userPrefs.ts), 新消息通知
 * (which pushed messages pop up).
 */
import { useEffect, useMemo, useState } from 'react';
import AvatarCrop from './AvatarCrop';
import { Button, Form, Switch, Tag } from 'antd';
import { Face, Rows } from './Rows';
import Input from 'antd/es/input/Input';
import { UploadOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useAtomValue } from 'jotai';
import { getFileAccessHttpUrl } from '../../api/config';
import { feedback } from '../../api/feedback';
import { appStore, globalConfigAtom } from '../../state/atoms';
import { settingsAtom, THEME_COLORS, updateSettings } from '../../state/settings';
import type { NotifyPrefs } from '../../state/userPrefs';
import type { PageProps } from '../registry';
import { PHONE_PATTERN, EMAIL_PATTERN } from '../../../core/validators/formats';
import { changeUserInfo, fetchProfile, fetchSessions, revokeSession, uploadAvatar, type Profile, type SessionRow } from './api';

/** The header's user menu opens its 修改密码 dialog on this window event. */
export const OPEN_PASSWORD_EVENT = 'account:change-password';

export const SECTIONS = [
  { key: 'base', title: '基本设置' },
  { key: 'security', title: '安全设置' },
  { key: 'binding', title: '账号绑定' },
  { key: 'custom', title: '个性化' },
  { key: 'notification', title: '新消息通知' },
] as const;
type Section = (typeof SECTIONS)[number]['key'];

function BaseSetting() {
  const [initial, setInitial] = useState<{ realname: string; phone: string; email: string } | null>(null);
  const [avatar, setAvatar] = useState<string>('');
  const [picked, setPicked] = useState<File | null>(null);
  const [saving, setSaving] = useState(false);
  /** 确定 of the crop step: upload the cropped PNG, then save it as the avatar (changeUserInfo). */
  async function saveAvatar(png: File) {
    try {
      const path = await uploadAvatar(png);
      const r = await changeUserInfo({ avatar: path });
      if (!r.success) {
        feedback.message.warning(r.message);
        return;
      }
      setAvatar(path);
      setPicked(null);
      feedback.message.success('头像已更新');
    } catch (err) {
      feedback.message.error(err instanceof Error ? err.message : String(err));
    }
  }
  useEffect(() => {
    fetchProfile().then((p: Profile) => {
      setInitial({ realname: p.userInfo.realname ?? '', phone: p.userInfo.phone ?? '', email: p.userInfo.email ?? '' });
      setAvatar(p.userInfo.avatar ?? '');
    }, (e: Error) => feedback.message.error(e.message));
  }, []);
  async function save(v: { realname: string; phone: string; email: string }) {
    setSaving(true);
    try {
      const r = await changeUserInfo({ realname: v.realname.trim(), phone: (v.phone ?? '').trim(), email: (v.email ?? '').trim(), avatar });
      if (r.success) feedback.message.success('更新基本信息成功');
      else feedback.message.warning(r.message);
    } finally {
      setSaving(false);
    }
  }
  return (
    <div style={{ display: 'flex', gap: 48, flexWrap: 'wrap' }}>
      {initial ? (
      <Form layout="vertical" initialValues={initial} onFinish={save} style={{ width: 400, maxWidth: '100%' }} data-testid="base-setting-form">
        <Form.Item label="姓名" name="realname" rules={[{ required: true, message: '请输入姓名' }, { max: 50, message: '姓名：请输入1-50个字符' }]}>
          <Input placeholder="请输入姓名" />
        </Form.Item>
        <Form.Item label="手机号" name="phone" rules={[{ pattern: PHONE_PATTERN, message: '手机号码格式不正确!' }]}>
          <Input placeholder="请输入手机号码" maxLength={11} />
        </Form.Item>
        <Form.Item label="邮箱" name="email" rules={[{ pattern: EMAIL_PATTERN, message: '请输入正确格式的邮箱!' }]}>
          <Input placeholder="请输入邮箱" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving}>
          更新基本信息
        </Button>
      </Form>
      ) : null}
      <div style={{ textAlign: 'center' }}>
        <div style={{ marginBottom: 12 }}>头像</div>
        <Face size={144} src={avatar ? getFileAccessHttpUrl(avatar) : undefined} />
        <div style={{ marginTop: 12 }}>
          <label className="ant-btn ant-btn-default ant-btn-color-default ant-btn-variant-outlined" style={{ cursor: 'pointer' }}>
            <UploadOutlined /> <span>更换头像</span>
            <input
              type="file"
              accept="image/png,image/jpeg,image/gif,image/webp"
              style={{ display: 'none' }}
              data-testid="avatar-file"
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                if (file) setPicked(file);
              }}
            />
          </label>
        </div>
        {picked ? (
          <AvatarCrop file={picked} onCancel={() => setPicked(null)} onDone={saveAvatar} />
        ) : null}
      </div>
    </div>
  );
}

function SecuritySetting() {
  const [sessions, setSessions] = useState<SessionRow[] | null>(null);
  const reload = () => fetchSessions().then(setSessions, (e: Error) => feedback.message.error(e.message));
  useEffect(() => {
    void reload();
  }, []);
  const out = async (id: string) => {
    const env = await revokeSession(id);
    if (env.success) feedback.message.success(env.message);
    else feedback.message.warning(env.message);
    void reload();
  };
  const time = (ms: number) => new Date(ms).toLocaleString('zh-CN', { hour12: false });
  return (
    <>
      <Rows items={[{ key: 'pwd', title: '账户密码', description: '定期修改密码可以提高账户安全性', actions: <a onClick={() => window.dispatchEvent(new Event(OPEN_PASSWORD_EVENT))}>修改</a> }]} />
      <h4 style={{ marginTop: 24 }}>登录设备</h4>
      <Rows
        testId="session-list"
        loading={!sessions}
        items={(sessions ?? []).map((s) => ({
          key: s.id,
          title: s.userAgent || '未知设备',
          description: `${s.ip || '-'} · 登录于 ${time(s.createdAt)}`,
          actions: s.current ? (
            <Tag color="green">当前设备</Tag>
          ) : (
            <Button size="small" danger onClick={() => void out(s.id)}>
              退出
            </Button>
          ),
        }))}
      />
    </>
  );
}

function BindingSetting() {
  const navigate = useNavigate();
  const cfg = useAtomValue(globalConfigAtom, { store: appStore });
  const [p, setP] = useState<Profile | null>(null);
  useEffect(() => {
    fetchProfile().then(setP, () => undefined);
  }, []);
  const mask = (phone?: string | null) => (phone ? phone.replace(/^(\d{3})\d{4}(\d{4})$/, '$1****$2') : '');
  const rows = [
    { title: '绑定手机', value: mask(p?.userInfo.phone), hint: '用于手机号登录和找回密码' },
    { title: '绑定邮箱', value: p?.userInfo.email ?? '', hint: '用于接收通知' },
  ];
  return (
    <>
      <Rows
        testId="binding-list"
        loading={!p}
        items={rows.map((r) => ({
          key: r.title,
          title: r.title,
          description: r.value ? `已绑定：${r.value}` : `未绑定，${r.hint}`,
          actions: <a onClick={() => navigate('/account/settings/base')}>{r.value ? '修改' : '绑定'}</a>,
        }))}
      />
      <p style={{ marginTop: 16 }}>统一认证（CAS）：{cfg?.casServerUrl ? '已启用' : '未启用'}</p>
    </>
  );
}

function CustomSetting() {
  const s = useAtomValue(settingsAtom, { store: appStore });
  return (
    <Rows
      testId="custom-setting"
      items={[
        { key: 'theme', title: '风格配色', description: '整体风格配色设置', actions: <Switch checked={s.navTheme === 'dark'} checkedChildren="暗色" unCheckedChildren="亮色" onChange={(on) => updateSettings({ navTheme: on ? 'dark' : 'light' })} /> },
        {
          key: 'color',
          title: '主题色',
          description: '页面风格配色',
          actions: (
            <div style={{ display: 'flex', gap: 8 }}>
              {THEME_COLORS.map((c) => (
                <button
                  key={c.color}
                  type="button"
                  aria-label={c.key}
                  title={c.key}
                  aria-pressed={s.primaryColor.toUpperCase() === c.color}
                  onClick={() => updateSettings({ primaryColor: c.color })}
                  style={{ width: 20, height: 20, background: c.color, border: s.primaryColor.toUpperCase() === c.color ? '2px solid #000' : 'none', borderRadius: 2, cursor: 'pointer' }}
                />
              ))}
            </div>
          ),
        },
        { key: 'layout', title: '导航模式', description: '侧边栏导航或顶部导航', actions: <Switch checked={s.layout === 'topmenu'} checkedChildren="顶部栏导航" unCheckedChildren="侧边栏导航" onChange={(on) => updateSettings({ layout: on ? 'topmenu' : 'sidemenu' })} /> },
        { key: 'multipage', title: '多页签模式', description: '打开的页面以页签显示', actions: <Switch checked={s.multipage} onChange={(on) => updateSettings({ multipage: on })} /> },
        { key: 'weak', title: '色弱模式', description: '保存在账户中，在任何浏览器登录都会恢复', actions: <Switch checked={s.colorWeak} onChange={(on) => updateSettings({ colorWeak: on })} /> },
      ]}
    />
  );
}

function NotificationSetting() {
  // loaded on demand: a static import would share the shell's module and split its chunk
  const prefs = useMemo(() => import('../../state/userPrefs'), []);
  const [p, setP] = useState<NotifyPrefs | null>(null);
  useEffect(() => {
    void prefs.then((m) => setP(appStore.get(m.notifyPrefsAtom)));
  }, []);
  const set = async (patch: Partial<NotifyPrefs>) => {
    if (!p) return;
    const next = { ...p, ...patch };
    setP(next);
    const m = await prefs;
    if (await m.saveNotifyPrefs(next).catch(() => false)) feedback.message.success('保存成功');
  };
  if (!p) return null;
  return (
    <Rows
      testId="notify-setting"
      items={[
        { key: 'topic', title: '通知公告', description: '发布给全部用户的公告推送时弹出提醒', actions: <Switch aria-label="通知公告" checked={p.topic} onChange={(on) => void set({ topic: on })} /> },
        { key: 'user', title: '系统消息', description: '发给我的消息推送时弹出提醒', actions: <Switch aria-label="系统消息" checked={p.user} onChange={(on) => void set({ user: on })} /> },
      ]}
    />
  );
}

const VIEWS: Record<Section, () => JSX.Element | null> = {
  base: BaseSetting,
  security: SecuritySetting,
  binding: BindingSetting,
  custom: CustomSetting,
  notification: NotificationSetting,
};

export default function AccountSettings({ path }: PageProps) {
  const navigate = useNavigate();
  const last = (path ?? '').split('/').pop() as Section;
  const section: Section = last in VIEWS ? last : 'base';
  const View = VIEWS[section];
  return (
    <div data-testid="account-settings" style={{ display: 'flex', background: '#fff', borderRadius: 8, border: '1px solid #f0f0f0' }}>
      <nav role="tablist" aria-orientation="vertical" style={{ width: 200, flex: 'none', borderRight: '1px solid #f0f0f0', padding: '8px 0' }}>
        {SECTIONS.map((s) => (
          <button
            key={s.key}
            type="button"
            role="tab"
            aria-selected={s.key === section}
            onClick={() => navigate(`/account/settings/${s.key}`)}
            style={{
              display: 'block',
              width: '100%',
              textAlign: 'left',
              padding: '10px 24px',
              border: 'none',
              borderRight: s.key === section ? '3px solid #1890ff' : '3px solid transparent',
              background: s.key === section ? '#e6f4ff' : 'transparent',
              color: s.key === section ? '#1890ff' : 'rgba(0,0,0,.88)',
              cursor: 'pointer',
              fontFamily: 'inherit',
              fontSize: 14,
            }}
          >
            {s.title}
          </button>
        ))}
      </nav>
      <div style={{ flex: 1, padding: '8px 40px 24px' }}>
        <h3 style={{ margin: '16px 0' }}>{SECTIONS.find((s) => s.key === section)!.title}</h3>
        <View />
      </div>
    </div>
  );
}
