/**
 * The content outlet with keep-alive (RouteView.vue + TabLayout.vue): when the tab strip is
 * on, pages whose menu meta.keepAlive is true stay mounted in hidden containers while their
 * tab is open (their React state survives switching tabs) and unmount when it closes; each
 * cached page sees the location it was opened with. 刷新 remounts a page (key includes the
 * tab's refresh counter). Pages get their tab key through TabKeyContext (useTabTitle).
 */
import { useRef, type ReactNode } from 'react';
import { NavigationType, UNSAFE_LocationContext, useLocation, useOutlet, type Location } from 'react-router';
import { useAtomValue } from 'jotai';
import { appStore } from '../state/atoms';
import { TabKeyContext, tabsAtom } from '../state/tabs';

interface Cached {
  element: ReactNode;
  location: Location;
}

export function PageView({ keepAlive, enabled }: { keepAlive: (pathname: string) => boolean; enabled: boolean }) {
  const outlet = useOutlet();
  const location = useLocation();
  const tabs = useAtomValue(tabsAtom, { store: appStore });
  const cache = useRef(new Map<string, Cached>());
  const fullPath = location.pathname + location.search + location.hash;
  const keep = enabled && keepAlive(location.pathname);
  const refreshOf = (k: string) => tabs.pages.find((p) => p.fullPath === k)?.refresh ?? 0;

  if (keep) cache.current.set(fullPath, { element: outlet, location });
  const open = new Set(enabled ? tabs.pages.filter((p) => p.keepAlive).map((p) => p.fullPath) : []);
  for (const k of [...cache.current.keys()]) {
    if (k !== fullPath && !open.has(k)) cache.current.delete(k);
    else if (k === fullPath && !keep) cache.current.delete(k);
  }

  return (
    <>
      {[...cache.current.entries()].map(([k, c]) => (
        <div key={`${k}#${refreshOf(k)}`} data-keepalive={k} style={k === fullPath ? undefined : { display: 'none' }}>
          <TabKeyContext.Provider value={k}>
            <UNSAFE_LocationContext.Provider value={{ location: c.location, navigationType: NavigationType.Pop }}>{c.element}</UNSAFE_LocationContext.Provider>
          </TabKeyContext.Provider>
        </div>
      ))}
      {keep ? null : (
        <div key={`live:${fullPath}#${refreshOf(fullPath)}`}>
          <TabKeyContext.Provider value={fullPath}>{outlet}</TabKeyContext.Provider>
        </div>
      )}
    </>
  );
}
