/**
 * RegionCascader (lazy): a lazy-loading Cascader over the region tree (the module kind `region`
 * names, core/kinds/region.ts),
 * loaded through GET /sys/ref/options by named id (source resource + field; roots with
 * `parent=`, children with `parent=<code>`). The value is the chosen region's `code`
 * (GB/T 2260); an existing value re-opens its path by walking the code's prefixes
 * (province xx0000, city xxxx00, county).
 */
import { useEffect, useState } from 'react';
import { Cascader } from 'antd';
import type { RefOption } from '../../api';
import { loadLevel } from './treeData';

interface Opt { value: string; label: string; isLeaf: boolean; children?: Opt[]; loading?: boolean }

const toOpt = (o: RefOption): Opt => ({ value: o.value, label: o.label || o.value, isLeaf: o.isLeaf !== false });

export function regionPath(code: string): string[] {
  if (!/^\d{6}$/.test(code)) return [code];
  const path = [`${code.slice(0, 2)}0000`, `${code.slice(0, 4)}00`, code];
  return path.filter((c, i) => path.indexOf(c) === i);
}

export default function RegionCascader({ value, onChange, disabled, placeholder, source, field }: {
  value?: unknown; onChange?: (v: string | undefined) => void; disabled?: boolean; placeholder?: string; source: string; field: string;
}) {
  const [options, setOptions] = useState<Opt[]>([]);
  const code = value === undefined || value === null || value === '' ? undefined : String(value);

  useEffect(() => {
    if (!source || !field) return;
    const ctl = new AbortController();
    void (async () => {
      const roots = (await loadLevel(source, field, '', ctl.signal)).map(toOpt);
      // open the current value's path
      if (code) {
        let level = roots;
        for (const c of regionPath(code).slice(0, -1)) {
          const node = level.find((o) => o.value === c);
          if (!node || node.isLeaf) break;
          node.children = (await loadLevel(source, field, node.value, ctl.signal)).map(toOpt);
          level = node.children;
        }
      }
      if (!ctl.signal.aborted) setOptions(roots);
    })().catch(() => undefined);
    return () => ctl.abort();
    // the path is opened once, for the value the form started with
  }, [source, field]);

  const loadData = (selected: Opt[]) => {
    const target = selected[selected.length - 1];
    if (!target) return;
    target.loading = true;
    void loadLevel(source, field, target.value).then((rows) => {
      target.loading = false;
      target.children = rows.map(toOpt);
      if (!rows.length) target.isLeaf = true;
      setOptions((o) => [...o]);
    }, () => {
      target.loading = false;
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
