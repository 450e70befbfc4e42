import { useMemo } from 'react';
import { useRoutes } from 'react-router';
import { useAtomValue } from 'jotai';
import { appStore, permissionListAtom } from '../state/atoms';
import { useCan } from '../state/permissions';
import { buildRoutes } from './routes';
import { NavigationBridge } from './Bridges';

/** Routes rebuilt whenever the menu or the button permissions change. */
export function AppRoutes() {
  const menu = useAtomValue(permissionListAtom, { store: appStore });
  const can = useCan();
  const routes = useMemo(() => buildRoutes(menu, can), [menu, can]);
  const element = useRoutes(routes);
  return (
    <>
      <NavigationBridge />
      {element}
    </>
  );
}
