import { useEffect, useState } from 'react';
import type { DictItem } from '../../../core/schema/types';
import { getDictItems as dictItems, peekDictItems } from '../../api';

/**
 * Items of a dictionary, fetched once per code (the request layer caches
 * `getDictItems`; this cache also spares a re-render flash on remount). Items the request
 * layer already holds (the list asked its schema's dictionaries with its first rows) are
 * used from the first render, so dictionary cells paint as tags at once.
 */
const resolved = new Map<string, DictItem[]>();
const known = (code: string): DictItem[] | undefined => {
  const hit = resolved.get(code) ?? peekDictItems(code);
  if (hit) resolved.set(code, hit);
  return hit;
};

export function useDictItems(code: string | undefined): { items: DictItem[]; loading: boolean } {
  const [items, setItems] = useState<DictItem[]>(() => (code ? known(code) ?? [] : []));
  const [loading, setLoading] = useState(() => !!code && !known(code));
  useEffect(() => {
    if (!code) return undefined;
    const hit = known(code);
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
