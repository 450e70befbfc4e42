// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import {
  can,
  clearButtonAuth,
  hasButtonPermission,
  setButtonAuth,
  useAccess,
  useCan,
} from '../../src/client/state/permissions';
import { clearResourceSchemaCache, registerResourceSchema } from '../../src/client/engine/schemas';
import type { ResourceSchema } from '../../src/core/schema/types';
import type { AuthEntry } from '../../src/client/state/types';

const auth: AuthEntry[] = [
  { action: 'hisDoctor:add', type: '1' },
  { action: 'hisDoctor:edit,hisDoctor:delete', type: '1' },
  { action: 'hisDoctor:form:phone', type: '2' },
  { action: 'hisDrug:list', type: 1 },
];
const allAuth: AuthEntry[] = [
  { action: 'hisDoctor:add', type: '1', status: '1' },
  { action: 'hisDoctor:export', type: '1', status: '1' },
  { action: 'hisDoctor:import', type: '1', status: '0' },
  { action: 'hisNurse:add,hisNurse:edit', type: '1', status: '0' },
  { action: 'hisDoctor:form:phone', type: '2', status: '1' },
  { action: 'hisDoctor:form:idcard', type: '2', status: '0' },
  { action: 'hisDoctor:audit', type: '2', status: '0' },
];

describe('seed §6 button rule', () => {
  it('keeps a code the user owns', () => {
    expect(hasButtonPermission('hisDoctor:add', auth, allAuth)).toBe(true);
    expect(hasButtonPermission('hisDrug:list', auth, allAuth)).toBe(true);
  });
  it('removes a code the user does not own (registered or not)', () => {
    expect(hasButtonPermission('hisDoctor:export', auth, allAuth)).toBe(false);
    expect(hasButtonPermission('hisDoctor:unknown', auth, allAuth)).toBe(false);
  });
  it('keeps a code whose system entry has status 0', () => {
    expect(hasButtonPermission('hisDoctor:import', auth, allAuth)).toBe(true);
    expect(hasButtonPermission('hisDoctor:import', [], allAuth)).toBe(true);
  });
  it('ignores type 2 entries on both sides', () => {
    expect(hasButtonPermission('hisDoctor:form:phone', auth, allAuth)).toBe(false);
    expect(hasButtonPermission('hisDoctor:audit', auth, allAuth)).toBe(false);
  });
  it('splits comma-joined action lists', () => {
    expect(hasButtonPermission('hisDoctor:edit', auth, allAuth)).toBe(true);
    expect(hasButtonPermission('hisDoctor:delete', auth, allAuth)).toBe(true);
    expect(hasButtonPermission('hisNurse:edit', [], allAuth)).toBe(true);
    expect(hasButtonPermission('hisDoctor:edit,hisDoctor:delete', auth, allAuth)).toBe(false);
  });
  it('removes everything when the user has no auth', () => {
    expect(hasButtonPermission('hisDoctor:add', [], allAuth)).toBe(false);
  });
});

describe('can / useCan read the session storage lists', () => {
  beforeEach(() => clearButtonAuth());

  it('can() reads LOGIN_USER_BUTTON_AUTH and SYS_BUTTON_AUTH', () => {
    sessionStorage.setItem('LOGIN_USER_BUTTON_AUTH', JSON.stringify(auth));
    sessionStorage.setItem('SYS_BUTTON_AUTH', JSON.stringify(allAuth));
    expect(can('hisDoctor:add')).toBe(true);
    expect(can('hisDoctor:export')).toBe(false);
    expect(can('hisDoctor:import')).toBe(true);
  });

  it('a direct write to the storage is seen from the next task on', async () => {
    sessionStorage.setItem('LOGIN_USER_BUTTON_AUTH', JSON.stringify(auth));
    sessionStorage.setItem('SYS_BUTTON_AUTH', JSON.stringify(allAuth));
    expect(can('hisDoctor:add')).toBe(true);
    sessionStorage.setItem('LOGIN_USER_BUTTON_AUTH', '[]');
    await new Promise((r) => setTimeout(r, 0));
    expect(can('hisDoctor:add')).toBe(false);
  });

  it('useCan re-renders when permissions change', () => {
    const { result } = renderHook(() => useCan());
    expect(result.current('hisDoctor:add')).toBe(false);
    act(() => setButtonAuth(auth, allAuth));
    expect(result.current('hisDoctor:add')).toBe(true);
    expect(sessionStorage.getItem('LOGIN_USER_BUTTON_AUTH')).toBe(JSON.stringify(auth));
  });
});

describe('useAccess: the engine asks the one access rule by resource and action', () => {
  const parent = {
    schemaVersion: 1, name: 'stockBill', title: '入库单', entity: '入库单', menu: { group: '药事管理', path: '/app/stockBill' },
    fields: [
      { key: 'billNo', title: '单号', kind: 'string' },
      { key: 'cost', title: '成本', kind: 'money', permission: { view: 'stockBill:cost:view', edit: 'stockBill:cost:edit' } },
      { key: 'status', title: '状态', kind: 'dict', dict: 'bill_status' },
    ],
    children: [{ key: 'lines', title: '明细', resource: 'stockBillLine', foreignKey: 'billId' }],
    states: { field: 'status', transitions: [{ action: 'confirm', title: '确认', from: ['0'], to: '1' }] },
  } as unknown as ResourceSchema;
  const child = { schemaVersion: 1, name: 'stockBillLine', title: '明细', entity: '明细', fields: [{ key: 'qty', title: '数量', kind: 'integer' }] } as unknown as ResourceSchema;

  beforeEach(() => { clearResourceSchemaCache(); registerResourceSchema(parent); registerResourceSchema(child); });

  it('derives a child resource from its parent, reads fields and states, and honours switched-off rules', () => {
    setButtonAuth([{ action: 'stockBill:list,stockBill:edit,stockBill:confirm,stockBill:cost:view', type: '1' }], [{ action: 'stockBill:exportXls', type: '1', status: '0' }]);
    const { result } = renderHook(() => useAccess());
    const allowed = result.current;
    expect(allowed(child, { action: 'add' })).toBe(true); // the parent's edit code
    expect(allowed(child, { action: 'list' })).toBe(true); // the parent's list code
    expect(allowed(parent, { action: 'add' })).toBe(false);
    expect(allowed(parent, { action: 'exportXls' })).toBe(true); // status '0': rule off for everyone
    expect(allowed(parent, { action: 'view', field: 'cost' })).toBe(true);
    expect(allowed(parent, { action: 'edit', field: 'cost' })).toBe(false);
    expect(allowed(parent, { action: 'confirm', record: { status: '0' } })).toBe(true);
    expect(allowed(parent, { action: 'confirm', record: { status: '1' } })).toBe(false);
    act(() => setButtonAuth([{ action: 'stockBill:list', type: '1' }], []));
    expect(renderHook(() => useAccess()).result.current(child, { action: 'add' })).toBe(false);
  });
});
