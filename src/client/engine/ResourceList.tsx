/**
 * The generic list: search form, table card (ListTable: antd Table), toolbar, row
 * actions and the on-demand form. Data comes from useListQuery (own request
 * lifecycle: one request per query change, abort stale).
 *
 * - List state lives in the URL (urlState.ts): the first request already uses
 *   the decoded URL; back/forward or a router navigation to the same page with
 *   another query string restores the form and the query (one request).
 * - Column settings (tableSettings.ts) are loaded before the table renders and
 *   saved per user on the server.
 * - Transitions, declared actions, batch transitions (actions.tsx), export and
 *   import (ImportModal, lazy), tree tables (useTreeRows).
 */
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type Key, type ReactElement, type ReactNode } from 'react';
import { Button, Modal, Popconfirm, Popover, Spin, Tooltip, type TableColumnsType } from 'antd';
import { PlusOutlined, DeleteOutlined, DownloadOutlined, UploadOutlined, SettingOutlined } from '@ant-design/icons';
import { useInRouterContext, useLocation, useNavigate } from 'react-router';
import type { ResourceSchema } from '../../core/schema/types';
import { findField } from '../../core/schema/naming';
import { deletableInState, editableInState } from '../../core/projections/access';
import { feedback, saveBlob } from '../api';
import { useAccess } from '../state/permissions';
import { deleteRow, deleteRows, exportXls, type Row } from './api';
import { defaultPageSize, PAGE_SIZE_OPTIONS, useListQuery } from './useListQuery';
import { cellSpecs, defaultSort, listQuery, searchFields, type SortState } from './projections';
import { renderCell } from './renderers';
import type { FormMode } from './formTypes';
import { decodeListState, encodeListState, ownedKeys, sameOwned, writeUrl } from './urlState';
import { applySettings, useTableSettings } from './tableSettings';
import { batchTransitions, rowActions, rowTransitions, toolbarActions, useActionHost } from './actions';
import { useTreeRows } from './useTreeRows';
import { ListTable } from './ListTable';
import { afterNextPaint } from './afterPaint';

/** The Formily form is its own chunk, fetched when a form first opens. */
const ResourceForm = lazy(() => import('./ResourceForm'));
const ColumnSettingsPanel = lazy(() => import('./ColumnSettingsPanel'));
const ImportModal = lazy(() => import('./ImportModal'));
/** The filter tree (antd Tree) of `list.filterTree` lists only: its own chunk. */
const FilterTree = lazy(() => import('./FilterTree').then((m) => ({ default: m.FilterTree })));
/** The search form (date pickers, selects, the form store) hydrates after the first rows paint. */
const SearchForm = lazy(() => import('./SearchForm'));
/** Height of a collapsed search form (one row of fields and its padding), held while it loads. */
const SEARCH_FORM_HEIGHT = 80;

export interface FormTarget {
  mode: FormMode;
  id?: string;
  row?: Row;
}

export const TEXTS = {
  add: '新增',
  batchDelete: '批量删除',
  edit: '编辑',
  detail: '详情',
  delete: '删除',
  deleteConfirm: '确定删除吗?',
  batchTitle: '确认删除',
  batchContent: '是否删除选中数据?',
  selectOne: '请选择一条记录！',
  deleted: '删除成功！',
  ok: '确定',
  cancel: '取消',
  actions: '操作',
  export: '导出',
  import: '导入',
  columns: '列设置',
} as const;

/** Pager total text; a capped count (the server stopped counting) reads `共10,000+条`. */
export function showTotal(total: number, range: [number, number], capped = false): string {
  return `${range[0]}-${range[1]} 共${capped ? `${total.toLocaleString('en-US')}+` : total}条`;
}

/** Router seams, rendered only inside a router (the engine also runs without one, e.g. in tests). */
function RouterBridge({ onSearch, navRef }: { onSearch: (search: string) => void; navRef: { current: (to: string) => void } }) {
  const location = useLocation();
  const navigate = useNavigate();
  navRef.current = (to) => navigate(to);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    onSearch(location.search);
    // a navigation (not our own replaceState) changed the query string
  }, [location.key, location.search]);
  return null;
}

export interface ResourceListProps {
  schema: ResourceSchema;
  /** Keep the list state in the address bar (default true). */
  urlState?: boolean;
}

export function ResourceList({ schema, urlState = true }: ResourceListProps) {
  const pageSizeDefault = defaultPageSize(schema);
  const owned = useMemo(() => ownedKeys(schema), [schema]);
  const initial = useMemo(
    () => (urlState && typeof window !== 'undefined' ? decodeListState(schema, window.location.search, pageSizeDefault) : undefined),
    // read once: later changes come through restore()
    [],
  );
  const list = useListQuery(schema, { initial });
  const allowed = useAccess();
  const [selected, setSelected] = useState<Key[]>([]);
  const [form, setForm] = useState<FormTarget | null>(null);
  const [formOpened, setFormOpened] = useState(false);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [searchKey, setSearchKey] = useState(0);
  const [searchInit, setSearchInit] = useState(() => initial?.values);
  // In-tree confirm: inherits ConfigProvider (locale, button autoInsertSpace: false)
  const [modal, modalHolder] = Modal.useModal();
  const inRouter = useInRouterContext();
  const navRef = useRef<(to: string) => void>((to) => window.location.assign(to));

  const may = (action: string) => allowed(schema, { action });
  const canAdd = may('add');
  const canEdit = may('edit');
  const canDelete = may('delete');
  const batchDelete = (schema.list?.batch ?? ['delete']).includes('delete') && may('deleteBatch');
  const canExport = !!schema.list?.export && may('exportXls');
  const canImport = !!schema.list?.import && may('importExcel');
  const batchT = useMemo(() => batchTransitions(schema, allowed), [schema, allowed]);
  const toolbarA = useMemo(() => toolbarActions(schema, allowed), [schema, allowed]);
  const selectable = batchDelete || batchT.length > 0 || toolbarA.length > 0 || canExport;
  const sortDefault = useMemo(() => defaultSort(schema), [schema]);
  const sort: SortState | undefined = list.query.sort;

  /* ---------- URL state ---------- */
  const { query } = list;
  useEffect(() => {
    if (!urlState) return;
    writeUrl(encodeListState(schema, query, pageSizeDefault), owned);
  }, [urlState, schema, query, pageSizeDefault, owned]);

  const queryRef = useRef(query);
  queryRef.current = query;
  const restoreFrom = useCallback((search: string) => {
    const current = encodeListState(schema, queryRef.current, pageSizeDefault).toString();
    if (sameOwned(search, current, owned)) return;
    const next = decodeListState(schema, search, pageSizeDefault);
    list.restore(next);
    setSearchInit(next.values);
    setSearchKey((k) => k + 1);
  }, [schema, pageSizeDefault, owned, list]);

  useEffect(() => {
    if (!urlState) return undefined;
    const onPop = () => restoreFrom(window.location.search);
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [urlState, restoreFrom]);

  /* ---------- columns ---------- */
  const specs = useMemo(() => cellSpecs(schema).filter((c) => !findField(schema, c.key) || allowed(schema, { action: 'view', field: c.key })), [schema, allowed]);
  const settings = useTableSettings(schema.name, specs);
  const titles = useMemo(() => Object.fromEntries(specs.map((c) => [c.key, c.title])), [specs]);
  const shownSpecs = useMemo(() => applySettings(specs, settings.settings), [specs, settings.settings]);

  const open = useCallback((target: FormTarget) => {
    setForm(target);
    setFormOpened(true);
  }, []);

  const reload = list.reload;
  const actionHost = useActionHost(schema, modal, reload, (to) => navRef.current(to));
  const { runTransition, runBatchTransition, runAction } = actionHost;

  const onDelete = useCallback(async (row: Row) => {
    const res = await deleteRow(schema, String(row.id));
    if (res.success) {
      void feedback.message.success(TEXTS.deleted);
      setSelected((keys) => keys.filter((k) => k !== row.id));
      list.afterDelete(1);
    } else {
      void feedback.message.warning(res.message);
    }
  }, [schema, list]);

  const selectedRows = useCallback((): Row[] => {
    const keys = new Set(selected.map(String));
    const found: Row[] = [];
    const walk = (rs: Row[]) => rs.forEach((r) => {
      if (keys.has(String(r.id))) found.push(r);
      if (Array.isArray(r.children)) walk(r.children as Row[]);
    });
    walk(list.rows);
    return found;
  }, [selected, list.rows]);

  const onBatchDelete = useCallback(() => {
    if (!selected.length) {
      void feedback.message.warning(TEXTS.selectOne);
      return;
    }
    const ids = selected.map(String);
    modal.confirm({
      title: TEXTS.batchTitle,
      content: TEXTS.batchContent,
      okText: TEXTS.ok,
      cancelText: TEXTS.cancel,
      onOk: async () => {
        const res = await deleteRows(schema, ids);
        if (res.success) {
          void feedback.message.success(res.message || TEXTS.deleted);
          setSelected([]);
          list.afterDelete(ids.length);
        } else {
          void feedback.message.warning(res.message);
        }
      },
    });
  }, [schema, selected, list, modal]);

  const onExport = useCallback(async () => {
    setExporting(true);
    try {
      const params = listQuery(schema, query);
      delete params.pageNo;
      delete params.pageSize;
      params.field = shownSpecs.map((c) => c.key).join(',');
      if (selected.length) params.selections = selected.map(String).join(',');
      const out = await exportXls(schema, params);
      if ('blob' in out) saveBlob(out.blob, `${schema.title}.xlsx`);
      else void feedback.message.success(out.queued); // 已加入下载中心: 系统设置 › 下载中心 shows its progress
    } catch (err) {
      if (err instanceof Error && !('status' in err)) void feedback.message.warning(err.message);
    } finally {
      setExporting(false);
    }
  }, [schema, query, shownSpecs, selected]);

  const columns = useMemo<TableColumnsType<Row>>(() => {
    const cols: TableColumnsType<Row> = shownSpecs.map((c) => ({
      key: c.key,
      title: c.title,
      dataIndex: c.dataIndex,
      width: c.width,
      fixed: c.fixed,
      sorter: c.sortable,
      sortOrder: (sort ?? sortDefault).field === c.key
        ? ((sort ?? sortDefault).order === 'asc' ? 'ascend' : 'descend')
        : null,
      // the default-sort column toggles (never "unsorted": that would be the default again)
      ...(c.key === sortDefault.field ? { sortDirections: ['ascend', 'descend', 'ascend'] as ('ascend' | 'descend')[] } : {}),
      render: (_value: unknown, row: Row) => renderCell(row[c.dataIndex], row, c),
    }));
    cols.push({
      key: '__actions',
      title: TEXTS.actions,
      fixed: 'right',
      width: actionColumnWidth(schema),
      render: (_value: unknown, row: Row) => rowActionLinks([
        canEdit && editableInState(schema, row) && <a key="edit" onClick={() => open({ mode: 'edit', id: String(row.id), row })}>{TEXTS.edit}</a>,
        <a key="detail" onClick={() => open({ mode: 'detail', id: String(row.id), row })}>{TEXTS.detail}</a>,
        ...rowTransitions(schema, row, allowed).map((t) => (
          <a key={`t-${t.action}`} data-action={t.action} onClick={() => runTransition(t, row)}>{t.title}</a>
        )),
        ...rowActions(schema, row, allowed).map((a) => (
          <a key={`a-${a.action}`} data-action={a.action} onClick={() => runAction(a, { row })}>{a.title}</a>
        )),
        canDelete && deletableInState(schema, row) && <DeleteLink key="delete" onConfirm={() => onDelete(row)} />,
      ]),
    });
    return cols;
  }, [schema, allowed, shownSpecs, sort, sortDefault, canEdit, canDelete, open, onDelete, runTransition, runAction]);

  const tree = useTreeRows(schema, list.rows);
  const hasSearch = useMemo(() => searchFields(schema).length > 0, [schema]);
  const tableShown = settings.ready && list.settled;
  // once the table has drawn its first rows, the search form may load (and stays)
  // (after the frame that paints them: its chunks and render do not delay that frame)
  const [firstPainted, setFirstPainted] = useState(false);
  useEffect(() => {
    if (!tableShown || firstPainted) return undefined;
    return afterNextPaint(() => setFirstPainted(true));
  }, [tableShown, firstPainted]);

  const settingsButton = (
    <Popover key="settings" trigger="click" placement="bottomRight" destroyOnHidden
      content={(
        <Suspense fallback={<Spin size="small" />}>
          <ColumnSettingsPanel settings={settings.settings} titles={titles} onChange={settings.update} onReset={settings.reset} />
        </Suspense>
      )}>
      <Tooltip title={TEXTS.columns}>
        <Button type="text" aria-label={TEXTS.columns} icon={<SettingOutlined />} />
      </Tooltip>
    </Popover>
  );

  // `list.filterTree`: a node chosen in the tree beside the table is the field's search value
  const treeField = schema.list?.filterTree;
  const treeValue = treeField ? String(query.values[treeField] ?? '') : '';
  const onTreeSelect = useCallback((value: string) => {
    if (!treeField) return;
    const { [treeField]: _drop, ...rest } = queryRef.current.values;
    list.search(value ? { ...rest, [treeField]: value } : rest);
  }, [treeField, list]);
  // the search form's 查询 / 重置 keep the tree's node unless the form names another value
  const onFormSearch = useCallback((values: Record<string, unknown>) => {
    const v = treeField ? values[treeField] : undefined;
    list.search(treeField && treeValue && (v === undefined || v === null || v === '') ? { ...values, [treeField]: treeValue } : values);
  }, [treeField, treeValue, list]);

  const page = (
    <>
      {hasSearch && (
        <Suspense fallback={<div className="resource-search" style={{ height: SEARCH_FORM_HEIGHT, marginBottom: 16 }} />}>
          {firstPainted
            ? <SearchForm key={searchKey} schema={schema} onSearch={onFormSearch} initialValues={searchInit} />
            : <div className="resource-search" style={{ height: SEARCH_FORM_HEIGHT, marginBottom: 16 }} />}
        </Suspense>
      )}
      <div data-testid="resource-table">
        {/* the table renders once, with its first rows: an empty render first costs as much again */}
        {!tableShown
          ? <div style={{ padding: 48, textAlign: 'center' }}><Spin /></div>
          : (
            <ListTable<Row>
              rowKey="id"
              headerTitle={schema.title}
              columns={columns}
              dataSource={tree ? tree.data : list.rows}
              loading={list.loading}
              size={settings.settings.density}
              scroll={{ x: 'max-content' }}
              onReload={() => list.reload()}
              expandable={tree ? {
                expandedRowKeys: tree.expandedKeys,
                onExpand: (expanded, row) => tree.onExpand(expanded, row),
              } : undefined}
              pagination={{
                current: query.pageNo,
                pageSize: query.pageSize,
                total: list.total,
                // 条/页 (an antd Select) and 跳至 join the pager in the frame after the rows, as
                // the search form does: ~10 ms less between a menu click and its rows
                showSizeChanger: firstPainted,
                showQuickJumper: firstPainted,
                pageSizeOptions: PAGE_SIZE_OPTIONS,
                showTotal: (t, range) => showTotal(t, range, list.totalCapped),
              }}
              onChange={(pagination, _filters, sorter, extra) => {
                if (extra.action === 'sort') {
                  const s = Array.isArray(sorter) ? sorter[0] : sorter;
                  const field = s?.columnKey ?? s?.field;
                  list.setSort(s?.order && field !== undefined
                    ? { field: String(field), order: s.order === 'ascend' ? 'asc' : 'desc' }
                    : undefined);
                } else if (extra.action === 'paginate') {
                  list.setPage(pagination.current ?? 1, pagination.pageSize ?? query.pageSize);
                }
              }}
              rowSelection={selectable ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys), checkStrictly: true } : undefined}
              selectedKeys={selectable ? selected : undefined}
              onClearSelection={() => setSelected([])}
              toolbarPending={!firstPainted}
              toolbar={[
                canAdd && (
                  <Button key="add" type="primary" icon={<PlusOutlined />} onClick={() => open({ mode: 'create' })}>
                    {TEXTS.add}
                  </Button>
                ),
                batchDelete && (
                  <Button key="batch" danger icon={<DeleteOutlined />} onClick={onBatchDelete}>
                    {TEXTS.batchDelete}
                  </Button>
                ),
                ...batchT.map((t) => (
                  <Button key={`bt-${t.action}`} onClick={() => runBatchTransition(t, selectedRows())}>{`批量${t.title}`}</Button>
                )),
                ...toolbarA.map((a) => (
                  <Button key={`ta-${a.action}`} onClick={() => runAction(a, { rows: selectedRows() })}>{a.title}</Button>
                )),
                canExport && (
                  <Button key="export" icon={<DownloadOutlined />} loading={exporting} onClick={onExport}>{TEXTS.export}</Button>
                ),
                canImport && (
                  <Button key="import" icon={<UploadOutlined />} onClick={() => setImporting(true)}>{TEXTS.import}</Button>
                ),
                settingsButton,
              ]}
            />
          )}
      </div>
    </>
  );

  return (
    <>
      {modalHolder}
      {actionHost.host}
      {treeField
        ? (
          <div style={{ display: 'flex', gap: 16, alignItems: 'stretch' }}>
            <Suspense fallback={<div style={{ width: 240 }}><Spin /></div>}>
              <FilterTree schema={schema} field={treeField} selected={treeValue} onSelect={onTreeSelect} />
            </Suspense>
            <div style={{ flex: 1, minWidth: 0 }}>{page}</div>
          </div>
        )
        : page}
      {inRouter && <RouterBridge onSearch={urlState ? restoreFrom : () => undefined} navRef={navRef} />}
      {importing && (
        <Suspense fallback={null}>
          <ImportModal schema={schema} onClose={() => setImporting(false)} onImported={() => list.reload()} />
        </Suspense>
      )}
      {formOpened && (
        <Suspense fallback={null}>
          <ResourceForm
            schema={schema}
            target={form}
            onClose={() => setForm(null)}
            onSaved={() => {
              setForm(null);
              list.reload();
            }}
          />
        </Suspense>
      )}
    </>
  );
}

const ACTIONS_STYLE = { display: 'inline-flex', flexWrap: 'wrap', alignItems: 'center', rowGap: 4 } as const;
/** The vertical divider's look (antd Divider type="vertical", colorSplit). */
const SEPARATOR_STYLE = { display: 'inline-block', height: '0.9em', marginInline: 8, borderInlineStart: '1px solid rgba(5, 5, 5, 0.06)', verticalAlign: 'middle' } as const;

/**
 * A row's buttons separated by vertical bars, wrapping when narrow: one span holding the links
 * and the bars (no wrapper per link, and a function, not a component: every row draws one).
 */
function rowActionLinks(links: (ReactElement | false)[]): ReactElement {
  const items: ReactNode[] = [];
  for (const link of links) {
    if (!link) continue;
    if (items.length) items.push(<span key={`sep-${link.key}`} role="separator" style={SEPARATOR_STYLE} />);
    items.push(link);
  }
  return <span style={ACTIONS_STYLE}>{items}</span>;
}

/**
 * 删除 with its 确定删除吗? confirmation. The Popconfirm (a popup trigger: ~180 hooks, state and
 * closures per row) mounts on the first click, opened, rather than with every row of the page.
 */
function DeleteLink({ onConfirm }: { onConfirm: () => void }) {
  const [armed, setArmed] = useState(false);
  if (!armed) return <a onClick={() => setArmed(true)}>{TEXTS.delete}</a>;
  return (
    <Popconfirm defaultOpen title={TEXTS.deleteConfirm} okText={TEXTS.ok} cancelText={TEXTS.cancel} onConfirm={onConfirm}>
      <a>{TEXTS.delete}</a>
    </Popconfirm>
  );
}

/**
 * Width of the operations column: room for the most buttons one row can show
 * (edit, detail, delete, the transitions leaving the busiest state, row actions),
 * so a row's buttons stay on one line; capped so the data keeps its room.
 */
function actionColumnWidth(schema: ResourceSchema): number {
  const fromState = new Map<string, number>();
  for (const t of schema.states?.transitions ?? []) if (!t.system) for (const f of t.from) fromState.set(f, (fromState.get(f) ?? 0) + 1);
  const transitions = Math.max(0, ...fromState.values());
  const rowActions = (schema.actions ?? []).filter((a) => a.placement === 'row').length;
  const buttons = 3 + transitions + rowActions;
  return Math.min(360, 40 + buttons * 44);
}
