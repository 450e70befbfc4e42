/**
 * Heavy field widgets, each its own lazy chunk inside the (already lazy) form:
 * ColorPicker, the icon list, Cascader, TreeSelect and the ref picker table.
 */
import { lazy, Suspense, type ComponentType } from 'react';
import Input from 'antd/es/input/Input';

/** A widget in its own chunk, a disabled input standing in until it has loaded. */
export function lazyWidget<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  const L = lazy(load) as unknown as ComponentType<P>;
  return function LazyWidget(props: P) {
    return (
      <Suspense fallback={<Input disabled placeholder="加载中..." />}>
        <L {...props} />
      </Suspense>
    );
  };
}

export const ColorInput = lazyWidget(() => import('./heavy/ColorInput'));
export const IconInput = lazyWidget(() => import('./heavy/IconInput'));
export const RegionCascader = lazyWidget(() => import('./heavy/RegionCascader'));
export const TreeRefSelect = lazyWidget(() => import('./heavy/TreeRefSelect'));
export const RefPickerModal = lazy(() => import('./heavy/RefPickerModal'));
