/**
 * TreeRefSelect (lazy): a TreeSelect over a tree resource (`ref.resource`),
 * roots from its list and children from childList on expand. The current
 * value keeps its label (`<key>_dictText`) before the tree is opened.
 */
import { useEffect, useMemo, useState } from 'react';
import { TreeSelect } from 'antd';
import type { ResourceSchema } from '../../../../core/schema/types';
import type { Row } from '../../api';
import { loadResourceSchema } from '../../schemas';
import { hasChild, loadChildren, loadRoots } from './treeData';

interface Node { id: string; pId: string; value: string; title: string; isLeaf: boolean }

export default function TreeRefSelect({ value, onChange, disabled, placeholder, resource, label = 'name', valueField = 'id', labels }: {
  value?: unknown; onChange?: (v: string | undefined) => void; disabled?: boolean; placeholder?: string;
  resource: string; label?: string; valueField?: string; labels?: string;
}) {
  const [schema, setSchema] = useState<ResourceSchema | null>(null);
  const [nodes, setNodes] = useState<Node[]>([]);
  const toNode = (r: Row, pId: string): Node => ({ id: String(r.id), pId, value: String(r[valueField] ?? r.id), title: String(r[label] ?? r.id), isLeaf: !hasChild(r) });

  useEffect(() => {
    let alive = true;
    void loadResourceSchema(resource).then(async (s) => {
      if (!s || !alive) return;
      setSchema(s);
      const roots = await loadRoots(s);
      if (alive) setNodes(roots.map((r) => toNode(r, '0')));
    }).catch(() => undefined);
    return () => {
      alive = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [resource]);

  const v = value === undefined || value === null || value === '' ? undefined : String(value);
  const data = useMemo(() => {
    if (!v || nodes.some((n) => n.value === v)) return nodes;
    return [...nodes, { id: `__current_${v}`, pId: '0', value: v, title: labels || v, isLeaf: true }];
  }, [nodes, v, labels]);

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
        if (!schema || nodes.some((n) => n.pId === id)) return;
        const rows = await loadChildren(schema, id);
        setNodes((ns) => [...ns, ...rows.map((r) => toNode(r, id))]);
      }}
    />
  );
}
