/**
 * Settings drawer (SettingDrawer.vue): 300 px, on the right, described as a
 * development preview. Changes go through state/settings (rules + vue-ls persistence); the
 * theme colour is applied live by the root ConfigProvider (app/Providers.tsx).
 */
import type { ReactNode } from 'react';
import { Alert, Divider, Drawer, Select, Switch, Tooltip } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { useAtomValue } from 'jotai';
import { appStore } from '../state/atoms';
import { settingsAtom, THEME_COLORS, updateSettings, type Settings } from '../state/settings';

export const PREVIEW_NOTE = '该功能为开发预览';
export const FLUID_TIP = '该设定仅 [顶部栏导航] 时有效';

function Tile({ label, selected, onClick, dark, top }: { label: string; selected: boolean; onClick: () => void; dark?: boolean; top?: boolean }) {
  return (
    <Tooltip title={label}>
      <div
        role="radio"
        aria-checked={selected}
        aria-label={label}
        onClick={onClick}
        style={{
          position: 'relative',
          width: 48,
          height: 40,
          marginRight: 16,
          borderRadius: 4,
          cursor: 'pointer',
          background: '#f0f2f5',
          boxShadow: '0 1px 2.5px rgba(0,0,0,.18)',
          overflow: 'hidden',
          display: 'inline-block',
        }}
      >
        {top ? (
          <div style={{ height: 10, background: dark ? '#001529' : '#fff' }} />
        ) : (
          <div style={{ position: 'absolute', left: 0, top: 0, bottom: 0, width: 14, background: dark ? '#001529' : '#fff' }} />
        )}
        {selected ? (
          <CheckOutlined style={{ position: 'absolute', right: 6, bottom: 6, color: '#1890FF', fontSize: 14 }} />
        ) : null}
      </div>
    </Tooltip>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div style={{ marginBottom: 24 }}>
      <h3 style={{ fontSize: 14, color: 'rgba(0,0,0,.85)', marginBottom: 12, lineHeight: '22px' }}>{title}</h3>
      {children}
    </div>
  );
}

function Row({ label, action, disabled }: { label: string; action: ReactNode; disabled?: boolean }) {
  return (
    <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', padding: '12px 0' }}>
      <span style={{ textDecoration: disabled ? 'line-through' : undefined, color: disabled ? 'rgba(0,0,0,.25)' : undefined }}>{label}</span>
      {action}
    </div>
  );
}

export function SettingDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const s = useAtomValue(settingsAtom, { store: appStore });
  const set = (patch: Partial<Settings>) => {
    updateSettings(patch);
    if ('layout' in patch) setTimeout(() => window.dispatchEvent(new Event('resize')), 0);
  };
  const topmenu = s.layout === 'topmenu';
  return (
    <Drawer open={open} onClose={onClose} width={300} placement="right" closable={false} data-testid="setting-drawer" rootClassName="setting-drawer">
      <Section title="整体风格设置">
        <Tile label="暗色菜单风格" dark selected={s.navTheme === 'dark'} onClick={() => set({ navTheme: 'dark' })} />
        <Tile label="亮色菜单风格" selected={s.navTheme === 'light'} onClick={() => set({ navTheme: 'light' })} />
      </Section>

      <Section title="主题色">
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
          {THEME_COLORS.map((c) => (
            <Tooltip key={c.color} title={c.key}>
              <div
                role="radio"
                aria-checked={s.primaryColor.toUpperCase() === c.color}
                aria-label={c.key}
                data-color={c.color}
                onClick={() => set({ primaryColor: c.color })}
                style={{ width: 20, height: 20, borderRadius: 2, cursor: 'pointer', background: c.color, display: 'inline-flex', alignItems: 'center', justifyContent: 'center' }}
              >
                {s.primaryColor.toUpperCase() === c.color ? <CheckOutlined style={{ color: '#fff', fontSize: 12 }} /> : null}
              </div>
            </Tooltip>
          ))}
        </div>
      </Section>
      <Divider />

      <Section title="导航模式">
        <Tile label="侧边栏导航" selected={s.layout === 'sidemenu'} onClick={() => set({ layout: 'sidemenu' })} />
        <Tile label="顶部栏导航" top selected={topmenu} onClick={() => set({ layout: 'topmenu' })} />
        <div style={{ marginTop: 16 }}>
          <Row
            label="内容区域宽度"
            action={
              <Tooltip title={FLUID_TIP} placement="left">
                <Select
                  size="small"
                  style={{ width: 80 }}
                  value={s.contentWidth}
                  onChange={(v) => set({ contentWidth: v })}
                  options={[{ value: 'Fixed', label: '固定' }, ...(topmenu ? [{ value: 'Fluid', label: '流式' }] : [])]}
                  aria-label="内容区域宽度"
                />
              </Tooltip>
            }
          />
          <Row label="固定 Header" action={<Switch size="small" checked={s.fixedHeader} onChange={(v) => set({ fixedHeader: v })} aria-label="固定 Header" />} />
          <Row
            label="下滑时隐藏 Header"
            disabled={!s.fixedHeader}
            action={
              <Switch size="small" disabled={!s.fixedHeader} checked={s.autoHideHeader} onChange={(v) => set({ autoHideHeader: v })} aria-label="下滑时隐藏 Header" />
            }
          />
          <Row
            label="固定侧边菜单"
            disabled={topmenu}
            action={<Switch size="small" disabled={topmenu} checked={s.fixSiderbar} onChange={(v) => set({ fixSiderbar: v })} aria-label="固定侧边菜单" />}
          />
        </div>
      </Section>
      <Divider />

      <Section title="其他设置">
        <div>
          <Row label="色弱模式" action={<Switch size="small" checked={s.colorWeak} onChange={(v) => set({ colorWeak: v })} aria-label="色弱模式" />} />
          <Row label="多页签模式" action={<Switch size="small" checked={s.multipage} onChange={(v) => set({ multipage: v })} aria-label="多页签模式" />} />
        </div>
      </Section>
      <Divider />
      <Alert type="warning" showIcon message={PREVIEW_NOTE} description="配置栏只在开发环境用于预览，生产环境不会展现，请手动修改配置文件" />
    </Drawer>
  );
}
