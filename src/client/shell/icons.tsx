/**
 * Menu icons: JeecgBoot menus name antd v3 icon types (`dashboard`, `setting`...). Only a
 * curated set is bundled (named imports from the ES build, tree-shaken; importing every icon
 * would cost ~1 MB. The package's root `@ant-design/icons/<Name>` files are CommonJS and
 * come out as objects under rolldown's node-mode interop, so they are not used); unknown names show nothing,
 * `none` shows nothing.
 */
import type { ReactNode } from 'react';
import { AccountBookOutlined, ApartmentOutlined, ExperimentOutlined, NotificationOutlined, AppstoreOutlined, BankOutlined, BarChartOutlined, BellOutlined, BookOutlined, CalendarOutlined, CloudUploadOutlined, DashboardOutlined, DatabaseOutlined, FileTextOutlined, FormOutlined, GiftOutlined, HomeOutlined, MedicineBoxOutlined, MessageOutlined, MoneyCollectOutlined, MonitorOutlined, ProfileOutlined, SafetyOutlined, SettingOutlined, ShopOutlined, ShoppingCartOutlined, SolutionOutlined, TableOutlined, TeamOutlined, UnorderedListOutlined, UserOutlined, AuditOutlined, CarOutlined, CheckSquareOutlined, ClusterOutlined, CreditCardOutlined, CrownOutlined, EditOutlined, GlobalOutlined, HeartOutlined, IdcardOutlined, SafetyCertificateOutlined, ScheduleOutlined, ShoppingOutlined, SwapOutlined, TransactionOutlined, VideoCameraOutlined, WalletOutlined } from '@ant-design/icons';

const ICONS: Record<string, ReactNode> = {
  'account-book': <AccountBookOutlined />,
  apartment: <ApartmentOutlined />,
  experiment: <ExperimentOutlined />,
  notification: <NotificationOutlined />,
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
  'audit': <AuditOutlined />,
  'car': <CarOutlined />,
  'check-square': <CheckSquareOutlined />,
  'cluster': <ClusterOutlined />,
  'credit-card': <CreditCardOutlined />,
  'crown': <CrownOutlined />,
  'edit': <EditOutlined />,
  'global': <GlobalOutlined />,
  'heart': <HeartOutlined />,
  'idcard': <IdcardOutlined />,
  'safety-certificate': <SafetyCertificateOutlined />,
  'schedule': <ScheduleOutlined />,
  'shopping': <ShoppingOutlined />,
  'swap': <SwapOutlined />,
  'transaction': <TransactionOutlined />,
  'video-camera': <VideoCameraOutlined />,
  'wallet': <WalletOutlined />,
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
