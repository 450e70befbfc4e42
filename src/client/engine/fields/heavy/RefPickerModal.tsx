/**
 * Table picker for `ref` / `refs` targets with many rows (lazy): a modal with
 * the target's own search form and a paged table (radio for ref, checkbox for
 * refs). Used automatically when the target resource declares more than one
 * search field (the language has no `widget: "picker"` for refs yet).
 */
import { useState, type Key } from 'react';
import { Modal, Table } from 'antd';
import type { ResourceSchema } from '../../../../core/schema/types';
import type { Row } from '../../api';
import { useListQuery } from '../../useListQuery';
import { SearchForm } from '../../SearchForm';
import { cellSpecs } from '../../projections';
import { renderCell } from '../../renderers';

export interface RefPickerModalProps {
  target: ResourceSchema;
  title: string;
  multiple?: boolean;
  valueField: string;
  labelField: string;
  value: string[];
  onOk: (picked: Array<{ value: string; label: string }>) => void;
  onClose: () => void;
}

export default function RefPickerModal({ target, title, multiple, valueField, labelField, value, onOk, onClose }: RefPickerModalProps) {
  const list = useListQuery(target);
  const [keys, setKeys] = useState<Key[]>(value);
  const [picked, setPicked] = useState(new Map<string, string>());
  const specs = cellSpecs(target).filter((c) => !c.hideInTable).slice(0, 6);
  return (
    <Modal open width={900} title={title} okText="确定" cancelText="取消" onCancel={onClose} destroyOnHidden data-testid="ref-picker"
      onOk={() => onOk(keys.map(String).map((k) => ({ value: k, label: picked.get(k) ?? k })))}>
      <SearchForm schema={target} onSearch={list.search} />
      <Table<Row>
        size="small"
        rowKey={(r) => String(r[valueField] ?? r.id)}
        loading={list.loading}
        dataSource={list.rows}
        scroll={{ x: 'max-content' }}
        columns={specs.map((c) => ({ key: c.key, title: c.title, dataIndex: c.dataIndex, render: (_v: unknown, r: Row) => renderCell(r[c.dataIndex], r, c) }))}
        rowSelection={{
          type: multiple ? 'checkbox' : 'radio',
          selectedRowKeys: keys,
          preserveSelectedRowKeys: true,
          onChange: (ks, rows) => {
            setKeys(ks);
            setPicked((m) => {
              const n = new Map(m);
              rows.forEach((r) => r && n.set(String(r[valueField] ?? r.id), String(r[labelField] ?? '')));
              return n;
            });
          },
        }}
        pagination={{
          current: list.query.pageNo, pageSize: list.query.pageSize, total: list.total, size: 'small', showSizeChanger: true,
          onChange: (p, s) => list.setPage(p, s),
        }}
      />
    </Modal>
  );
}
