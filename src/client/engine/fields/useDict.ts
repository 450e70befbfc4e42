import { useEffect, useState } from 'react';
import type { DictItem } from '../../../core/schema/types';
import { getDictItems as dictItems } from '../../api';

/**
 * Items of a dictionary, fetched once per code (the request layer caches
 * `getDictItems`; this cache also spares a re-render flash on remount).
 */
const resolved = new Map<string, DictItem[]>();

export function useDictItems(code: string | undefined): { items: DictItem[]; loading: boolean } {
  const [items, setItems] = useState<DictItem[]>(() => (code ? resolved.get(code) ?? [] : []));
  const [loading, setLoading] = useState(() => !!code && !resolved.has(code));
  useEffect(() => {
    if (!code) return undefined;
    const hit = resolved.get(code);
    if (hit) {
      setItems(hit);
      setLoading(false);
      return undefined;
    }
    let alive = true;
    setLoading(true);
    dictItems(code).then(
      (list) => {
        const safe = Array.isArray(list) ? list : [];
        resolved.set(code, safe);
        if (alive) {
          setItems(safe);
          setLoading(false);
        }
      },
      () => {
        if (alive) setLoading(false);
      },
    );
    return () => {
      alive = false;
    };
  }, [code]);
  return { items, loading };
}

/** Test seam. */
export function clearDictCache(): void {
  resolved.clear();
}

export function dictLabel(items: readonly DictItem[], value: string): string {
  return items.find((i) => String(i.value) === value)?.text ?? value;
}
