/**
 * Relation picker: remote search through GET /sys/ref/options, by named id — the source
 * resource and the relation field (`source` + `field`). The server resolves the target, so
 * the client never calls the target's own list (a role that may read doctors but not
 * hospitals still gets the 所属医院 options).
 *
 * - The keyword filters the target's label on the server (escaped LIKE).
 * - `filter` (already resolved to values by the caller, target key -> value) narrows the
 *   target through the field's declared `ref.filter`, e.g. departments of the chosen hospital.
 * - Typing is debounced (300 ms); every new search aborts the previous one and a late
 *   response never replaces a newer one.
 * - The current value keeps its label before any search: `labels` is the row's
 *   `<key>_dictText` (comma-joined for refs); values without a known label are looked up
 *   once with `ids`.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { Select, Spin } from 'antd';
import { fetchRefOptions, isAbort } from '../api';
import { fromList, toList, toSingle } from './values';

export interface RefSelectProps {
  /** Resource the field belongs to (a child resource for sub-table cells). */
  source: string;
  /** The relation field's key. */
  field: string;
  value?: unknown;
  multiple?: boolean;
  /** Resolved filter values: target key -> value. Empty values are skipped. */
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
/** Most values looked up by `ids` in one call (the server's limit). */
const REF_IDS_MAX = 200;

export function RefSelect(props: RefSelectProps) {
  const { source, field, multiple, filter, labels, value, onChange, disabled, id } = props;
  const [options, setOptions] = useState<Option[]>([]);
  const [fetching, setFetching] = useState(false);
  const [, setLabelsLoaded] = useState(0);
  const known = useRef(new Map<string, string>());
  const asked = useRef(new Set<string>());
  const controller = useRef<AbortController | null>(null);
  const lookup = useRef<AbortController | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const filterKey = JSON.stringify(filter ?? {});

  // Remember the labels the row came with.
  const current = multiple ? toList(value) : toList(toSingle(value));
  const currentLabels = toList(labels);
  current.forEach((v, i) => {
    const l = currentLabels[i];
    if (l && !known.current.has(v)) known.current.set(v, l);
  });

  const search = useCallback((keyword: string) => {
    if (!source || !field) return;
    controller.current?.abort();
    const ctl = new AbortController();
    controller.current = ctl;
    setFetching(true);
    fetchRefOptions({ source, field, keyword: keyword || undefined, filter, pageSize: REF_PAGE_SIZE }, ctl.signal).then(
      (res) => {
        if (ctl.signal.aborted || controller.current !== ctl) return;
        setFetching(false);
        if (!res.success) return;
        const list = (res.result?.records ?? []).map((r) => ({ value: String(r.value), label: String(r.label ?? r.value) }));
        list.forEach((o) => known.current.set(o.value, o.label));
        setOptions(list);
      },
      (err: unknown) => {
        if (ctl.signal.aborted || controller.current !== ctl || isAbort(err)) return;
        setFetching(false);
      },
    );
    // filterKey stands for filter
  }, [source, field, filterKey]);

  const debounced = useCallback((keyword: string) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => search(keyword), REF_DEBOUNCE_MS);
  }, [search]);

  // First page when the relation (or the filter) is known and the picker shows, once per relation.
  const firstAsked = useRef<typeof search | null>(null);
  useEffect(() => {
    if (firstAsked.current === search) return;
    firstAsked.current = search;
    search('');
  }, [search]);

  // Labels of current values nobody told us about (e.g. search values restored from the URL).
  const missing = current.filter((v) => !known.current.has(v) && !asked.current.has(v)).slice(0, REF_IDS_MAX);
  const missingKey = missing.join(',');
  useEffect(() => {
    if (!missing.length || !source || !field) return;
    missing.forEach((v) => asked.current.add(v));
    lookup.current?.abort();
    const ctl = new AbortController();
    lookup.current = ctl;
    fetchRefOptions({ source, field, ids: missing }, ctl.signal).then(
      (res) => {
        if (ctl.signal.aborted || lookup.current !== ctl || !res.success) return;
        for (const r of res.result?.records ?? []) known.current.set(String(r.value), String(r.label ?? r.value));
        setLabelsLoaded((n) => n + 1);
      },
      () => undefined,
    );
    // missingKey stands for missing
  }, [source, field, missingKey]);

  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
    controller.current?.abort();
    lookup.current?.abort();
  }, []);

  const merged = useMemo(() => {
    const seen = new Set(options.map((o) => o.value));
    const extra = current.filter((v) => !seen.has(v)).map((v) => ({ value: v, label: known.current.get(v) ?? v }));
    return [...extra, ...options];
  }, [options, current.join(','), current.map((v) => known.current.get(v) ?? '').join('\u0001')]);

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
        // asks again only when the first page came back empty or failed, not while it is on its way
        if (open && !options.length && !fetching) {
          firstAsked.current = search;
          search('');
        }
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
