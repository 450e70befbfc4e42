/**
 * IconInput (lazy): a searchable select over a short, explicit list of
 * @ant-design/icons outlined icons (menu-style; only these are bundled). The
 * value is the kebab name JeecgBoot menus use (`user`, `medicine-box`).
 */
import type { ComponentType } from 'react';
import { Select } from 'antd';
import {
  HomeOutlined, UserOutlined, TeamOutlined, SettingOutlined, DashboardOutlined, AppstoreOutlined, BankOutlined, MedicineBoxOutlined, ExperimentOutlined, HeartOutlined, SolutionOutlined, FileTextOutlined, FileSearchOutlined, ProfileOutlined, CalendarOutlined, ScheduleOutlined, ClockCircleOutlined, MessageOutlined, NotificationOutlined, BellOutlined, ShopOutlined, ShoppingCartOutlined, AccountBookOutlined, PayCircleOutlined, WalletOutlined, SafetyOutlined, LockOutlined, KeyOutlined, EnvironmentOutlined, GlobalOutlined, DatabaseOutlined, CloudOutlined, MobileOutlined, PhoneOutlined, MailOutlined, AuditOutlined, IdcardOutlined, ContactsOutlined, FundOutlined, BarChartOutlined, PieChartOutlined, LineChartOutlined, ToolOutlined, ApartmentOutlined, ClusterOutlined, TagsOutlined, StarOutlined, FlagOutlined, PictureOutlined, VideoCameraOutlined, CustomerServiceOutlined,
} from '@ant-design/icons';

export const ICONS: Record<string, ComponentType> = {
  'home': HomeOutlined,
  'user': UserOutlined,
  'team': TeamOutlined,
  'setting': SettingOutlined,
  'dashboard': DashboardOutlined,
  'appstore': AppstoreOutlined,
  'bank': BankOutlined,
  'medicine-box': MedicineBoxOutlined,
  'experiment': ExperimentOutlined,
  'heart': HeartOutlined,
  'solution': SolutionOutlined,
  'file-text': FileTextOutlined,
  'file-search': FileSearchOutlined,
  'profile': ProfileOutlined,
  'calendar': CalendarOutlined,
  'schedule': ScheduleOutlined,
  'clock-circle': ClockCircleOutlined,
  'message': MessageOutlined,
  'notification': NotificationOutlined,
  'bell': BellOutlined,
  'shop': ShopOutlined,
  'shopping-cart': ShoppingCartOutlined,
  'account-book': AccountBookOutlined,
  'pay-circle': PayCircleOutlined,
  'wallet': WalletOutlined,
  'safety': SafetyOutlined,
  'lock': LockOutlined,
  'key': KeyOutlined,
  'environment': EnvironmentOutlined,
  'global': GlobalOutlined,
  'database': DatabaseOutlined,
  'cloud': CloudOutlined,
  'mobile': MobileOutlined,
  'phone': PhoneOutlined,
  'mail': MailOutlined,
  'audit': AuditOutlined,
  'idcard': IdcardOutlined,
  'contacts': ContactsOutlined,
  'fund': FundOutlined,
  'bar-chart': BarChartOutlined,
  'pie-chart': PieChartOutlined,
  'line-chart': LineChartOutlined,
  'tool': ToolOutlined,
  'apartment': ApartmentOutlined,
  'cluster': ClusterOutlined,
  'tags': TagsOutlined,
  'star': StarOutlined,
  'flag': FlagOutlined,
  'picture': PictureOutlined,
  'video-camera': VideoCameraOutlined,
  'customer-service': CustomerServiceOutlined,
};

export const ICON_NAMES: readonly string[] = Object.keys(ICONS);

export default function IconInput({ value, onChange, disabled, placeholder }: { value?: unknown; onChange?: (v: string | undefined) => void; disabled?: boolean; placeholder?: string }) {
  const v = value === undefined || value === null || value === '' ? undefined : String(value);
  return (
    <Select showSearch allowClear disabled={disabled} value={v} placeholder={placeholder ?? '请选择图标'} style={{ width: '100%' }}
      onChange={(x: string | undefined) => onChange?.(x || undefined)}
      options={ICON_NAMES.map((n) => {
        const I = ICONS[n]!;
        return { value: n, label: <span><I /> {n}</span> };
      })}
      filterOption={(input, o) => String(o?.value ?? '').includes(input.toLowerCase())} />
  );
}
