/** The one access rule (src/core/access): grants, code derivation, transitions from a state, field access. */
import { describe, expect, test } from 'vitest';
import { allowedTransitions } from '../../src/core/projections/access.js';
import { can, codeFor, grantsFromAuth, grantsOf, holds, lookupOf, NO_GRANTS } from '../../src/core/access/index.js';
import type { ResourceSchema } from '../../src/core/schema/types.js';

const order: ResourceSchema = {
  schemaVersion: 1, name: 'order', title: '订单', entity: '订单', permissionPrefix: 'ord',
  menu: { group: '订单中心', path: '/order' },
  fields: [
    { key: 'status', title: '状态', kind: 'dict', dict: 'st' },
    { key: 'amount', title: '金额', kind: 'money', permission: { view: 'ord:amount:view', edit: 'ord:amount:edit' } },
  ],
  children: [{ key: 'lines', title: '明细', resource: 'orderLine', foreignKey: 'orderId' }],
  states: { field: 'status', transitions: [{ action: 'pay', title: '支付', from: ['0'], to: '1' }, { action: 'refund', title: '退款', from: ['1'], to: '2', permission: 'ord:money' }] },
};
const line: ResourceSchema = { schemaVersion: 1, name: 'orderLine', title: '明细', entity: '明细', fields: [{ key: 'orderId', title: '订单', kind: 'string' }] };
const lookup = lookupOf([order, line]);

describe('holds', () => {
  test('owned codes, open codes (status 0), every code, the empty code', () => {
    const g = grantsOf(['ord:list'], { open: ['ord:add'] });
    expect(holds(g, 'ord:list')).toBe(true);
    expect(holds(g, 'ord:add')).toBe(true);
    expect(holds(g, 'ord:edit')).toBe(false);
    expect(holds(NO_GRANTS, '')).toBe(true);
    expect(holds(grantsOf([], { all: true }), 'anything')).toBe(true);
  });
  test('grants from the permission answer: type 2 entries grant nothing, status 0 opens a code', () => {
    const g = grantsFromAuth(
      [{ action: 'ord:list,ord:pay', type: '1' }, { action: 'ord:edit', type: '2' }],
      [{ action: 'ord:add', type: '1', status: '0' }, { action: 'ord:delete', type: '1', status: '1' }, { action: 'ord:edit', type: '2', status: '0' }],
    );
    expect(['ord:list', 'ord:pay', 'ord:add'].every((c) => holds(g, c))).toBe(true);
    expect(holds(g, 'ord:edit')).toBe(false);
    expect(holds(g, 'ord:delete')).toBe(false);
  });
});

describe('codeFor', () => {
  test('queryById and childList are covered by list; transitions may name their own code', () => {
    expect(codeFor(order, 'queryById', lookup)).toBe('ord:list');
    expect(codeFor(order, 'pay', lookup)).toBe('ord:pay');
    expect(codeFor(order, 'refund', lookup)).toBe('ord:money');
  });
  test('a child resource without a menu uses its parent\'s codes', () => {
    expect(codeFor(line, 'list', lookup)).toBe('ord:list');
    expect(codeFor(line, 'queryById', lookup)).toBe('ord:list');
    expect(codeFor(line, 'add', lookup)).toBe('ord:edit');
    expect(codeFor(line, 'deleteBatch', lookup)).toBe('ord:edit');
    expect(codeFor(line, 'exportXls', lookup)).toBe('ord:exportXls');
  });
});

describe('can', () => {
  const g = grantsOf(['ord:list', 'ord:pay', 'ord:amount:view']);
  test('an action needs its code; the refusal names it', () => {
    expect(can(g, { resource: 'order', action: 'list' }, lookup)).toEqual({ ok: true, code: 'ord:list' });
    expect(can(g, { resource: 'order', action: 'add' }, lookup)).toEqual({ ok: false, code: 'ord:add', reason: '没有权限：ord:add' });
    expect(can(g, { resource: 'orderLine', action: 'list' }, lookup).ok).toBe(true);
    expect(can(g, { resource: 'nope', action: 'list' }, lookup)).toMatchObject({ ok: false, reason: '未知资源：nope' });
  });
  test('a transition is allowed only from one of its states', () => {
    expect(can(g, { resource: 'order', action: 'pay', record: { status: '0' } }, lookup).ok).toBe(true);
    expect(can(g, { resource: 'order', action: 'pay', record: { status: '1' } }, lookup)).toMatchObject({ ok: false, reason: '当前状态不允许执行「支付」' });
  });
  test('fields: view and edit codes; editing needs viewing', () => {
    expect(can(g, { resource: 'order', action: 'view', field: 'amount' }, lookup).ok).toBe(true);
    expect(can(g, { resource: 'order', action: 'edit', field: 'amount' }, lookup)).toMatchObject({ ok: false, reason: '没有权限修改字段：金额' });
    expect(can(grantsOf(['ord:amount:edit']), { resource: 'order', action: 'edit', field: 'amount' }, lookup).ok).toBe(false);
    expect(can(NO_GRANTS, { resource: 'order', action: 'view', field: 'status' }, lookup).ok).toBe(true);
  });
});

describe('system transitions', () => {
  const settled: ResourceSchema = {
    ...order, name: 'settled',
    states: { field: 'status', transitions: [{ action: 'pay', title: '支付', from: ['0'], to: '1' }, { action: 'refund', title: '全额退款', from: ['1'], to: '2', system: true }] },
  };
  const lk = lookupOf([settled]);
  test('no person may take one, even holding its code and in its from state: the refusal says the system takes it', () => {
    const all = grantsOf([], { all: true });
    expect(can(all, { resource: 'settled', action: 'refund', record: { status: '1' } }, lk)).toEqual({ ok: false, code: 'ord:refund', reason: '「全额退款」由系统自动执行，不能手动操作' });
    expect(can(all, { resource: 'settled', action: 'refund' }, lk).ok).toBe(false);
    expect(can(all, { resource: 'settled', action: 'pay', record: { status: '0' } }, lk).ok).toBe(true);
  });
  test('it is never listed in a row\'s allowed transitions', () => {
    expect(allowedTransitions(settled, { status: '1' }, () => true)).toEqual([]);
    expect(allowedTransitions(settled, { status: '0' }, () => true)).toEqual(['pay']);
  });
});
