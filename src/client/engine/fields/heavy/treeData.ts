/**
 * Shared loader for tree relations (TreeRefSelect, RegionCascader): one level of a tree target
 * through GET /sys/ref/options by named id (source resource + field) — `parent` '' for the
 * roots, else a node's value for its children, each option with `isLeaf`.
 */
import { fetchRefOptions, type RefOption } from '../../api';

/** Most nodes of one level (the server's page limit). */
export const TREE_LEVEL_MAX = 100;

/** Pages of one level read at most (a level is rarely over one page). */
const LEVEL_PAGES = 10;

export async function loadLevel(source: string, field: string, parent: string, signal?: AbortSignal): Promise<RefOption[]> {
  const out: RefOption[] = [];
  for (let pageNo = 1; pageNo <= LEVEL_PAGES; pageNo += 1) {
    const res = await fetchRefOptions({ source, field, parent, pageNo, pageSize: TREE_LEVEL_MAX }, signal);
    if (!res.success) break;
    const records = res.result?.records ?? [];
    out.push(...records);
    if (records.length < TREE_LEVEL_MAX || out.length >= (res.result?.total ?? 0)) break;
  }
  return out;
}

/** Labels of the given values (exact lookup), by value. */
export async function loadLabels(source: string, field: string, ids: string[], signal?: AbortSignal): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const res = await fetchRefOptions({ source, field, ids }, signal);
  return new Map((res.success ? res.result?.records ?? [] : []).map((r) => [String(r.value), String(r.label ?? r.value)]));
}
