/**
 * The list's request lifecycle, owned here rather than by a table component's `request`
 * (as ProTable's was: its issues #8559/#5619 double fetch, #8954 stale response wins).
 *
 * - One query object (search values, sort, page) is the single source of truth;
 *   every change produces exactly one request, from one effect.
 * - Each request gets its own AbortController; starting a new one aborts the
 *   previous, and a response is applied only if it belongs to the latest
 *   request (sequence guard, in case a layer ignores the signal).
 * - Unmount aborts the in-flight request.
 * - `success=false` keeps the rows shown and warns with the server message
 *   (JeecgBoot list mixin); an HTTP error was already notified by the request
 *   layer, so it only stops the spinner.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { message } from 'antd';
import type { ResourceSchema } from '../../core/schema/types';
import type { Page } from '../../core/protocol/envelope';
import { fetchList, isAbort, type Row } from './api';
import { listQuery, type SortState } from './projections';
import { settledFirstList, takeFirstList } from './earlyList';
import { holdForRows, markFirstRows } from '../state/milestones';
import { afterNextPaint } from './afterPaint';

export interface ListQueryState {
  values: Record<string, unknown>;
  sort?: SortState;
  pageNo: number;
  pageSize: number;
  /** Bumped by reload() so an identical query is fetched again. */
  nonce: number;
}

export interface ListQuery {
  rows: Row[];
  total: number;
  /** The server stopped counting at its cap: more rows match than `total`. */
  totalCapped: boolean;
  /** The first request has been answered (or failed): until then there is nothing to show. */
  settled: boolean;
  loading: boolean;
  query: ListQueryState;
  search(values: Record<string, unknown>): void;
  setPage(pageNo: number, pageSize: number): void;
  setSort(sort: SortState | undefined): void;
  reload(): void;
  /** After removing `count` rows: go back a page if this one became empty. */
  afterDelete(count: number): void;
  /** Replaces values, sort and page at once (URL restore): one request. */
  restore(state: Omit<ListQueryState, 'nonce'>): void;
}

export interface ListQueryOptions {
  /** Initial values/sort/page (decoded from the URL): the first request already uses them. */
  initial?: Partial<Omit<ListQueryState, 'nonce'>>;
  /** Builds the request; default the generic `list` call (tree resources swap in their own). */
  fetcher?: typeof fetchList;
}

export const PAGE_SIZE_OPTIONS = ['10', '20', '30'];

export function defaultPageSize(schema: ResourceSchema): number {
  return schema.list?.pageSize ?? 10;
}

export function useListQuery(schema: ResourceSchema, options: ListQueryOptions = {}): ListQuery {
  const [query, setQuery] = useState<ListQueryState>(() => ({
    values: {},
    pageNo: 1,
    pageSize: defaultPageSize(schema),
    ...options.initial,
    nonce: 0,
  }));
  const fetcher = useRef(options.fetcher ?? fetchList);
  fetcher.current = options.fetcher ?? fetchList;
  // the first answer already in (start-up asked it while the engine loaded): the first render
  // shows its rows, with no loading render and no second pass
  const [first] = useState(() => (options.fetcher ? undefined : settledAnswer(schema, query)));
  const [rows, setRows] = useState<Row[]>(() => first?.rows ?? []);
  const [total, setTotal] = useState(() => first?.total ?? 0);
  const [totalCapped, setTotalCapped] = useState(() => first?.totalCapped ?? false);
  const [loading, setLoading] = useState(first === undefined);
  const [settled, setSettled] = useState(first !== undefined);
  const answeredFirst = useRef(first !== undefined);
  const seq = useRef(0);
  const totalRef = useRef(0);
  totalRef.current = total;
  /** Shows a page of the answer (its rows, its count). */
  const show = (page: ReturnType<typeof shownPage>) => {
    setRows(page.rows);
    setTotal(page.total);
    setTotalCapped(page.totalCapped);
  };

  // The answer may come in while the page's first render is under way (a menu click's route
  // renders while its call is out): taken when the render commits, the rows are drawn in the
  // same frame (an update from a layout effect renders before the browser paints), not a
  // frame with the spinner first and the rows in the next.
  useLayoutEffect(() => {
    if (answeredFirst.current || options.fetcher) return;
    const late = settledAnswer(schema, query);
    if (!late) return;
    answeredFirst.current = true;
    show(late);
    setLoading(false);
    setSettled(true);
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    const mine = ++seq.current;
    if (answeredFirst.current) {
      answeredFirst.current = false;
      return () => controller.abort();
    }
    setLoading(true);
    let params: Record<string, string>;
    try {
      params = listQuery(schema, query);
    } catch (err) {
      setLoading(false);
      setSettled(true);
      void message.warning(err instanceof Error ? err.message : String(err));
      return () => controller.abort();
    }
    // the first request may already be under way (earlyList.ts); a custom fetcher asks its own way
    const pre = mine === 1 && !options.fetcher ? takeFirstList(schema, params, controller.signal) : undefined;
    (pre ?? fetcher.current(schema, params, controller.signal)).then(
      (res) => {
        if (controller.signal.aborted || mine !== seq.current) return;
        if (res.success) show(shownPage(res.result));
        else void message.warning(res.message);
        setLoading(false);
        setSettled(true);
      },
      (err: unknown) => {
        if (controller.signal.aborted || mine !== seq.current || isAbort(err)) return;
        setLoading(false);
        setSettled(true);
      },
    );
    return () => controller.abort();
  }, [schema, query]);

  const search = useCallback((values: Record<string, unknown>) => {
    setQuery((q) => ({ ...q, values, pageNo: 1, nonce: q.nonce + 1 }));
  }, []);
  const setPage = useCallback((pageNo: number, pageSize: number) => {
    setQuery((q) => (q.pageNo === pageNo && q.pageSize === pageSize
      ? q
      : { ...q, pageNo: pageSize !== q.pageSize ? 1 : pageNo, pageSize }));
  }, []);
  const setSort = useCallback((sort: SortState | undefined) => {
    setQuery((q) => (sameSort(q.sort, sort) ? q : { ...q, sort, pageNo: 1 }));
  }, []);
  const reload = useCallback(() => {
    setQuery((q) => ({ ...q, nonce: q.nonce + 1 }));
  }, []);
  const afterDelete = useCallback((count: number) => {
    setQuery((q) => {
      const remaining = Math.max(0, totalRef.current - count);
      const lastPage = Math.max(1, Math.ceil(remaining / q.pageSize));
      return { ...q, pageNo: Math.min(q.pageNo, lastPage), nonce: q.nonce + 1 };
    });
  }, []);

  const restore = useCallback((next: Omit<ListQueryState, 'nonce'>) => {
    setQuery((q) => ({ ...next, nonce: q.nonce + 1 }));
  }, []);

  // the first rows on screen (after the frame that paints them) release the idle prefetches
  useEffect(() => {
    if (!loading && rows.length > 0) afterNextPaint(markFirstRows);
  }, [loading, rows]);

  // While the first answer is awaited, what may follow the rows waits (a layout effect: it is
  // held before any passive effect of the same commit can schedule such work); released after
  // the frame that paints the answer, or when the list goes.
  const hold = useRef<(() => void) | null>(null);
  useLayoutEffect(() => {
    if (!settled) hold.current = holdForRows();
    return () => hold.current?.();
  }, []);
  useEffect(() => {
    if (settled && hold.current) afterNextPaint(hold.current);
  }, [settled]);

  return { rows, total, totalCapped, settled, loading, query, search, setPage, setSort, reload, afterDelete, restore };
}

/** What a list shows of a page answer. */
function shownPage(page: Page<Row> | undefined): { rows: Row[]; total: number; totalCapped: boolean } {
  return {
    rows: Array.isArray(page?.records) ? page.records : [],
    total: Number(page?.total ?? 0) || 0,
    totalCapped: page?.totalCapped === true,
  };
}

/** The early answer to the first query if it has come (earlyList.ts), as shown. */
function settledAnswer(schema: ResourceSchema, query: ListQueryState): ReturnType<typeof shownPage> | undefined {
  let params: Record<string, string>;
  try {
    params = listQuery(schema, query);
  } catch {
    return undefined; // the effect says why
  }
  const res = settledFirstList(schema, params);
  return res ? shownPage(res.result) : undefined;
}

function sameSort(a: SortState | undefined, b: SortState | undefined): boolean {
  if (!a || !b) return a === b;
  return a.field === b.field && a.order === b.order;
}
