/**
 * Navigation for the parts of the shell that are always mounted (header, user menu, notice
 * bell, tabs, menu search). react-router's useNavigate reads the location to resolve relative
 * paths, so every component that holds it renders again on every navigation, before the new
 * page can draw. These parts go to paths from the site root only: they take the router's
 * navigator (the history object, the same for the router's whole life) and render on their own
 * state alone. A navigation through it is the same history push useNavigate makes.
 */
import { useCallback, useContext } from 'react';
import { UNSAFE_NavigationContext } from 'react-router';

export type RouteNavigate = (to: string, opts?: { replace?: boolean }) => void;

export function useRouteNavigate(): RouteNavigate {
  const { navigator } = useContext(UNSAFE_NavigationContext);
  return useCallback((to, opts) => {
    // from the site root: a path without its leading slash (a notice's open page) included;
    // never '//host', which the history would take for another site
    const path = `/${to.replace(/^\/+/, '')}`;
    if (opts?.replace) navigator.replace(path);
    else navigator.push(path);
  }, [navigator]);
}
