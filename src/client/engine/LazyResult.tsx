/**
 * antd's Result for the engine's rare states (a missing or broken schema, an unknown widget),
 * loaded when first shown: its module carries the 404/403/500 illustrations (~30 KB of SVG),
 * which no list needs on its way to the rows. The title and text show while it loads.
 */
import { lazy, Suspense, type ComponentProps } from 'react';

const Result = lazy(() => import('antd/es/result'));

export function LazyResult(props: ComponentProps<typeof Result>) {
  const fallback = (
    <div role="status" style={{ padding: 48, textAlign: 'center' }}>
      <div style={{ fontSize: 24 }}>{props.title}</div>
      {props.subTitle ? <div style={{ marginTop: 8 }}>{props.subTitle}</div> : null}
      {props.extra ? <div style={{ marginTop: 24 }}>{props.extra}</div> : null}
    </div>
  );
  return (
    <Suspense fallback={fallback}>
      <Result {...props} />
    </Suspense>
  );
}
