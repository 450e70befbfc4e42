/**
 * Tree tables (`list.tree`): the list returns roots with `hasChild` (a flat list
 * when filtered); children come from `GET <base>/childList?pid=` when a node is
 * expanded. A node with `hasChild` and no loaded children carries `children: []`
 * so the table draws its expand icon.
 *
 * - Small trees (`lazy` not set and at most AUTO_EXPAND_ROOTS roots) open their
 *   roots at once.
 * - A reload of the roots refetches the children of every expanded node, so an
 *   edit deep in the tree shows without collapsing it.
 * - A late answer for a node never overwrites a newer one (per-node sequence).
 */
import { useCallback, useEffect, useMemo, useRef, useState, type Key } from 'react';
import type { ResourceSchema } from '../../core/schema/types';
import { childRows, fetchChildren, isAbort, type Row } from './api';

export const AUTO_EXPAND_ROOTS = 10;

const hasChild = (r: Row) => r.hasChild === true || r.hasChild === 'true' || r.hasChild === 1 || r.hasChild === '1';

export interface TreeRows {
  data: Row[];
  expandedKeys: Key[];
  onExpand: (expanded: boolean, row: Row) => void;
  loadingKeys: Set<string>;
}

export function useTreeRows(schema: ResourceSchema, rows: Row[]): TreeRows | null {
  const tree = schema.list?.tree;
  const [children, setChildren] = useState<Map<string, Row[]>>(() => new Map());
  const [expandedKeys, setExpandedKeys] = useState<Key[]>([]);
  const [loadingKeys, setLoadingKeys] = useState<Set<string>>(() => new Set());
  const seq = useRef(new Map<string, number>());
  const expandedRef = useRef<Key[]>([]);
  expandedRef.current = expandedKeys;
  const controllers = useRef(new Set<AbortController>());

  const load = useCallback((pid: string) => {
    const mine = (seq.current.get(pid) ?? 0) + 1;
    seq.current.set(pid, mine);
    const ctl = new AbortController();
    controllers.current.add(ctl);
    setLoadingKeys((s) => new Set(s).add(pid));
    const done = () => {
      controllers.current.delete(ctl);
      setLoadingKeys((s) => {
        const n = new Set(s);
        n.delete(pid);
        return n;
      });
    };
    fetchChildren(schema, pid, ctl.signal).then(
      (res) => {
        done();
        if (ctl.signal.aborted || seq.current.get(pid) !== mine) return;
        if (res.success) setChildren((m) => new Map(m).set(pid, childRows(res.result)));
      },
      (err: unknown) => {
        done();
        if (isAbort(err)) return;
      },
    );
  }, [schema]);

  useEffect(() => () => controllers.current.forEach((c) => c.abort()), []);

  // New roots: drop loaded children, reload the open ones, open small trees.
  useEffect(() => {
    if (!tree) return;
    setChildren(new Map());
    let open = expandedRef.current.map(String);
    if (!open.length && !tree.lazy && rows.length > 0 && rows.length <= AUTO_EXPAND_ROOTS) {
      open = rows.filter(hasChild).map((r) => String(r.id));
      setExpandedKeys(open);
    }
    for (const k of open) load(k);
  }, [rows, tree, load]);

  const onExpand = useCallback((expanded: boolean, row: Row) => {
    const id = String(row.id);
    setExpandedKeys((keys) => (expanded ? [...keys.filter((k) => String(k) !== id), id] : keys.filter((k) => String(k) !== id)));
    if (expanded && hasChild(row)) load(id);
  }, [load]);

  const data = useMemo(() => {
    const build = (list: Row[], depth: number): Row[] => list.map((r) => {
      const id = String(r.id);
      const kids = children.get(id);
      if (kids && depth < 32) return { ...r, children: kids.length ? build(kids, depth + 1) : undefined };
      return hasChild(r) ? { ...r, children: [] } : r;
    });
    return build(rows, 0);
  }, [rows, children]);

  if (!tree) return null;
  return { data, expandedKeys, onExpand, loadingKeys };
}
