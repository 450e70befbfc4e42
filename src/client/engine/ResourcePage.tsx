/**
 * The one generic page every schema module uses: loads the module schema
 * (its own lazy chunk), then renders the list. No module names in here.
 */
import { useEffect, useState } from 'react';
import { Button, Spin } from 'antd';
import { LazyResult } from './LazyResult';
import type { ResourceSchema } from '../../core/schema/types';
import { loadResourceSchema, peekResourceSchema } from './schemas';
import { ResourceList } from './ResourceList';
import { startFirstList } from './firstList';

export interface ResourcePageProps {
  /** Resource name, e.g. `hisDoctor` (menu component `resource/<name>`). */
  resource: string;
}

type State =
  | { status: 'loading' }
  | { status: 'ready'; schema: ResourceSchema }
  | { status: 'missing' }
  | { status: 'error'; error: string };

/** A schema already loaded (prefetched after login, or opened before) renders at once. */
function known(resource: string): State | undefined {
  const s = peekResourceSchema(resource);
  if (s === undefined) return undefined;
  return s ? { status: 'ready', schema: s } : { status: 'missing' };
}

export default function ResourcePage({ resource }: ResourcePageProps) {
  const [state, setState] = useState<State>(() => known(resource) ?? { status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let alive = true;
    const now = known(resource);
    if (now) {
      setState((prev) => (now.status === 'ready' && prev.status === 'ready' && prev.schema === now.schema ? prev : now));
      return;
    }
    setState({ status: 'loading' });
    loadResourceSchema(resource).then(
      (schema) => alive && setState(schema ? { status: 'ready', schema } : { status: 'missing' }),
      (err: unknown) => alive && setState({ status: 'error', error: err instanceof Error ? err.message : String(err) }),
    );
    return () => {
      alive = false;
    };
  }, [resource, attempt]);

  if (state.status === 'loading') {
    return (
      <div data-testid="resource-loading" style={{ padding: 48, textAlign: 'center' }}>
        <Spin tip="加载中..." size="large"><div style={{ minHeight: 80 }} /></Spin>
      </div>
    );
  }
  if (state.status === 'missing') {
    return <LazyResult status="404" title="未找到页面配置" subTitle={`资源“${resource}”的配置文件不存在（schemas/modules/${resource}.json）`} />;
  }
  if (state.status === 'error') {
    return (
      <LazyResult status="error" title="页面配置加载失败" subTitle={state.error}
        extra={<Button type="primary" onClick={() => setAttempt((n) => n + 1)}>重试</Button>} />
    );
  }
  // key: a different resource gets a fresh list state
  return <ListPage key={state.schema.name} schema={state.schema} />;
}

/** Sends the first list request before the table renders (it takes a while); the list takes the answer. */
function ListPage({ schema }: { schema: ResourceSchema }) {
  useState(() => startFirstList(schema, typeof window === 'undefined' ? '' : window.location.search));
  return <ResourceList schema={schema} />;
}
