/**
 * The renderer of each decoration component type, registered by type (the amis way): typed by
 * core's closed `ComponentType`, so a type without its renderer does not compile.
 */
import type { ComponentType } from '../../../../core/decoration/components';
import { Announcement, Header, Navbar, Search, Welcome } from './basic';
import { Consultation, Departments, HospitalServices, RecommendDoctor } from './business';
import { Banner, HeaderAd, Museum } from './media';
import { BottomNav, NavColumn, RedirectNav } from './navigation';
import type { Renderer } from './types';

export const RENDERERS: Record<ComponentType, Renderer> = {
  navbar: Navbar,
  header: Header,
  search: Search,
  announcement: Announcement,
  welcome: Welcome,
  banner: Banner,
  headerAd: HeaderAd,
  museum: Museum,
  navColumn: NavColumn,
  redirectNav: RedirectNav,
  bottomNav: BottomNav,
  departments: Departments,
  hospitalServices: HospitalServices,
  consultation: Consultation,
  recommendDoctor: RecommendDoctor,
};
