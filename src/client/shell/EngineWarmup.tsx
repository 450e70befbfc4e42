/**
 * Idle after the first rows are painted (or after a page without a list settled): the engine
 * chunk, so that a first click on a module waits for its schema (warmed when its menu group
 * opens, SideMenu) and its list call only. Other modules' schemas are not fetched until their
 * group opens: at 150 modules that was some 300 KiB of JS on every session start.
 *
 * Then, while the session has drawn no list yet (a dashboard, a form page), one rehearsal of a
 * list in a later idle moment (engine/ListRehearsal), at transition priority: anything the user
 * does meanwhile goes first.
 */
import { startTransition, useEffect, useState, type ComponentType } from 'react';
import { useAtomValue } from 'jotai';
import { appStore, permissionListAtom } from '../state/atoms';
import { useCan } from '../state/permissions';
import { afterFirstRows, firstRowsPainted } from '../state/milestones';
import { loadEngine, menuResources, whenIdle } from '../app/loaders';

type Rehearsal = ComponentType<{ onDone: () => void }>;

export function EngineWarmup() {
  const menu = useAtomValue(permissionListAtom, { store: appStore });
  const can = useCan();
  const [Rehearsal, setRehearsal] = useState<Rehearsal | null>(null);
  useEffect(() => {
    let live = true;
    const onList = menuResources(menu, can, window.location.pathname).length > 0;
    afterFirstRows(() => whenIdle(() => {
      loadEngine().then((m) => whenIdle(() => {
        if (live && !firstRowsPainted()) startTransition(() => setRehearsal(() => m.ListRehearsal));
      }, 3000), () => undefined);
    }, 3000), onList ? 4000 : 0);
    return () => {
      live = false;
    };
  }, []);
  return Rehearsal ? <Rehearsal onDone={() => startTransition(() => setRehearsal(null))} /> : null;
}
