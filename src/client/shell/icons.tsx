/**
 * Menu icons: JeecgBoot menus name antd v3 icon types (`dashboard`, `setting`...). Only a
 * curated set is bundled (importing every icon would cost ~1 MB); unknown names show nothing,
 * `none` shows nothing.
 */
import type { ReactNode } from 'react';
import AccountBookOutlined from '@ant-design/icons/AccountBookOutlined';
import AppstoreOutlined from '@ant-design/icons/AppstoreOutlined';
import BankOutlined from '@ant-design/icons/BankOutlined';
import BarChartOutlined from '@ant-design/icons/BarChartOutlined';
import BellOutlined from '@ant-design/icons/BellOutlined';
import BookOutlined from '@ant-design/icons/BookOutlined';
import CalendarOutlined from '@ant-design/icons/CalendarOutlined';
import CloudUploadOutlined from '@ant-design/icons/CloudUploadOutlined';
import DashboardOutlined from '@ant-design/icons/DashboardOutlined';
import DatabaseOutlined from '@ant-design/icons/DatabaseOutlined';
import FileTextOutlined from '@ant-design/icons/FileTextOutlined';
import FormOutlined from '@ant-design/icons/FormOutlined';
import GiftOutlined from '@ant-design/icons/GiftOutlined';
import HomeOutlined from '@ant-design/icons/HomeOutlined';
import MedicineBoxOutlined from '@ant-design/icons/MedicineBoxOutlined';
import MessageOutlined from '@ant-design/icons/MessageOutlined';
import MoneyCollectOutlined from '@ant-design/icons/MoneyCollectOutlined';
import MonitorOutlined from '@ant-design/icons/MonitorOutlined';
import ProfileOutlined from '@ant-design/icons/ProfileOutlined';
import SafetyOutlined from '@ant-design/icons/SafetyOutlined';
import SettingOutlined from '@ant-design/icons/SettingOutlined';
import ShopOutlined from '@ant-design/icons/ShopOutlined';
import ShoppingCartOutlined from '@ant-design/icons/ShoppingCartOutlined';
import SolutionOutlined from '@ant-design/icons/SolutionOutlined';
import TableOutlined from '@ant-design/icons/TableOutlined';
import TeamOutlined from '@ant-design/icons/TeamOutlined';
import UnorderedListOutlined from '@ant-design/icons/UnorderedListOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';

const ICONS: Record<string, ReactNode> = {
  'account-book': <AccountBookOutlined />,
  appstore: <AppstoreOutlined />,
  bank: <BankOutlined />,
  'bar-chart': <BarChartOutlined />,
  bell: <BellOutlined />,
  book: <BookOutlined />,
  calendar: <CalendarOutlined />,
  'cloud-upload': <CloudUploadOutlined />,
  dashboard: <DashboardOutlined />,
  database: <DatabaseOutlined />,
  'file-text': <FileTextOutlined />,
  form: <FormOutlined />,
  gift: <GiftOutlined />,
  home: <HomeOutlined />,
  'medicine-box': <MedicineBoxOutlined />,
  message: <MessageOutlined />,
  'money-collect': <MoneyCollectOutlined />,
  monitor: <MonitorOutlined />,
  profile: <ProfileOutlined />,
  safety: <SafetyOutlined />,
  setting: <SettingOutlined />,
  shop: <ShopOutlined />,
  'shopping-cart': <ShoppingCartOutlined />,
  solution: <SolutionOutlined />,
  table: <TableOutlined />,
  team: <TeamOutlined />,
  'unordered-list': <UnorderedListOutlined />,
  user: <UserOutlined />,
};

/** Accepts `dashboard`, `DashboardOutlined`, `dashboard-outlined`. */
export function menuIcon(name?: string): ReactNode {
  if (!name || name === 'none') return undefined;
  const key = name
    .replace(/(Outlined|Filled|TwoTone)$/, '')
    .replace(/-(outlined|filled|twotone)$/i, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase();
  return ICONS[key];
}
