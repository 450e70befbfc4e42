/**
 * A list drawn once, off screen and unseen, while the session has shown no list yet.
 *
 * A page's first list runs antd's Table, rc-table, the selection checkboxes, the pager and the
 * cell renderers for the first time: the engine compiles each of their functions on its first
 * call and their property caches start empty, which made the first list of a session slower
 * to draw than any list after it (the rows of a menu click). Drawing a small list in idle time,
 * into an element that is never attached to the page, does that work before the click; it
 * needs no request (made-up rows, no dictionary) and leaves nothing behind.
 *
 * Only what every list draws (text cells, the selection, a sorter, the pager, a fixed column):
 * a fuller one (dates, money, cut texts, a long pager) gained a few ms more but left about
 * 0.15 MiB more compiled code in the browser's memory, still there on the pages after it.
 *
 * It is rendered inside the app's providers (theme, locale), so the styles it asks for are the
 * ones the real list asks for, already in the build's stylesheet.
 */
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import type { TableColumnsType } from 'antd';
import { firstRowsPainted } from '../state/milestones';
import type { Row } from './api';
import { ListTable } from './ListTable';
import { renderCell, type CellSpec } from './renderers';

const spec = (key: string, title: string, valueType: CellSpec['valueType'], more: Partial<CellSpec> = {}): CellSpec => ({
  key, title, dataIndex: key, displayIndex: key, valueType, kind: 'string', ellipsis: 25, sortable: false, hideInTable: false, mask: false, ...more,
});

const SPECS: CellSpec[] = [
  spec('name', '姓名', 'text', { sortable: true }),
  spec('phone', '手机号', 'text', { mask: true }),
  spec('intro', '简介', 'textarea'),
];

const ROWS: Row[] = Array.from({ length: 10 }, (_, i) => ({
  id: `rehearsal-${i}`,
  name: `演示${i}`,
  phone: '138****0000',
  intro: '简介',
}));

const COLUMNS: TableColumnsType<Row> = [
  ...SPECS.map((c) => ({
    key: c.key,
    title: c.title,
    dataIndex: c.dataIndex,
    sorter: c.sortable,
    sortOrder: null,
    render: (_value: unknown, row: Row) => renderCell(row[c.dataIndex], row, c),
  })),
  { key: '__actions', title: '操作', fixed: 'right', width: 172, render: () => <span><a>编辑</a><a>详情</a></span> },
];

const noop = () => undefined;

/** Draws the list once after its first commit's frame, then calls `onDone` (the host unmounts it). */
export function ListRehearsal({ onDone }: { onDone: () => void }) {
  const [box] = useState(() => document.createElement('div'));
  const skip = firstRowsPainted();
  useEffect(() => {
    if (skip) {
      onDone();
      return undefined;
    }
    const timer = setTimeout(onDone);
    return () => clearTimeout(timer);
  }, []);
  if (skip) return null;
  return createPortal(
    <ListTable<Row>
      rowKey="id"
      headerTitle="rehearsal"
      columns={COLUMNS}
      dataSource={ROWS}
      scroll={{ x: 'max-content' }}
      pagination={{ current: 1, pageSize: 10, total: 10, showTotal: (t) => `共${t}条` }}
      rowSelection={{ selectedRowKeys: [], onChange: noop, checkStrictly: true }}
      selectedKeys={[]}
      onReload={noop}
      toolbar={[]}
    />,
    box,
  );
}
