import { useMemo } from 'react';
import { useLocation, useRoutes } from 'react-router';
import { useAtomValue } from 'jotai';
import { appStore, permissionListAtom } from '../state/atoms';
import { useCan } from '../state/permissions';
import { buildRoutes } from './routes';
import { staticRouteIndex } from './routeIndex';
import { NavigationBridge } from './Bridges';

/** Routes rebuilt whenever the menu or the button permissions change. */
export function AppRoutes() {
  const menu = useAtomValue(permissionListAtom, { store: appStore });
  const can = useCan();
  const routes = useMemo(() => buildRoutes(menu, can), [menu, can]);
  // a static path is matched against its own branch only (routeIndex.ts)
  const byPath = useMemo(() => staticRouteIndex(routes), [routes]);
  const { pathname } = useLocation();
  const element = useRoutes(byPath.get(pathname) ?? routes);
  return (
    <>
      <NavigationBridge />
      {element}
    </>
  );
}
