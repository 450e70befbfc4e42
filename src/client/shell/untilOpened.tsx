/**
 * A dialog that takes `open`, loaded in its own chunk when it is first opened: until then it is
 * nothing (no chunk, no component state on the page). Once opened it stays mounted, so closing
 * and opening again animate as a mounted dialog does.
 */
import { createElement, lazy, Suspense, useState, type ComponentType } from 'react';

export function untilOpened<P extends { open: boolean }>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Lazy = lazy(() => load().then((c) => ({ default: c })));
  function UntilOpened(props: P) {
    const [opened, setOpened] = useState(props.open);
    if (props.open && !opened) setOpened(true);
    if (!opened && !props.open) return null;
    return <Suspense fallback={null}>{createElement(Lazy as unknown as ComponentType<P>, props)}</Suspense>;
  }
  return UntilOpened;
}
