// @vitest-environment happy-dom
/**
 * Engine tests for schema language v1 (happy-dom, fake request layer): URL list
 * state round trip, column settings, transitions and actions, import dry run,
 * tree expand, master-detail sub-table.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, configure, fireEvent, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import { ConfigProvider, message, Modal } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import type { DictItem, ResourceSchema } from '../../src/core/schema/types';
import type { Envelope } from '../../src/core/protocol/envelope';
import { setButtonAuth } from '../../src/client/state/permissions';
import { clearResourceSchemaCache, registerResourceSchema } from '../../src/client/engine/schemas';
import ResourcePage from '../../src/client/engine';
import { clearDictCache } from '../../src/client/engine/fields/useDict';
import dayjs from 'dayjs';
import { decodeListState, encodeListState } from '../../src/client/engine/urlState';
import { listQuery } from '../../src/client/engine/projections';
import { WIDGET_NAMES } from '../../src/client/engine/registry';
import { parseChildError } from '../../src/client/engine/SubTable';

type Handler = (path: string, arg?: unknown) => Promise<Envelope<unknown>>;

const fake = vi.hoisted(() => {
  const ok = <T,>(result: T, message = '操作成功！') => ({ success: true, message, code: 200, result, timestamp: 0 });
  const state = {
    calls: [] as Array<{ method: string; path: string; params?: Record<string, unknown>; body?: unknown; signal?: AbortSignal }>,
    handlers: {} as Record<'get' | 'post' | 'put' | 'delete' | 'upload', Handler>,
    dicts: {} as Record<string, DictItem[]>,
  };
  const http = {
    get: vi.fn((path: string, params?: Record<string, unknown>, opts?: { signal?: AbortSignal }) => {
      state.calls.push({ method: 'GET', path, params, signal: opts?.signal });
      return state.handlers.get(path, params);
    }),
    post: vi.fn((path: string, body?: unknown) => {
      state.calls.push({ method: 'POST', path, body });
      return state.handlers.post(path, body);
    }),
    put: vi.fn((path: string, body?: unknown) => {
      state.calls.push({ method: 'PUT', path, body });
      return state.handlers.put(path, body);
    }),
    delete: vi.fn((path: string, params?: Record<string, unknown>) => {
      state.calls.push({ method: 'DELETE', path, params });
      return state.handlers.delete(path, params);
    }),
    download: vi.fn(async (path: string, opts?: { params?: Record<string, unknown> }) => {
      state.calls.push({ method: 'DOWNLOAD', path, params: opts?.params });
      return new Blob(['x']);
    }),
    upload: vi.fn((path: string, formData: FormData, params?: Record<string, unknown>) => {
      state.calls.push({ method: 'UPLOAD', path, params, body: formData });
      return state.handlers.upload(path, params);
    }),
  };
  return { ok, state, http };
});

vi.mock('../../src/client/api', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/client/api')>();
  return {
    ...actual,
    http: fake.http,
    saveBlob: vi.fn(),
    getDictItems: vi.fn(async (code: string) => fake.state.dicts[code] ?? []),
  };
});

// antd Table under happy-dom is slow on a busy machine
configure({ asyncUtilTimeout: 5000 });

const ok = fake.ok;
const fail = <T,>(message: string, result: T): Envelope<T> => ({ success: false, message, code: 400, result, timestamp: 0 });

const page = (records: unknown[], total = records.length) => ok({ records, total, size: 10, current: 1, pages: 1 });
const calls = (pred: (c: (typeof fake.state.calls)[number]) => boolean) => fake.state.calls.filter(pred);
const listCalls = () => calls((c) => c.method === 'GET' && c.path.endsWith('/list'));

const typed: ResourceSchema = {
  schemaVersion: 1, name: 'v1Typed', title: '类型', entity: '类型',
  fields: [
    { key: 'name', title: '姓名', kind: 'string', search: 'like' },
    { key: 'sex', title: '性别', kind: 'dict', dict: 'sex', search: 'eq' },
    { key: 'tags', title: '标签', kind: 'dict', dict: 'sex', multiple: true, search: 'in' },
    { key: 'age', title: '年龄', kind: 'integer', search: 'eq' },
    { key: 'price', title: '价格', kind: 'money', search: 'range' },
    { key: 'birthday', title: '生日', kind: 'date', search: 'range' },
    { key: 'visitAt', title: '就诊时间', kind: 'datetime', search: 'range' },
    { key: 'onDay', title: '日期', kind: 'date', search: 'eq' },
    { key: 'enabled', title: '启用', kind: 'boolean', search: 'eq' },
  ],
  list: { sort: 'createTime,desc' },
};

describe('list state in the URL', () => {
  const cases: Array<[string, Record<string, unknown>, (v: unknown) => void]> = [
    ['like string', { name: '张三' }, (v) => expect(v).toBe('张三')],
    ['dict eq', { sex: '1' }, (v) => expect(v).toBe('1')],
    ['multi values', { tags: '1,2' }, (v) => expect(v).toBe('1,2')],
    ['number', { age: 42 }, (v) => expect(v).toBe(42)],
    ['number range', { price: [1.5, 20] }, (v) => expect(v).toEqual([1.5, 20])],
    ['open number range', { price: [undefined, 20] }, (v) => expect(v).toEqual([undefined, 20])],
    ['date range', { birthday: [dayjs('2024-01-01'), dayjs('2024-01-31')] }, (v) => {
      const [a, b] = v as [dayjs.Dayjs, dayjs.Dayjs];
      expect(dayjs.isDayjs(a) && a.format('YYYY-MM-DD')).toBe('2024-01-01');
      expect(dayjs.isDayjs(b) && b.format('YYYY-MM-DD')).toBe('2024-01-31');
    }],
    ['datetime range', { visitAt: [dayjs('2024-02-03 04:05:06'), dayjs('2024-02-04 23:59:59')] }, (v) => {
      expect((v as dayjs.Dayjs[]).map((d) => d.format('YYYY-MM-DD HH:mm:ss'))).toEqual(['2024-02-03 04:05:06', '2024-02-04 23:59:59']);
    }],
    ['date eq', { onDay: dayjs('2024-05-06') }, (v) => expect((v as dayjs.Dayjs).format('YYYY-MM-DD')).toBe('2024-05-06')],
    ['boolean', { enabled: 'false' }, (v) => expect(v).toBe('false')],
  ];
  it.each(cases)('%s survives encode -> decode with the same query', (_name, values, check) => {
    const state = { values, sort: { field: 'createTime', order: 'asc' as const }, pageNo: 3, pageSize: 20 };
    const search = encodeListState(typed, state, 10).toString();
    const back = decodeListState(typed, `?${search}`, 10);
    const key = Object.keys(values)[0]!;
    check(back.values[key]);
    expect(back.pageNo).toBe(3);
    expect(back.pageSize).toBe(20);
    expect(back.sort).toEqual({ field: 'createTime', order: 'asc' });
    expect(listQuery(typed, back)).toEqual(listQuery(typed, state));
  });

  it('leaves defaults out and drops garbage', () => {
    expect(encodeListState(typed, { values: {}, pageNo: 1, pageSize: 10 }, 10).toString()).toBe('');
    const back = decodeListState(typed, '?age=abc&pageNo=-1&birthday_begin=notadate', 10);
    expect(back).toEqual({ values: {}, pageNo: 1, pageSize: 10 });
  });

  it('opens with the URL state: one request with it, the form shows it; a search rewrites the URL', async () => {
    window.history.replaceState(null, '', '/app/doctor?realname=%E5%BC%A0&pageNo=2&other=keep');
    renderPage();
    await listReady();
    await new Promise((r) => setTimeout(r, 50));
    expect(listCalls()).toHaveLength(1);
    expect(listCalls()[0]!.params).toEqual({ realname: '*张*', column: 'createTime', order: 'desc', pageNo: '2', pageSize: '10' });
    // the search form hydrates after the first rows, with the URL's values
    expect(((await screen.findByPlaceholderText('请输入姓名')) as HTMLInputElement).value).toBe('张');
    fireEvent.change(screen.getByPlaceholderText('请输入姓名'), { target: { value: '李' } });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(listCalls()).toHaveLength(2));
    expect(new URLSearchParams(window.location.search).get('realname')).toBe('李');
    expect(new URLSearchParams(window.location.search).get('pageNo')).toBeNull();
    expect(new URLSearchParams(window.location.search).get('other')).toBe('keep');
    // back/forward: the URL state comes back with one request
    window.history.replaceState(null, '', '/app/doctor?realname=%E7%8E%8B');
    act(() => { window.dispatchEvent(new PopStateEvent('popstate')); });
    await waitFor(() => expect(listCalls()).toHaveLength(3));
    expect(listCalls()[2]!.params!.realname).toBe('*王*');
    await waitFor(() => expect((screen.getByPlaceholderText('请输入姓名') as HTMLInputElement).value).toBe('王'));
  });

  it('number fields of the search form (their own chunk) show the URL range and search with the typed one', async () => {
    window.history.replaceState(null, '', '/app/typed?price_begin=1.5&price_end=20');
    renderPage('v1Typed');
    await screen.findByTestId('resource-table');
    const min = (await screen.findByPlaceholderText('最小值')) as HTMLInputElement;
    const max = screen.getByPlaceholderText('最大值') as HTMLInputElement;
    expect([min.value, max.value]).toEqual(['1.5', '20']);
    expect(listCalls()[0]!.params).toMatchObject({ price_begin: '1.5', price_end: '20' });
    fireEvent.change(max, { target: { value: '30' } });
    fireEvent.change(await screen.findByPlaceholderText('请输入年龄'), { target: { value: '42' } });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(listCalls()).toHaveLength(2));
    expect(listCalls()[1]!.params).toMatchObject({ price_begin: '1.5', price_end: '30', age: '42' });
  });
});

const schema: ResourceSchema = {
  schemaVersion: 1,
  name: 'v1Doctor',
  title: '医生管理',
  entity: '医生',
  fields: [
    { key: 'realname', title: '姓名', kind: 'string', required: true, search: 'like' },
    { key: 'sex', title: '性别', kind: 'dict', dict: 'sex', search: 'eq' },
    { key: 'price', title: '价格', kind: 'money' },
    { key: 'status', title: '状态', kind: 'dict', dict: 'audit', readOnly: true },
    { key: 'rejectReason', title: '驳回原因', kind: 'string', form: false, list: false },
  ],
  list: { columns: ['realname', 'sex', 'price', 'status'], batch: ['delete', 'approve'], export: true, import: true },
  states: {
    field: 'status',
    transitions: [
      { action: 'approve', title: '通过', from: ['0'], to: '1', confirm: '确定审核通过吗?' },
      { action: 'reject', title: '驳回', from: ['0'], to: '2', form: [{ key: 'rejectReason', title: '驳回原因', kind: 'string', required: true }] },
    ],
  },
  actions: [
    { action: 'timeline', title: '审核记录', placement: 'row', kind: 'custom', component: 'AuditTimeline', permission: false },
    { action: 'prescriptions', title: '处方', placement: 'row', kind: 'open', permission: false, open: { resource: 'v1Target', filter: { doctorId: { field: 'id' } } } },
  ],
  form: { open: 'modal' },
};
const target: ResourceSchema = {
  schemaVersion: 1, name: 'v1Target', title: '处方', entity: '处方', menu: { group: '业务', path: '/app/prescription' },
  fields: [{ key: 'doctorId', title: '医生', kind: 'string', search: 'eq' }],
};

const rows = [
  { id: '1', realname: '张三', sex: '1', sex_dictText: '男', price: 1234.5, status: '0', status_dictText: '待审核', _transitions: ['approve', 'reject'], createTime: '2024-01-02 03:04:05', createBy: 'admin' },
  { id: '2', realname: '李四', sex: '2', sex_dictText: '女', price: 10, status: '1', status_dictText: '已通过', _transitions: [] },
];

function renderPage(resource = 'v1Doctor') {
  return render(
    <ConfigProvider locale={zhCN} button={{ autoInsertSpace: false }}>
      <ResourcePage resource={resource} />
    </ConfigProvider>,
  );
}

async function listReady(text = '张三') {
  const table = await screen.findByTestId('resource-table');
  await within(table).findByText(text);
  // the toolbar's buttons join the frame after the rows (刷新 is always among them)
  await within(table).findByRole('button', { name: '刷新' });
  return table;
}

const rowOf = (table: HTMLElement, text: string) => within(table).getByText(text).closest('tr') as HTMLElement;

beforeEach(() => {
  window.history.replaceState(null, '', '/');
  fake.state.calls.length = 0;
  fake.state.dicts = { sex: [{ value: '1', text: '男' }, { value: '2', text: '女' }], audit: [{ value: '0', text: '待审核' }, { value: '1', text: '已通过' }] };
  fake.state.handlers = {
    get: async (path) => {
      if (path.endsWith('/list')) return page(rows);
      if (path.endsWith('/queryById')) return ok(rows[0]);
      return ok(null);
    },
    post: async () => ok(null, '添加成功！'),
    put: async () => ok(null, '操作成功！'),
    delete: async () => ok(null, '删除成功!'),
    upload: async () => ok(null),
  };
  clearDictCache();
  clearResourceSchemaCache();
  registerResourceSchema(schema);
  registerResourceSchema(target);
  registerResourceSchema(typed);
  setButtonAuth(['add', 'edit', 'delete', 'deleteBatch', 'list', 'approve', 'reject', 'exportXls', 'importExcel']
    .flatMap((a) => [`v1Doctor:${a}`, `v1Master:${a}`, `v1Tree:${a}`]).map((action) => ({ action, type: '1' })), []);
});

afterEach(() => {
  cleanup();
  message.destroy();
  Modal.destroyAll();
});

describe('column settings', () => {
  it('loads the saved settings before the table renders (order, hidden, density)', async () => {
    fake.state.handlers.get = async (path, params) => {
      if (path === '/sys/userSetting/get') {
        expect((params as Record<string, string>).key).toBe('table:v1Doctor');
        return ok({ columns: [{ key: 'price', show: true, width: 150 }, { key: 'realname', show: true }, { key: 'sex', show: false }, { key: 'gone', show: true }], density: 'small' });
      }
      return path.endsWith('/list') ? page(rows) : ok(null);
    };
    renderPage();
    const table = await listReady();
    const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent ?? '');
    const iPrice = headers.findIndex((h) => h.includes('价格'));
    const iName = headers.findIndex((h) => h.includes('姓名'));
    expect(iPrice).toBeGreaterThan(-1);
    expect(iPrice).toBeLessThan(iName);
    expect(headers.some((h) => h.includes('性别'))).toBe(false);
    expect(table.querySelector('.ant-table-small')).toBeTruthy();
  });

  it('saves a change (debounced) and 重置 saves the schema defaults', async () => {
    renderPage();
    const table = await listReady();
    fireEvent.click(within(table).getByRole('button', { name: '列设置' }));
    const panel = await screen.findByTestId('column-settings');
    fireEvent.click(within(panel).getByText('性别'));
    await waitFor(() => expect(calls((c) => c.path === '/sys/userSetting/save')).toHaveLength(1), { timeout: 2000 });
    const saved = calls((c) => c.path === '/sys/userSetting/save')[0]!.body as { key: string; value: { columns: Array<{ key: string; show: boolean }> } };
    expect(saved.key).toBe('table:v1Doctor');
    expect(saved.value.columns.find((c) => c.key === 'sex')!.show).toBe(false);
    await waitFor(() => expect(within(table).queryAllByRole('columnheader').some((h) => h.textContent?.includes('性别'))).toBe(false));
    fireEvent.click(within(panel).getByRole('button', { name: '重置' }));
    await waitFor(() => expect(calls((c) => c.path === '/sys/userSetting/save')).toHaveLength(2));
    const reset = calls((c) => c.path === '/sys/userSetting/save')[1]!.body as { value: { columns: Array<{ key: string; show: boolean }>; density: string } };
    expect(reset.value.columns.map((c) => c.key)).toEqual(['realname', 'sex', 'price', 'status']);
    expect(reset.value.columns.every((c) => c.show)).toBe(true);
    expect(reset.value.density).toBe('large');
  });
});

describe('transitions and actions', () => {
  it('shows only the transitions in _transitions; approve confirms then PUTs', async () => {
    renderPage();
    const table = await listReady();
    expect(within(rowOf(table, '张三')).getByText('通过')).toBeTruthy();
    expect(within(rowOf(table, '张三')).getByText('驳回')).toBeTruthy();
    expect(within(rowOf(table, '李四')).queryByText('通过')).toBeNull();
    expect(within(rowOf(table, '李四')).queryByText('驳回')).toBeNull();
    fireEvent.click(within(rowOf(table, '张三')).getByText('通过'));
    expect(await screen.findByText('确定审核通过吗?')).toBeTruthy();
    expect(calls((c) => c.method === 'PUT')).toHaveLength(0);
    fireEvent.click(screen.getAllByRole('button', { name: '确定' }).at(-1)!);
    await waitFor(() => expect(calls((c) => c.method === 'PUT')).toHaveLength(1));
    expect(calls((c) => c.method === 'PUT')[0]).toMatchObject({ path: '/v1Doctor/approve', body: { id: '1' } });
    await waitFor(() => expect(listCalls()).toHaveLength(2));
  });

  it('reject opens its form and sends the reason', async () => {
    renderPage();
    const table = await listReady();
    fireEvent.click(within(rowOf(table, '张三')).getByText('驳回'));
    const dialog = await screen.findByTestId('action-form', {}, { timeout: 5000 });
    const input = await within(dialog).findByPlaceholderText('请输入驳回原因', {}, { timeout: 5000 });
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('请输入驳回原因!')).toBeTruthy();
    expect(calls((c) => c.method === 'PUT')).toHaveLength(0);
    fireEvent.change(input, { target: { value: '资质不全' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(calls((c) => c.method === 'PUT')).toHaveLength(1));
    expect(calls((c) => c.method === 'PUT')[0]).toMatchObject({ path: '/v1Doctor/reject', body: { id: '1', rejectReason: '资质不全' } });
  });

  it('batch transition skips rows whose state does not allow it', async () => {
    renderPage();
    const table = await listReady();
    for (const name of ['张三', '李四']) fireEvent.click(within(rowOf(table, name)).getByRole('checkbox'));
    fireEvent.click(within(table).getByRole('button', { name: '批量通过' }));
    fireEvent.click((await screen.findAllByRole('button', { name: '确定' })).at(-1)!);
    await waitFor(() => expect(calls((c) => c.method === 'PUT')).toHaveLength(1));
    expect(calls((c) => c.method === 'PUT')[0]!.body).toEqual({ id: '1' });
  });

  it('custom action shows the registered widget; open navigates with the row filter', async () => {
    expect(WIDGET_NAMES).toContain('AuditTimeline');
    const assign = vi.fn();
    const orig = window.location.assign;
    Object.defineProperty(window.location, 'assign', { configurable: true, value: assign });
    renderPage();
    const table = await listReady();
    fireEvent.click(within(rowOf(table, '张三')).getByText('审核记录'));
    const tl = await screen.findByTestId('audit-timeline', {}, { timeout: 5000 });
    expect(within(tl).getByText(/2024-01-02 03:04:05 admin 创建/)).toBeTruthy();
    expect(within(tl).getByText('当前状态：待审核')).toBeTruthy();
    fireEvent.click(within(rowOf(table, '张三')).getByText('处方'));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/app/prescription?doctorId=1'));
    Object.defineProperty(window.location, 'assign', { configurable: true, value: orig });
  });

  it('export sends the filters, visible columns and selection', async () => {
    renderPage();
    const table = await listReady();
    fireEvent.click(within(rowOf(table, '李四')).getByRole('checkbox'));
    fireEvent.click(within(table).getByRole('button', { name: /导出$/ }));
    await waitFor(() => expect(calls((c) => c.method === 'DOWNLOAD')).toHaveLength(1));
    expect(calls((c) => c.method === 'DOWNLOAD')[0]).toMatchObject({
      path: '/v1Doctor/exportXls',
      params: { column: 'createTime', order: 'desc', field: 'realname,sex,price,status', selections: '2' },
    });
  });
});

describe('import', () => {
  it('dry run shows row errors and commits nothing; a clean file then imports', async () => {
    let dry = 0;
    fake.state.handlers.upload = async (_path, params) => {
      const p = params as Record<string, unknown>;
      if (p.dryRun === 1) {
        dry += 1;
        return dry === 1
          ? ok({ total: 3, valid: 2, invalid: 1, errors: [{ row: 4, field: 'realname', title: '姓名', message: '姓名：请输入姓名!' }] })
          : ok({ total: 2, valid: 2, invalid: 0, errors: [] });
      }
      return ok({ total: 2, inserted: 2 });
    };
    renderPage();
    const table = await listReady();
    fireEvent.click(within(table).getByRole('button', { name: /导入$/ }));
    const modal = await screen.findByTestId('import-modal', {}, { timeout: 5000 });
    const input = modal.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['a'], 'bad.xlsx')] } });
    const errors = await within(modal).findByTestId('import-errors');
    for (const t of ['行号', '字段', '错误信息', '4', '姓名', '姓名：请输入姓名!']) expect(within(errors).getAllByText(t).length).toBeGreaterThan(0);
    expect((within(modal).getByRole('button', { name: '确认导入' }) as HTMLButtonElement).disabled).toBe(true);
    expect(calls((c) => c.method === 'UPLOAD').map((c) => c.params)).toEqual([{ dryRun: 1 }]);
    fireEvent.change(modal.querySelector('input[type=file]') as HTMLInputElement, { target: { files: [new File(['b'], 'good.xlsx')] } });
    expect(await within(modal).findByText('全部 2 行校验通过')).toBeTruthy();
    fireEvent.click(within(modal).getByRole('button', { name: '确认导入' }));
    expect(await screen.findByText('导入成功，共 2 条！')).toBeTruthy();
    expect(calls((c) => c.method === 'UPLOAD').map((c) => c.params)).toEqual([{ dryRun: 1 }, { dryRun: 1 }, { dryRun: 0 }]);
    expect(calls((c) => c.method === 'UPLOAD')[0]!.path).toBe('/v1Doctor/importExcel');
  });
});

describe('tree table', () => {
  const tree: ResourceSchema = {
    schemaVersion: 1, name: 'v1Tree', title: '区划', entity: '区划',
    fields: [{ key: 'name', title: '名称', kind: 'string', search: 'like' }, { key: 'parentId', title: '上级', kind: 'ref', ref: { resource: 'v1Tree', label: 'name' } }],
    list: { columns: ['name'], tree: { parent: 'parentId', lazy: true } },
  };
  it('expanding a node loads its children from childList', async () => {
    registerResourceSchema(tree);
    fake.state.handlers.get = async (path, params) => {
      if (path === '/v1Tree/list') return page([{ id: '11', name: '北京市', hasChild: true }, { id: '12', name: '天津市', hasChild: false }]);
      if (path === '/v1Tree/childList') {
        expect(params).toEqual({ pid: '11' });
        return ok([{ id: '1101', name: '东城区', parentId: '11', hasChild: false }]);
      }
      return ok(null);
    };
    renderPage('v1Tree');
    const table = await listReady('北京市');
    expect(calls((c) => c.path === '/v1Tree/childList')).toHaveLength(0);
    const expander = rowOf(table, '北京市').querySelector('.ant-table-row-expand-icon') as HTMLElement;
    expect(expander).toBeTruthy();
    expect(rowOf(table, '天津市').querySelector('.ant-table-row-expand-icon:not(.ant-table-row-expand-icon-spaced)')).toBeNull();
    fireEvent.click(expander);
    expect(await within(table).findByText('东城区')).toBeTruthy();
    expect(calls((c) => c.path === '/v1Tree/childList')).toHaveLength(1);
  });
});

describe('master-detail', () => {
  const item: ResourceSchema = {
    schemaVersion: 1, name: 'v1Item', title: '明细', entity: '明细',
    fields: [
      { key: 'masterId', title: '主表', kind: 'string' },
      { key: 'drug', title: '药品', kind: 'string', required: true },
      { key: 'dose', title: '单次剂量', kind: 'number', required: true, min: 0 },
    ],
  };
  const master: ResourceSchema = {
    schemaVersion: 1, name: 'v1Master', title: '处方', entity: '处方',
    fields: [{ key: 'title', title: '标题', kind: 'string', required: true }],
    children: [{ key: 'items', title: '处方明细', resource: 'v1Item', foreignKey: 'masterId', min: 1 }],
    form: { open: 'modal' },
  };

  async function openCreate() {
    registerResourceSchema(item);
    registerResourceSchema(master);
    fake.state.handlers.get = async (path) => (path.endsWith('/list') ? page([{ id: '9', title: '处方一' }]) : ok(null));
    renderPage('v1Master');
    const table = await listReady('处方一');
    fireEvent.click(within(table).getByRole('button', { name: /新增$/ }));
    const form = await screen.findByTestId('resource-form', {}, { timeout: 5000 });
    await within(form).findByPlaceholderText('请输入标题', {}, { timeout: 5000 });
    return form;
  }

  it('adds and removes rows, validates cells and saves parent + rows in one call', async () => {
    const form = await openCreate();
    fireEvent.change(within(form).getByPlaceholderText('请输入标题'), { target: { value: '感冒' } });
    const sub = within(form).getByTestId('sub-table-items');
    // min 1 row
    fireEvent.click(within(form).getByRole('button', { name: '确定' }));
    expect(await within(sub).findByText('处方明细至少需要1行')).toBeTruthy();
    fireEvent.click(within(sub).getByRole('button', { name: /添加一行/ }));
    fireEvent.click(within(sub).getByRole('button', { name: /添加一行/ }));
    fireEvent.click(within(sub).getByRole('button', { name: /添加一行/ }));
    expect(within(sub).getAllByText('删除')).toHaveLength(3);
    fireEvent.click(within(sub).getAllByText('删除')[2]!);
    expect(within(sub).getAllByText('删除')).toHaveLength(2);
    fireEvent.change(within(sub).getByLabelText('药品 第1行'), { target: { value: '布洛芬' } });
    fireEvent.change(within(sub).getByLabelText('单次剂量 第1行'), { target: { value: '0.2' } });
    fireEvent.click(within(form).getByRole('button', { name: '确定' }));
    expect(await within(sub).findByText('请输入药品!')).toBeTruthy();
    expect(calls((c) => c.method === 'POST')).toHaveLength(0);
    fireEvent.change(within(sub).getByLabelText('药品 第2行'), { target: { value: '阿莫西林' } });
    fireEvent.change(within(sub).getByLabelText('单次剂量 第2行'), { target: { value: '0.5' } });
    fireEvent.click(within(form).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(calls((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls((c) => c.method === 'POST')[0]).toMatchObject({
      path: '/v1Master/add',
      body: { title: '感冒', items: [{ drug: '布洛芬', dose: 0.2 }, { drug: '阿莫西林', dose: 0.5 }] },
    });
  });

  it('a server error for a child cell lands in that cell', async () => {
    expect(parseChildError('items[1].dose')).toEqual({ key: 'items', index: 1, field: 'dose' });
    expect(parseChildError('items.0.drug')).toEqual({ key: 'items', index: 0, field: 'drug' });
    fake.state.handlers.post = async () => fail('处方明细第2行：单次剂量：请输入单次剂量!', { errors: [{ field: 'items.1.dose', message: '单次剂量不能大于10' }] });
    const form = await openCreate();
    fireEvent.change(within(form).getByPlaceholderText('请输入标题'), { target: { value: '感冒' } });
    const sub = within(form).getByTestId('sub-table-items');
    for (let i = 0; i < 2; i += 1) fireEvent.click(within(sub).getByRole('button', { name: /添加一行/ }));
    for (const i of [1, 2]) {
      fireEvent.change(within(sub).getByLabelText(`药品 第${i}行`), { target: { value: `药${i}` } });
      fireEvent.change(within(sub).getByLabelText(`单次剂量 第${i}行`), { target: { value: '1' } });
    }
    fireEvent.click(within(form).getByRole('button', { name: '确定' }));
    const cell = await waitFor(() => {
      const el = sub.querySelector('[data-cell="1.dose"]') as HTMLElement;
      expect(within(el).getByText('单次剂量不能大于10')).toBeTruthy();
      return el;
    });
    expect(cell).toBeTruthy();
    expect(sub.querySelector('[data-cell="0.dose"]')!.textContent).not.toContain('单次剂量不能大于10');
    expect(await screen.findByText('处方明细第2行：单次剂量：请输入单次剂量!')).toBeTruthy();
  });
});
