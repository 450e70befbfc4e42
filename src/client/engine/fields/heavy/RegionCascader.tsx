/**
 * RegionCascader (lazy): a lazy-loading Cascader over the `sysRegion` tree
 * resource (roots from its list, children from childList). The value is the
 * chosen region's `code` (GB/T 2260); an existing value re-opens its path by
 * walking the code's prefixes (province xx0000, city xxxx00, county).
 */
import { useEffect, useState } from 'react';
import { Cascader } from 'antd';
import type { ResourceSchema } from '../../../../core/schema/types';
import type { Row } from '../../api';
import { loadResourceSchema } from '../../schemas';
import { hasChild, loadChildren, loadRoots } from './treeData';

interface Opt { value: string; label: string; id: string; isLeaf: boolean; children?: Opt[]; loading?: boolean }

export const REGION_RESOURCE = 'sysRegion';
const toOpt = (r: Row): Opt => ({ value: String(r.code ?? r.id), label: String(r.name ?? r.code ?? ''), id: String(r.id), isLeaf: !hasChild(r) });

export function regionPath(code: string): string[] {
  if (!/^\d{6}$/.test(code)) return [code];
  const path = [`${code.slice(0, 2)}0000`, `${code.slice(0, 4)}00`, code];
  return path.filter((c, i) => path.indexOf(c) === i);
}

export default function RegionCascader({ value, onChange, disabled, placeholder, resource = REGION_RESOURCE }: {
  value?: unknown; onChange?: (v: string | undefined) => void; disabled?: boolean; placeholder?: string; resource?: string;
}) {
  const [schema, setSchema] = useState<ResourceSchema | null>(null);
  const [options, setOptions] = useState<Opt[]>([]);
  const code = value === undefined || value === null || value === '' ? undefined : String(value);

  useEffect(() => {
    let alive = true;
    void (async () => {
      const s = await loadResourceSchema(resource);
      if (!s || !alive) return;
      setSchema(s);
      const roots = (await loadRoots(s)).map(toOpt);
      // open the current value's path
      if (code) {
        let level = roots;
        for (const c of regionPath(code).slice(0, -1)) {
          const node = level.find((o) => o.value === c);
          if (!node || node.isLeaf) break;
          node.children = (await loadChildren(s, node.id)).map(toOpt);
          level = node.children;
        }
      }
      if (alive) setOptions(roots);
    })().catch(() => undefined);
    return () => {
      alive = false;
    };
    // the path is opened once, for the value the form started with
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [resource]);

  const loadData = (selected: Opt[]) => {
    const target = selected[selected.length - 1];
    if (!target || !schema) return;
    target.loading = true;
    void loadChildren(schema, target.id).then((rows) => {
      target.loading = false;
      target.children = rows.map(toOpt);
      if (!rows.length) target.isLeaf = true;
      setOptions((o) => [...o]);
    });
  };

  return (
    <Cascader<Opt>
      style={{ width: '100%' }}
      disabled={disabled}
      placeholder={placeholder ?? '请选择省/市/区'}
      options={options}
      loadData={loadData}
      changeOnSelect
      value={code ? regionPath(code) : undefined}
      onChange={(path) => {
        const list = (path ?? []) as string[];
        onChange?.(list.length ? list[list.length - 1] : undefined);
      }}
    />
  );
}
