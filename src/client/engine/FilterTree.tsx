/**
 * The tree beside a list (`list.filterTree`, e.g. 部门用户's departments): the target tree of a
 * ref/refs field, loaded level by level through /sys/ref/options (the source's codes, never the
 * target's), with a search box (matching nodes listed flat). Selecting a node filters the list by
 * the field; selecting it again (or 全部) clears the filter.
 */
import { useCallback, useEffect, useState, type Key } from 'react';
import { Button, Empty, Input, Spin, Tree } from 'antd';
import type { ResourceSchema } from '../../core/schema/types';
import { fetchRefOptions, type RefOption } from './api';

export const FILTER_TREE_TEXTS = {
  search: (title: string) => `请输入${title.replace(/^所属/, '')}名称`,
  all: '全部',
} as const;

interface Node { key: string; title: string; isLeaf?: boolean; children?: Node[] }

const toNodes = (opts: RefOption[], leaf?: boolean): Node[] =>
  opts.map((o) => ({ key: o.value, title: o.label, isLeaf: leaf ?? o.isLeaf }));

function withChildren(nodes: Node[], key: string, children: Node[]): Node[] {
  return nodes.map((n) => (n.key === key ? { ...n, children } : n.children ? { ...n, children: withChildren(n.children, key, children) } : n));
}

export interface FilterTreeProps {
  schema: ResourceSchema;
  field: string;
  /** The node the list is filtered by ('' for none). */
  selected: string;
  onSelect: (value: string) => void;
}

export function FilterTree({ schema, field, selected, onSelect }: FilterTreeProps) {
  const title = schema.fields.find((f) => f.key === field)?.title ?? '';
  const [roots, setRoots] = useState<Node[] | null>(null);
  const [matches, setMatches] = useState<Node[] | null>(null);
  const [keyword, setKeyword] = useState('');

  useEffect(() => {
    let live = true;
    void fetchRefOptions({ source: schema.name, field, parent: '', pageSize: 100 }).then(
      (env) => { if (live) setRoots(toNodes(env.result?.records ?? [])); },
      () => { if (live) setRoots([]); },
    );
    return () => { live = false; };
  }, [schema.name, field]);

  useEffect(() => {
    const k = keyword.trim();
    if (!k) { setMatches(null); return undefined; }
    const controller = new AbortController();
    void fetchRefOptions({ source: schema.name, field, keyword: k, pageSize: 100 }, controller.signal).then(
      (env) => setMatches(toNodes(env.result?.records ?? [], true)),
      () => undefined,
    );
    return () => controller.abort();
  }, [schema.name, field, keyword]);

  const loadData = useCallback(async (node: { key: Key; children?: unknown[] }) => {
    if (node.children) return;
    const env = await fetchRefOptions({ source: schema.name, field, parent: String(node.key), pageSize: 100 });
    setRoots((r) => withChildren(r ?? [], String(node.key), toNodes(env.result?.records ?? [])));
  }, [schema.name, field]);

  const shown = matches ?? roots;
  return (
    <div data-testid="filter-tree" style={{ width: 240, flex: '0 0 240px', background: '#fff', padding: 12, borderRadius: 8, alignSelf: 'flex-start' }}>
      <Input.Search allowClear placeholder={FILTER_TREE_TEXTS.search(title)} onSearch={setKeyword} onChange={(e) => { if (!e.target.value) setKeyword(''); }} style={{ marginBottom: 8 }} />
      <Button type={selected ? 'link' : 'text'} size="small" onClick={() => onSelect('')} style={{ paddingLeft: 4 }}>{FILTER_TREE_TEXTS.all}</Button>
      {shown === null ? <div style={{ padding: 16, textAlign: 'center' }}><Spin /></div>
        : shown.length === 0 ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
          : (
            <Tree
              blockNode
              treeData={shown}
              loadData={matches ? undefined : loadData}
              selectedKeys={selected ? [selected] : []}
              onSelect={(keys) => onSelect(keys.length ? String(keys[0]) : '')}
            />
          )}
    </div>
  );
}
