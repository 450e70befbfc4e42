// @vitest-environment happy-dom
/**
 * A text field's `suggestions` (数据规则's 规则值): the drop-down offers the variables with their
 * meaning; picking one fills the value, and free text is kept as typed.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { SuggestInput } from '../../src/client/engine/fields/SuggestInput';

const VARIABLES = [
  { value: '#{sys_user_code}', label: '当前用户账号' },
  { value: '#{sys_org_code}', label: '当前用户部门编码' },
  { value: '#{sys_date}', label: '当前日期' },
  { value: '#{sys_time}', label: '当前时间' },
];

afterEach(cleanup);

describe('SuggestInput', () => {
  it('offers every variable with its meaning; a pick fills it; typed text is kept', async () => {
    const onChange = vi.fn();
    render(<SuggestInput aria-label="规则值" options={VARIABLES} onChange={onChange} placeholder="请输入规则值" />);
    const input = screen.getByRole('combobox');
    fireEvent.mouseDown(input);
    fireEvent.focus(input);
    await waitFor(() => expect(document.querySelectorAll('.ant-select-item-option').length).toBe(4));
    const texts = [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent);
    expect(texts).toEqual(['#{sys_user_code}当前用户账号', '#{sys_org_code}当前用户部门编码', '#{sys_date}当前日期', '#{sys_time}当前时间']);
    fireEvent.click(document.querySelector('.ant-select-item-option[title="#{sys_org_code}"], [data-value="#{sys_org_code}"]')!);
    expect(onChange).toHaveBeenLastCalledWith('#{sys_org_code}');
    fireEvent.change(input, { target: { value: 'A01' } });
    expect(onChange).toHaveBeenLastCalledWith('A01');
  });
});
