/** schemas/dashboard.json: checked against its meta-schema and the modules (src/core/schema/dashboard.ts). */
import { describe, expect, it } from 'vitest';
import { loadDashboard } from '../../src/core/schema/dashboard.js';
import { loadRegistry } from '../../src/core/schema/load.js';
import { readSchemaFiles } from '../../src/server/schemas-fs.js';

const files = readSchemaFiles('schemas');
const { registry } = loadRegistry(files.modules, files.dicts);
const real = files.dashboard!.data as Record<string, unknown>;
const check = (data: unknown) => loadDashboard(registry, { file: 'dashboard.json', data }).problems.map((p) => `${p.path} ${p.message}`);
const order = { resource: 'hisConsultOrder', time: 'orderTime', amount: 'orderAmount', paid: { payStatus: '3' }, doctor: 'doctorId', department: 'departmentId' };
const base = { orders: [order], stats: [{ key: 'order', title: '今日订单', from: 'orders' }] };

describe('dashboard.json', () => {
  it('the repository file is valid', () => {
    expect(check(real)).toEqual([]);
    expect(loadDashboard(registry, undefined)).toEqual({ data: undefined, problems: [] });
  });

  it('refuses unknown keys (meta-schema)', () => {
    expect(check({ ...base, charts: [] })[0]).toContain('charts');
  });

  it('names the module, the field and what is wrong with it', () => {
    expect(check({ ...base, orders: [{ ...order, resource: 'hisNoSuch' }] })).toEqual(['/orders/0/resource 模块 "hisNoSuch" 不存在']);
    expect(check({ ...base, orders: [{ ...order, time: 'orderNo' }] })).toEqual(['/orders/0/time 时间字段 "hisConsultOrder.orderNo" 应为 datetime 类型']);
    expect(check({ ...base, orders: [{ ...order, amount: 'orderTime' }] })).toEqual(['/orders/0/amount 金额字段 "hisConsultOrder.orderTime" 应为 money 类型']);
    expect(check({ ...base, orders: [{ ...order, doctor: 'orderNo' }] })).toEqual(['/orders/0/doctor 字段 "hisConsultOrder.orderNo" 应为 ref 类型（关联记录）']);
    expect(check({ ...base, orders: [{ ...order, paid: { payStatus: '9' } }] })).toEqual(['/orders/0/paid/payStatus 字典 "pay_status" 没有值 "9"']);
    expect(check({ ...base, orders: [{ ...order, time: undefined }] })).toEqual(['/orders/0/time 订单来源须声明下单时间字段 time']);
  });

  it('a revenue stat needs amounts; stat keys are unique', () => {
    const noAmount = { resource: 'hisConsultOrder', time: 'orderTime' };
    expect(check({ orders: [noAmount], stats: [{ key: 'r', title: '收入', measure: 'revenue', from: 'orders' }] })).toEqual(['/orders/0/amount 指标 "r" 统计金额，来源 "hisConsultOrder" 须声明金额字段 amount']);
    expect(check({ ...base, stats: [...base.stats, ...base.stats] })).toEqual(['/stats/1/key 指标 "order" 重复']);
  });

  it('pending work must name a transition and filter by searchable fields, so its link opens the filtered list', () => {
    const p = { title: '待接诊', resource: 'hisConsultOrder', where: { status: '2' }, action: 'accept' };
    expect(check({ ...base, pending: [p] })).toEqual([]);
    expect(check({ ...base, pending: [{ ...p, action: 'fly' }] })).toEqual(['/pending/0/action 模块 "hisConsultOrder" 没有流转或操作 "fly"']);
    expect(check({ ...base, pending: [{ ...p, where: { client: '1' } }] })).toEqual(['/pending/0/where/client 字段 "hisConsultOrder.client" 不能在列表中按值筛选（search 应为 eq 或 in），待办链接无法打开筛选后的列表']);
    expect(check({ ...base, links: ['hisPrescriptionItem'] })).toEqual(['/links/0 模块 "hisPrescriptionItem" 没有菜单，不能作为快捷入口']);
  });
});
