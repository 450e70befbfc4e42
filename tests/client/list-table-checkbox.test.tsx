// @vitest-environment happy-dom
/**
 * The list's row checkboxes are plain markup (ListTable's lightCheckbox): the same elements and
 * class names antd's Checkbox draws, and antd's selection handlers, so what a user sees and
 * what a click or Shift+click selects are antd's.
 */
import { afterEach, expect, it } from 'vitest';
import { cleanup, fireEvent, render } from '@testing-library/react';
import { useState, type Key } from 'react';
import { Checkbox } from 'antd';
import { ListTable } from '../../src/client/engine/ListTable';

afterEach(() => cleanup());

const ROWS = [1, 2, 3, 4].map((id) => ({ id, name: `病人${id}` }));

function List({ seen }: { seen: Key[][] }) {
  const [selected, setSelected] = useState<Key[]>([]);
  return (
    <ListTable
      rowKey="id"
      headerTitle="患者"
      toolbar={[]}
      onReload={() => undefined}
      columns={[{ key: 'name', dataIndex: 'name', title: '姓名' }]}
      dataSource={ROWS}
      pagination={false}
      rowSelection={{ selectedRowKeys: selected, checkStrictly: true, onChange: (keys) => { seen.push(keys); setSelected(keys); } }}
      selectedKeys={selected}
    />
  );
}

const rowBox = (c: HTMLElement, i: number) => c.querySelectorAll<HTMLElement>('tbody tr.ant-table-row')[i]!.querySelector<HTMLElement>('label')!;

it('draws each row checkbox as antd Checkbox draws it, checked and unchecked', () => {
  const seen: Key[][] = [];
  const { container } = render(<List seen={seen} />);
  const antd = render(<><Checkbox checked={false} /><Checkbox checked /></>).container.querySelectorAll('label');
  expect(rowBox(container, 0).outerHTML).toBe(antd[0]!.outerHTML);
  fireEvent.click(rowBox(container, 0).querySelector('input')!);
  expect(seen).toEqual([[1]]);
  expect(rowBox(container, 0).outerHTML).toBe(antd[1]!.outerHTML.replace(' checked=""', ''));
  expect(rowBox(container, 0).querySelector('input')!.checked).toBe(true);
  expect(container.textContent).toContain('已选择 1 项');
});

it('selects and clears one row per click, and a Shift+click selects the rows between', () => {
  const seen: Key[][] = [];
  const { container } = render(<List seen={seen} />);
  fireEvent.click(rowBox(container, 1).querySelector('input')!);
  fireEvent.click(rowBox(container, 1).querySelector('input')!);
  expect(seen).toEqual([[2], []]);
  fireEvent.click(rowBox(container, 0).querySelector('input')!);
  fireEvent.click(rowBox(container, 3).querySelector('input')!, { shiftKey: true });
  expect(seen.at(-1)).toEqual([1, 2, 3, 4]);
  expect(container.querySelectorAll('tbody .ant-checkbox-wrapper-checked')).toHaveLength(4);
  // the header's select-all box is antd's own and still clears them all
  fireEvent.click(container.querySelector<HTMLInputElement>('thead input[type="checkbox"]')!);
  expect(seen.at(-1)).toEqual([]);
});
