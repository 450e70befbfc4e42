/**
 * TreeRefSelect (lazy): a TreeSelect over a tree relation, loaded level by level through
 * GET /sys/ref/options (source resource + field; roots with `parent=`, children on expand).
 * The current value keeps its label (`<key>_dictText`, else one `ids` lookup) before the
 * tree is opened.
 */
import { useEffect, useMemo, useState } from 'react';
import { TreeSelect } from 'antd';
import type { RefOption } from '../../api';
import { loadLabels, loadLevel } from './treeData';

interface Node { id: string; pId: string; value: string; title: string; isLeaf: boolean }

const toNode = (o: RefOption, pId: string): Node => ({ id: o.value, pId, value: o.value, title: o.label || o.value, isLeaf: o.isLeaf !== false });

export default function TreeRefSelect({ value, onChange, disabled, placeholder, source, field, labels }: {
  value?: unknown; onChange?: (v: string | undefined) => void; disabled?: boolean; placeholder?: string;
  source: string; field: string; labels?: string;
}) {
  const [nodes, setNodes] = useState<Node[]>([]);
  const [looked, setLooked] = useState<string | undefined>();
  const v = value === undefined || value === null || value === '' ? undefined : String(value);

  useEffect(() => {
    if (!source || !field) return;
    const ctl = new AbortController();
    loadLevel(source, field, '', ctl.signal).then((roots) => {
      if (!ctl.signal.aborted) setNodes(roots.map((o) => toNode(o, '0')));
    }, () => undefined);
    return () => ctl.abort();
  }, [source, field]);

  // a value without a known label (not a root, no `_dictText`): one exact lookup
  const rootsHave = nodes.some((n) => n.value === v);
  useEffect(() => {
    if (!v || labels || rootsHave || !source || !field) return;
    const ctl = new AbortController();
    loadLabels(source, field, [v], ctl.signal).then((m) => {
      if (!ctl.signal.aborted) setLooked(m.get(v));
    }, () => undefined);
    return () => ctl.abort();
  }, [v, labels, rootsHave, source, field]);

  const data = useMemo(() => {
    if (!v || nodes.some((n) => n.value === v)) return nodes;
    return [...nodes, { id: `__current_${v}`, pId: '0', value: v, title: labels || looked || v, isLeaf: true }];
  }, [nodes, v, labels, looked]);

  return (
    <TreeSelect
      style={{ width: '100%' }}
      allowClear
      showSearch
      treeNodeFilterProp="title"
      disabled={disabled}
      placeholder={placeholder ?? '请选择'}
      treeDataSimpleMode
      treeData={data}
      value={v}
      onChange={(x: string | undefined) => onChange?.(x || undefined)}
      loadData={async (node) => {
        const id = String((node as unknown as Node).id);
        if (id.startsWith('__current_') || nodes.some((n) => n.pId === id)) return;
        const kids = await loadLevel(source, field, id);
        setNodes((ns) => (ns.some((n) => n.pId === id) ? ns : [...ns, ...kids.map((o) => toNode(o, id))]));
      }}
    />
  );
}
