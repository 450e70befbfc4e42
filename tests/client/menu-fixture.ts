/** A server menu for the side-menu tests: 首页 and the 医护管理 group with 医生管理 and 护士管理. */
import type { MenuItem } from '../../src/client/state/types';

export const HOME_AND_STAFF: MenuItem[] = [
  { path: '/dashboard/analysis', component: 'dashboard/Analysis', meta: { title: '首页' } },
  {
    path: '/app',
    component: 'layouts/RouteView',
    meta: { title: '医护管理' },
    children: [
      { path: '/app/doctor', component: 'resource/hisDoctor', meta: { title: '医生管理' } },
      { path: '/app/nurse', component: 'resource/hisNurseStaff', meta: { title: '护士管理' } },
    ],
  },
];
