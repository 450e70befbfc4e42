/**
 * Relation picker: remote search on the target resource's list API.
 *
 * - The keyword filters the target's label field through the target's own
 *   search mode (a `like` label gets `*kw*`); a label without a search mode is
 *   filtered on the client from the first page.
 * - `filter` (already resolved to values by the caller) narrows the target,
 *   e.g. departments of the chosen hospital.
 * - Typing is debounced (300 ms); every new search aborts the previous one and
 *   a late response never replaces a newer one.
 * - The current value keeps its label before any search: `labels` is the
 *   row's `<key>_dictText` (comma-joined for refs).
 */
import { useCallback, useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { Select, Spin } from 'antd';
import type { ResourceSchema } from '../../../core/schema/types';
import { loadResourceSchema } from '../schemas';
import { fetchList, isAbort } from '../api';
import { listQuery } from '../projections';
import { fromList, toList, toSingle } from './values';

export interface RefSelectProps {
  resource: string;
  label: string;
  /** Target field stored as the value (default id). */
  value?: unknown;
  valueField?: string;
  multiple?: boolean;
  /** Resolved filter values: target field -> value. Undefined values are skipped. */
  filter?: Record<string, unknown>;
  /** Labels of the current value(s), comma-joined (`<key>_dictText`). */
  labels?: string;
  onChange?: (value: string | undefined) => void;
  placeholder?: string;
  disabled?: boolean;
  style?: CSSProperties;
  id?: string;
}

interface Option { value: string; label: string }

export const REF_DEBOUNCE_MS = 300;
const REF_PAGE_SIZE = 20;

export function RefSelect(props: RefSelectProps) {
  const { resource, label, valueField = 'id', multiple, filter, labels, value, onChange, disabled, id } = props;
  const [target, setTarget] = useState<ResourceSchema | null>(null);
  const [options, setOptions] = useState<Option[]>([]);
  const [fetching, setFetching] = useState(false);
  const known = useRef(new Map<string, string>());
  const controller = useRef<AbortController | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const filterKey = JSON.stringify(filter ?? {});

  useEffect(() => {
    let alive = true;
    loadResourceSchema(resource).then((s) => alive && setTarget(s), () => undefined);
    return () => {
      alive = false;
    };
  }, [resource]);

  // Remember the labels the row came with.
  const current = multiple ? toList(value) : toList(toSingle(value));
  const currentLabels = toList(labels);
  current.forEach((v, i) => {
    const l = currentLabels[i];
    if (l && !known.current.has(v)) known.current.set(v, l);
  });

  const search = useCallback((keyword: string) => {
    if (!target) return;
    controller.current?.abort();
    const ctl = new AbortController();
    controller.current = ctl;
    const labelField = target.fields.find((f) => f.key === label);
    const values: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(filter ?? {})) if (v !== undefined && v !== null && v !== '') values[k] = v;
    const serverSide = !!keyword && !!labelField?.search;
    if (serverSide) values[label] = keyword;
    let params: Record<string, string>;
    try {
      params = listQuery(target, { values, pageNo: 1, pageSize: REF_PAGE_SIZE });
    } catch {
      return;
    }
    setFetching(true);
    fetchList(target, params, ctl.signal).then(
      (res) => {
        if (ctl.signal.aborted || controller.current !== ctl) return;
        setFetching(false);
        if (!res.success) return;
        let list = (res.result?.records ?? []).map((r) => ({
          value: String(r[valueField] ?? ''),
          label: String(r[label] ?? r[valueField] ?? ''),
        }));
        if (keyword && !serverSide) list = list.filter((o) => o.label.includes(keyword));
        list.forEach((o) => known.current.set(o.value, o.label));
        setOptions(list);
      },
      (err: unknown) => {
        if (ctl.signal.aborted || controller.current !== ctl || isAbort(err)) return;
        setFetching(false);
      },
    );
    // filterKey stands for filter
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [target, label, valueField, filterKey]);

  const debounced = useCallback((keyword: string) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => search(keyword), REF_DEBOUNCE_MS);
  }, [search]);

  // First page when the target (or the filter) is known.
  useEffect(() => {
    search('');
  }, [search]);

  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
    controller.current?.abort();
  }, []);

  const merged = useMemo(() => {
    const seen = new Set(options.map((o) => o.value));
    const extra = current.filter((v) => !seen.has(v)).map((v) => ({ value: v, label: known.current.get(v) ?? v }));
    return [...extra, ...options];
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [options, current.join(',')]);

  return (
    <Select<string | string[]>
      id={id}
      mode={multiple ? 'multiple' : undefined}
      showSearch
      allowClear
      disabled={disabled}
      filterOption={false}
      placeholder={props.placeholder ?? '请选择'}
      style={props.style ?? { width: '100%' }}
      value={multiple ? current : current[0]}
      options={merged}
      notFoundContent={fetching ? <Spin size="small" /> : undefined}
      onSearch={debounced}
      onOpenChange={(open) => {
        if (open && !options.length) search('');
      }}
      onChange={(v) => onChange?.(Array.isArray(v) ? fromList(v) : toSingle(v))}
    />
  );
}

/** Read-only label(s) of a relation value. */
export function RefText({ value, labels }: { value: unknown; labels?: string }) {
  const text = labels || toList(value).join(',');
  return <span>{text || '-'}</span>;
}
