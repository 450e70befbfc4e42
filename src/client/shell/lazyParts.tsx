/**
 * Header parts loaded in their own chunks after the shell paints (the notice bell and the
 * dialogs are not needed for the first rows): on a list page opened from its address, once its
 * first rows are painted, so their chunks and calls never compete with the rows. The dialogs
 * the user opens (修改密码, 切换部门) load when first opened. A part that
 * fails to load or render is an error like any other — it is not hidden.
 */
import { createElement, lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { afterExpectedRows } from '../state/milestones';
import { untilOpened } from './untilOpened';

/**
 * Until the milestone the part renders nothing — it does not suspend: a boundary mounting in
 * its fallback makes React 18 hold the commit of a retried render (the shell's, with the first
 * rows) up to 500 ms. Past the milestone it suspends on its chunk in a render of its own.
 */
function deferred<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Lazy = lazy(() => load().then((c) => ({ default: c })));
  let due = false;
  function Deferred(props: P) {
    const [shown, setShown] = useState(due);
    useEffect(() => {
      if (shown) return undefined;
      let live = true;
      afterExpectedRows(() => {
        due = true;
        if (live) setShown(true);
      });
      return () => {
        live = false;
      };
    }, [shown]);
    if (!shown) return null;
    return (
      <Suspense fallback={null}>
        {createElement(Lazy as unknown as ComponentType<P>, props)}
      </Suspense>
    );
  }
  return Deferred;
}

export const NoticeBell = deferred<object>(() => import('./notice/index').then((m) => m.NoticeBell));
export const ChangePasswordModal = untilOpened<{ open: boolean; onClose: () => void }>(() => import('./dialogs/ChangePasswordModal').then((m) => m.ChangePasswordModal));
export const OrgSwitch = deferred<object>(() => import('./dialogs/OrgSwitch').then((m) => m.OrgSwitch));
export const DepartPicker = untilOpened<{ open: boolean; onClose: () => void }>(() => import('./dialogs/DepartPicker').then((m) => m.DepartPicker));
export const ForcedPasswordWatcher = deferred<object>(() => import('./dialogs/ForcedPasswordWatcher').then((m) => m.ForcedPasswordWatcher));
