// @vitest-environment happy-dom
/**
 * A text cell: short text is the cell's text alone (no element around it: a list draws dozens);
 * text past the field's ellipsis length is cut with 「...」 and shows whole on hover.
 */
import { afterEach, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { renderCell, type CellSpec } from '../../src/client/engine/renderers';

afterEach(() => cleanup());

const spec = (ellipsis?: number) => ({ key: 'intro', dataIndex: 'intro', title: '简介', kind: 'string', valueType: 'text', ellipsis }) as unknown as CellSpec;

it('short text is the cell text itself', () => {
  const { container } = render(<div data-testid="cell">{renderCell('主任医师', { intro: '主任医师' }, spec())}</div>);
  const cell = screen.getByTestId('cell');
  expect(cell.textContent).toBe('主任医师');
  expect(cell.children).toHaveLength(0);
  expect(container.querySelector('span')).toBeNull();
});

it('long text is cut at the ellipsis length and shows whole on hover', async () => {
  const whole = '擅长冠心病、高血压、心律失常等心血管疾病的诊治';
  render(<div data-testid="cell">{renderCell(whole, { intro: whole }, spec(10))}</div>);
  const cut = screen.getByText('擅长冠心病、高血压、...');
  fireEvent.mouseEnter(cut);
  await waitFor(() => expect(document.querySelector('.ant-tooltip-inner')?.textContent).toBe(whole));
});
