/**
 * The generic list: search form, ProTable (rendering only), toolbar, row
 * actions and the on-demand form. Data comes from useListQuery (own request
 * lifecycle: one request per query change, abort stale, no ProTable `request`).
 */
import { lazy, Suspense, useCallback, useMemo, useState, type Key } from 'react';
import { Button, Divider, Modal, Popconfirm, Space } from 'antd';
import { PlusOutlined, DeleteOutlined } from '@ant-design/icons';
import { ProTable, type ProColumns } from '@ant-design/pro-components';
import type { ResourceSchema } from '../../core/schema/types';
import { feedback } from '../api';
import { useCan } from '../state/permissions';
import { deleteRow, deleteRows, permissionCode, type Row } from './api';
import { PAGE_SIZE_OPTIONS, useListQuery } from './useListQuery';
import { cellSpecs, defaultSort, type SortState } from './projections';
import { renderCell } from './renderers';
import { SearchForm } from './SearchForm';
import type { FormMode } from './formTypes';

/** The Formily form is its own chunk, fetched when a form first opens. */
const ResourceForm = lazy(() => import('./ResourceForm'));

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
} as const;

export function showTotal(total: number, range: [number, number]): string {
  return `${range[0]}-${range[1]} 共${total}条`;
}

export function ResourceList({ schema }: { schema: ResourceSchema }) {
  const list = useListQuery(schema);
  const can = useCan();
  const [selected, setSelected] = useState<Key[]>([]);
  const [form, setForm] = useState<FormTarget | null>(null);
  const [formOpened, setFormOpened] = useState(false);
  // In-tree confirm: inherits ConfigProvider (locale, button autoInsertSpace: false)
  const [modal, modalHolder] = Modal.useModal();

  const code = useCallback((action: string) => permissionCode(schema, action), [schema]);
  const canAdd = can(code('add'));
  const canEdit = can(code('edit'));
  const canDelete = can(code('delete'));
  const batchDelete = (schema.list?.batch ?? ['delete']).includes('delete') && can(code('deleteBatch'));
  const sortDefault = useMemo(() => defaultSort(schema), [schema]);
  const sort: SortState | undefined = list.query.sort;

  const open = useCallback((target: FormTarget) => {
    setForm(target);
    setFormOpened(true);
  }, []);

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

  const columns = useMemo<ProColumns<Row>[]>(() => {
    const cols: ProColumns<Row>[] = cellSpecs(schema)
      .filter((c) => !c.hideInTable)
      .map((c) => ({
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
        render: (_dom: unknown, row: Row) => renderCell(row[c.dataIndex], row, c),
      }));
    cols.push({
      key: '__actions',
      title: TEXTS.actions,
      valueType: 'option',
      fixed: 'right',
      width: 160,
      render: (_dom: unknown, row: Row) => (
        <Space size={0} split={<Divider type="vertical" />}>
          {canEdit && <a onClick={() => open({ mode: 'edit', id: String(row.id), row })}>{TEXTS.edit}</a>}
          <a onClick={() => open({ mode: 'detail', id: String(row.id), row })}>{TEXTS.detail}</a>
          {canDelete && (
            <Popconfirm title={TEXTS.deleteConfirm} okText={TEXTS.ok} cancelText={TEXTS.cancel} onConfirm={() => onDelete(row)}>
              <a>{TEXTS.delete}</a>
            </Popconfirm>
          )}
        </Space>
      ),
    });
    return cols;
  }, [schema, sort, sortDefault, canEdit, canDelete, open, onDelete]);

  return (
    <>
      {modalHolder}
      <SearchForm schema={schema} onSearch={list.search} />
      <div data-testid="resource-table">
        <ProTable<Row>
          rowKey="id"
          headerTitle={schema.title}
          columns={columns}
          dataSource={list.rows}
          loading={list.loading}
          search={false}
          cardBordered
          scroll={{ x: 'max-content' }}
          options={{ reload: () => list.reload(), density: true, setting: true, fullScreen: false }}
          pagination={{
            current: list.query.pageNo,
            pageSize: list.query.pageSize,
            total: list.total,
            showSizeChanger: true,
            showQuickJumper: true,
            pageSizeOptions: PAGE_SIZE_OPTIONS,
            showTotal,
          }}
          onChange={(pagination, _filters, sorter, extra) => {
            if (extra.action === 'sort') {
              const s = Array.isArray(sorter) ? sorter[0] : sorter;
              const field = s?.columnKey ?? s?.field;
              list.setSort(s?.order && field !== undefined
                ? { field: String(field), order: s.order === 'ascend' ? 'asc' : 'desc' }
                : undefined);
            } else if (extra.action === 'paginate') {
              list.setPage(pagination.current ?? 1, pagination.pageSize ?? list.query.pageSize);
            }
          }}
          rowSelection={batchDelete ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys) } : false}
          tableAlertRender={batchDelete ? ({ selectedRowKeys, onCleanSelected }) => (
            <Space>
              <span>已选择 {selectedRowKeys.length} 项</span>
              <a onClick={onCleanSelected}>取消选择</a>
            </Space>
          ) : false}
          tableAlertOptionRender={false}
          toolBarRender={() => [
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
          ]}
        />
      </div>
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
