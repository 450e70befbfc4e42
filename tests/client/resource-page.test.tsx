// @vitest-environment happy-dom
/**
 * Engine unit tests (happy-dom, fake request layer): list columns, dict labels,
 * ellipsis, query building, one request per query + stale-response guard,
 * delete confirmation, client validation and server field errors in the form.
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
import { useListQuery } from '../../src/client/engine/useListQuery';
import { afterWaitingLists } from '../../src/client/state/milestones';
import { startListCall } from '../../src/client/engine/earlyList';
import { clearTableSettings, setTableSettings } from '../../src/client/state/tableSettingsCache';
import { formBody, stripDictText } from '../../src/client/engine/ResourceForm';

type Handler = (path: string, arg?: unknown) => Promise<Envelope<unknown>>;

const fake = vi.hoisted(() => {
  const ok = <T,>(result: T, message = '操作成功！') => ({ success: true, message, code: 200, result, timestamp: 0 });
  const state = {
    calls: [] as Array<{ method: string; path: string; params?: Record<string, unknown>; body?: unknown; signal?: AbortSignal }>,
    handlers: {} as Record<'get' | 'post' | 'put' | 'delete', Handler>,
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
  };
  return { ok, state, http };
});

vi.mock('../../src/client/api', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/client/api')>();
  return {
    ...actual,
    http: fake.http,
    getDictItems: vi.fn(async (code: string) => fake.state.dicts[code] ?? []),
  };
});

// antd Table under happy-dom is slow on a busy machine
configure({ asyncUtilTimeout: 5000 });

const ok = fake.ok;
const fail = <T,>(message: string, result: T): Envelope<T> => ({ success: false, message, code: 400, result, timestamp: 0 });

const schema: ResourceSchema = {
  schemaVersion: 1,
  name: 'engineDoctor',
  title: '医生管理',
  entity: '医生',
  fields: [
    { key: 'realname', title: '姓名', kind: 'string', required: true, maxLength: 32, search: 'like' },
    { key: 'sex', title: '性别', kind: 'dict', dict: 'sex', required: true, widget: 'radio', search: 'eq' },
    { key: 'phone', title: '手机号', kind: 'phone', required: true, unique: true, sensitive: 'mask' },
    { key: 'intro', title: '简介', kind: 'string', maxLength: 200 },
    { key: 'price', title: '价格', kind: 'money', min: 0 },
  ],
  list: { columns: ['realname', 'sex', 'phone', 'intro', 'price', 'createTime'], sort: 'createTime,desc', batch: ['delete'] },
  form: { open: 'drawer' },
};

const LONG_INTRO = '主任医师，擅长高血压、冠心病、心律失常等心血管疾病的诊断与治疗，从业二十余年。';
const rows = [
  { id: '1', realname: '张三', sex: '1', sex_dictText: '男', phone: '138****8000', intro: LONG_INTRO, price: 1234.5, createTime: '2024-01-02 03:04:05' },
  { id: '2', realname: '李四', sex: '2', sex_dictText: '女', phone: '139****9000', intro: '短简介', price: 10, createTime: '2024-01-03 03:04:05' },
];
const page = (records: unknown[], total = records.length) => ok({ records, total, size: 10, current: 1, pages: 1 });

const listCalls = () => fake.state.calls.filter((c) => c.method === 'GET' && c.path.endsWith('/list'));

function renderPage() {
  return render(
    <ConfigProvider locale={zhCN} button={{ autoInsertSpace: false }}>
      <ResourcePage resource="engineDoctor" />
    </ConfigProvider>,
  );
}

async function listReady() {
  const table = await screen.findByTestId('resource-table');
  await within(table).findByText('张三');
  // the toolbar's buttons join the frame after the rows (刷新 is always among them)
  await within(table).findByRole('button', { name: '刷新' });
  return table;
}

beforeEach(() => {
  window.history.replaceState(null, '', '/');
  fake.state.calls.length = 0;
  fake.state.dicts = { sex: [{ value: '1', text: '男', color: 'blue' }, { value: '2', text: '女', color: 'magenta' }] };
  fake.state.handlers = {
    get: async (path) => {
      if (path.endsWith('/list')) return page(rows);
      if (path.endsWith('/queryById')) return ok({ ...rows[0], phone: '13800138000' });
      if (path === '/sys/duplicate/check') return ok(null, '该值可用！');
      return ok(null);
    },
    post: async () => ok(null, '添加成功！'),
    put: async () => ok(null, '编辑成功！'),
    delete: async () => ok(null, '删除成功!'),
  };
  clearDictCache();
  clearResourceSchemaCache();
  registerResourceSchema(schema);
  setButtonAuth(['add', 'edit', 'delete', 'deleteBatch', 'list'].map((a) => ({ action: `engineDoctor:${a}`, type: '1' })), []);
});

afterEach(() => {
  cleanup();
  message.destroy();
  Modal.destroyAll();
});

describe('ResourcePage list', () => {
  it('says so when the schema is missing', async () => {
    render(<ResourcePage resource="noSuchModule" />);
    expect(await screen.findByText('未找到页面配置')).toBeTruthy();
    expect(screen.getByText('资源“noSuchModule”的配置文件不存在（schemas/modules/noSuchModule.json）')).toBeTruthy();
    // antd's Result with its 404 picture, loaded when shown
    await waitFor(() => expect(document.querySelector('.ant-result-404 .ant-result-image svg')).toBeTruthy());
  });

  it('renders the columns with dict labels, money, ellipsis and one list request', async () => {
    renderPage();
    const table = await listReady();
    for (const title of ['姓名', '性别', '手机号', '简介', '价格', '创建时间', '操作']) {
      expect(within(table).getAllByText(title).length).toBeGreaterThan(0);
    }
    // dict label from sex_dictText, coloured Tag from the dict items (once they arrive)
    await waitFor(() => expect(within(table).getByText('男').closest('.ant-tag')).toBeTruthy());
    // ellipsis at 25 characters, the whole text on hover
    const cut = `${Array.from(LONG_INTRO).slice(0, 25).join('')}...`;
    expect(within(table).getByText(cut)).toBeTruthy();
    expect(within(table).queryByText(LONG_INTRO)).toBeNull();
    fireEvent.mouseEnter(within(table).getByText(cut));
    expect((await screen.findByRole('tooltip')).textContent).toBe(LONG_INTRO);
    expect(within(table).getByText('1,234.50')).toBeTruthy();
    expect(within(table).getByText('2024-01-02 03:04:05')).toBeTruthy();
    // toolbar and row actions
    expect(within(table).getByRole('button', { name: /新增$/ })).toBeTruthy();
    expect(within(table).getByRole('button', { name: /批量删除$/ })).toBeTruthy();
    expect(within(table).getAllByText('编辑')).toHaveLength(2);
    expect(within(table).getAllByText('详情')).toHaveLength(2);
    // exactly one request, JeecgBoot query
    await new Promise((r) => setTimeout(r, 50));
    expect(listCalls()).toHaveLength(1);
    expect(listCalls()[0]!.path).toBe('/engineDoctor/list');
    expect(listCalls()[0]!.params).toEqual({ column: 'createTime', order: 'desc', pageNo: '1', pageSize: '10' });
    expect(listCalls()[0]!.signal).toBeInstanceOf(AbortSignal);
  });

  it('an early answer already in: the first render shows its rows (never the loading spinner), one request, settings not asked', async () => {
    setTableSettings({}); // the permission answer said: no stored column settings
    try {
      startListCall('engineDoctor', '/engineDoctor/list', { column: 'createTime', order: 'desc', pageNo: '1', pageSize: '10' });
      await new Promise((r) => setTimeout(r, 0)); // the answer comes
      const shown: string[] = [];
      const seen = new MutationObserver(() => {
        const t = document.querySelector('[data-testid="resource-table"]');
        if (t?.querySelector('.ant-spin')) shown.push('spinner');
        if (t?.textContent?.includes('张三')) shown.push('rows');
      });
      seen.observe(document.body, { childList: true, subtree: true });
      renderPage();
      // the first commit already holds the rows
      expect(within(screen.getByTestId('resource-table')).getByText('张三')).toBeTruthy();
      await new Promise((r) => setTimeout(r, 50));
      seen.disconnect();
      expect(shown[0]).toBe('rows');
      expect(shown).not.toContain('spinner');
      expect(listCalls()).toHaveLength(1);
      expect(fake.state.calls.map((c) => c.path)).not.toContain('/sys/user/getUserSetting');
    } finally {
      clearTableSettings();
    }
  });

  it('the first rows are drawn before the toolbar\'s buttons, whose place is kept; the buttons join after the rows have painted', async () => {
    setTableSettings({});
    try {
      startListCall('engineDoctor', '/engineDoctor/list', { column: 'createTime', order: 'desc', pageNo: '1', pageSize: '10' });
      await new Promise((r) => setTimeout(r, 0));
      renderPage();
      const table = screen.getByTestId('resource-table');
      // the commit with the rows: the title, and a place of a button's height for the buttons
      expect(within(table).getByText('张三')).toBeTruthy();
      const toolbar = table.querySelector<HTMLElement>('.resource-table-toolbar')!;
      expect(toolbar.textContent).toBe('医生管理');
      expect(within(toolbar).queryByRole('button')).toBeNull();
      expect((toolbar.lastElementChild as HTMLElement).style.height).toBe('32px');
      // then 新增, 批量删除, 列设置 and 刷新
      await within(toolbar).findByRole('button', { name: '刷新' });
      expect(within(toolbar).getAllByRole('button').map((b) => b.getAttribute('aria-label') ?? b.textContent)).toEqual(['新增', '批量删除', '列设置', '刷新']);
    } finally {
      clearTableSettings();
    }
  });

  it('a capped count reads 10,000+ and the pager still pages', async () => {
    const get = fake.state.handlers.get;
    fake.state.handlers.get = async (path, params) => (path.endsWith('/list')
      ? ok({ records: rows, total: 10000, totalCapped: true, size: 10, current: 1, pages: 1000 })
      : get(path, params));
    renderPage();
    await listReady();
    expect(await screen.findByText('1-10 共10,000+条')).toBeTruthy();
    expect(document.querySelector('.ant-pagination-item-1000')).toBeTruthy();
  });

  it("a row's operations read 编辑 | 详情 | 删除: one bar between two links, none before the first or after the last", async () => {
    renderPage();
    const table = await listReady();
    const cell = within(table).getByText('李四').closest('tr')!.querySelector('td:last-child')!;
    const parts = [...cell.firstElementChild!.children].map((el) => (el.getAttribute('role') === 'separator' ? '|' : el.textContent));
    expect(parts).toEqual(['编辑', '|', '详情', '|', '删除']);
  });

  it('hides buttons the user may not use', async () => {
    setButtonAuth([{ action: 'engineDoctor:list', type: '1' }], []);
    renderPage();
    const table = await listReady();
    expect(within(table).queryByRole('button', { name: /新增$/ })).toBeNull();
    expect(within(table).queryByText('编辑')).toBeNull();
    expect(within(table).queryByText('删除')).toBeNull();
    expect(within(table).getAllByText('详情')).toHaveLength(2);
  });

  it('the search form builds the JeecgBoot query (like *x*, page 1)', async () => {
    renderPage();
    await listReady();
    const input = await screen.findByPlaceholderText('请输入姓名');
    fireEvent.change(input, { target: { value: '张' } });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(listCalls()).toHaveLength(2));
    expect(listCalls()[1]!.params).toEqual({ realname: '*张*', column: 'createTime', order: 'desc', pageNo: '1', pageSize: '10' });
    fireEvent.click(screen.getByRole('button', { name: '重置' }));
    await waitFor(() => expect(listCalls()).toHaveLength(3));
    expect(listCalls()[2]!.params).toEqual({ column: 'createTime', order: 'desc', pageNo: '1', pageSize: '10' });
  });

  it('warns with the server message when the list fails with success=false', async () => {
    fake.state.handlers.get = async () => fail('不支持的查询条件：x', null);
    renderPage();
    expect(await screen.findByText('不支持的查询条件：x')).toBeTruthy();
  });

  it('delete asks 确定删除吗? first, then calls delete and reloads', async () => {
    renderPage();
    const table = await listReady();
    const row = within(table).getByText('张三').closest('tr')!;
    fireEvent.click(within(row as HTMLElement).getByText('删除'));
    const pop = await screen.findByText('确定删除吗?');
    expect(fake.state.calls.some((c) => c.method === 'DELETE')).toBe(false);
    const popover = pop.closest('.ant-popover') as HTMLElement;
    fireEvent.click(within(popover).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(fake.state.calls.some((c) => c.method === 'DELETE')).toBe(true));
    const del = fake.state.calls.find((c) => c.method === 'DELETE')!;
    expect(del.path).toBe('/engineDoctor/delete');
    expect(del.params).toEqual({ id: '1' });
    expect(await screen.findByText('删除成功！')).toBeTruthy();
    await waitFor(() => expect(listCalls()).toHaveLength(2));
  });

  it('batch delete without a selection says 请选择一条记录！, with one asks 确认删除', async () => {
    renderPage();
    const table = await listReady();
    fireEvent.click(within(table).getByRole('button', { name: /批量删除$/ }));
    expect(await screen.findByText('请选择一条记录！')).toBeTruthy();
    const checkbox = within(within(table).getByText('李四').closest('tr') as HTMLElement).getByRole('checkbox');
    fireEvent.click(checkbox);
    fireEvent.click(within(table).getByRole('button', { name: /批量删除$/ }));
    expect(await screen.findByText('是否删除选中数据?')).toBeTruthy();
    expect(screen.getAllByText('确认删除').length).toBeGreaterThan(0);
    fireEvent.click(screen.getAllByRole('button', { name: '确定' }).at(-1)!);
    await waitFor(() => expect(fake.state.calls.some((c) => c.path === '/engineDoctor/deleteBatch')).toBe(true));
    expect(fake.state.calls.find((c) => c.path === '/engineDoctor/deleteBatch')!.params).toEqual({ ids: '2,' });
  });
});

describe('useListQuery', () => {
  it('aborts the superseded request and never applies a stale response', async () => {
    const resolvers: Array<(e: Envelope<unknown>) => void> = [];
    fake.state.handlers.get = () => new Promise((resolve) => resolvers.push(resolve));
    const { result } = renderHook(() => useListQuery(schema));
    await waitFor(() => expect(resolvers).toHaveLength(1));
    act(() => result.current.search({ realname: '李' }));
    await waitFor(() => expect(resolvers).toHaveLength(2));
    expect(listCalls()[0]!.signal!.aborted).toBe(true);
    expect(listCalls()[1]!.signal!.aborted).toBe(false);
    // the newer answer arrives first, the stale one later: the newer one stays
    await act(async () => resolvers[1]!(page([rows[1]])));
    await act(async () => resolvers[0]!(page(rows)));
    expect(result.current.rows.map((r) => r.id)).toEqual(['2']);
    expect(result.current.loading).toBe(false);
  });

  it('while its first answer is awaited, work queued for after the rows waits; it runs once the answer has painted', async () => {
    const resolvers: Array<(e: Envelope<unknown>) => void> = [];
    fake.state.handlers.get = () => new Promise((resolve) => resolvers.push(resolve));
    const { result } = renderHook(() => useListQuery(schema));
    await waitFor(() => expect(resolvers).toHaveLength(1));
    const after = vi.fn();
    afterWaitingLists(after);
    await new Promise((r) => setTimeout(r, 50));
    expect(after).not.toHaveBeenCalled();
    await act(async () => resolvers[0]!(page(rows)));
    expect(result.current.rows).toHaveLength(rows.length);
    await waitFor(() => expect(after).toHaveBeenCalledTimes(1));
  });

  it('a list that goes before its first answer no longer holds anything back', async () => {
    fake.state.handlers.get = () => new Promise(() => undefined);
    const { unmount } = renderHook(() => useListQuery(schema));
    await waitFor(() => expect(listCalls()).toHaveLength(1));
    const after = vi.fn();
    afterWaitingLists(after);
    expect(after).not.toHaveBeenCalled();
    unmount();
    expect(after).toHaveBeenCalledTimes(1);
  });

  it('goes back a page when a delete empties the last page', async () => {
    fake.state.handlers.get = async () => ok({ records: [rows[0]], total: 11, size: 10, current: 2, pages: 2 });
    const { result } = renderHook(() => useListQuery(schema));
    await waitFor(() => expect(result.current.loading).toBe(false));
    act(() => result.current.setPage(2, 10));
    await waitFor(() => expect(listCalls().at(-1)!.params!.pageNo).toBe('2'));
    await waitFor(() => expect(result.current.loading).toBe(false));
    act(() => result.current.afterDelete(1));
    await waitFor(() => expect(listCalls().at(-1)!.params!.pageNo).toBe('1'));
  });
});

describe('ResourceForm', () => {
  async function openCreate() {
    renderPage();
    const table = await listReady();
    fireEvent.click(within(table).getByRole('button', { name: /新增$/ }));
    const drawer = await screen.findByTestId('resource-form', {}, { timeout: 5000 });
    await within(drawer).findByText('新增医生');
    await within(drawer).findByPlaceholderText('请输入手机号码', {}, { timeout: 5000 });
    return drawer;
  }

  function fillValid(drawer: HTMLElement, phone: string) {
    fireEvent.change(within(drawer).getByPlaceholderText('请输入姓名'), { target: { value: '王五' } });
    fireEvent.click(within(drawer).getByLabelText('男'));
    fireEvent.change(within(drawer).getByPlaceholderText('请输入手机号码'), { target: { value: phone } });
  }

  function itemOf(drawer: HTMLElement, title: string): HTMLElement {
    const label = within(drawer).getAllByText(title).find((el) => el.closest('.ant-formily-item'));
    return label!.closest('.ant-formily-item') as HTMLElement;
  }

  it('shows 手机号码格式不正确! under the phone field and does not call add', async () => {
    const drawer = await openCreate();
    fillValid(drawer, '12345');
    fireEvent.click(within(drawer).getByRole('button', { name: '确定' }));
    const phoneItem = itemOf(drawer, '手机号');
    await within(phoneItem).findByText('手机号码格式不正确!');
    await new Promise((r) => setTimeout(r, 400));
    expect(fake.state.calls.some((c) => c.method === 'POST')).toBe(false);
    // the duplicate check never ran for an invalid phone
    expect(fake.state.calls.some((c) => c.path === '/sys/duplicate/check')).toBe(false);
  });

  it('puts server field errors under the field, warns, and keeps the input', async () => {
    fake.state.handlers.post = async () =>
      fail('手机号：该手机号已被其他医生使用', { errors: [{ field: 'phone', message: '该手机号已被其他医生使用' }] });
    const drawer = await openCreate();
    fillValid(drawer, '13800138000');
    fireEvent.click(within(drawer).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(fake.state.calls.some((c) => c.method === 'POST')).toBe(true), { timeout: 3000 });
    const post = fake.state.calls.find((c) => c.method === 'POST')!;
    expect(post.path).toBe('/engineDoctor/add');
    expect(post.body).toEqual({ realname: '王五', sex: '1', phone: '13800138000' });
    // the duplicate check ran once (debounced) with resource + field + value
    const dup = fake.state.calls.filter((c) => c.path === '/sys/duplicate/check');
    expect(dup).toHaveLength(1);
    expect(dup[0]!.params).toEqual({ resource: 'engineDoctor', field: 'phone', value: '13800138000' });
    const phoneItem = itemOf(drawer, '手机号');
    await within(phoneItem).findByText('该手机号已被其他医生使用');
    expect(await screen.findByText('手机号：该手机号已被其他医生使用')).toBeTruthy();
    expect((within(drawer).getByPlaceholderText('请输入手机号码') as HTMLInputElement).value).toBe('13800138000');
    expect((within(drawer).getByPlaceholderText('请输入姓名') as HTMLInputElement).value).toBe('王五');
  });

  it('shows the duplicate-check message under a unique field', async () => {
    fake.state.handlers.get = async (path) => {
      if (path === '/sys/duplicate/check') return fail('该值不可用，系统中已存在！', null);
      return path.endsWith('/list') ? page(rows) : ok(null);
    };
    const drawer = await openCreate();
    fireEvent.change(within(drawer).getByPlaceholderText('请输入手机号码'), { target: { value: '13800138000' } });
    const phoneItem = itemOf(drawer, '手机号');
    await within(phoneItem).findByText('该值不可用，系统中已存在！', {}, { timeout: 3000 });
  });

  it('saves: 添加成功！, closes and reloads the list', async () => {
    const drawer = await openCreate();
    fillValid(drawer, '13800138000');
    fireEvent.click(within(drawer).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('添加成功！', {}, { timeout: 3000 })).toBeTruthy();
    await waitFor(() => expect(listCalls()).toHaveLength(2));
  });

  it('edit loads queryById and sends PUT without _dictText keys', async () => {
    renderPage();
    const table = await listReady();
    const row = within(table).getByText('张三').closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByText('编辑'));
    const drawer = await screen.findByTestId('resource-form', {}, { timeout: 5000 });
    await within(drawer).findByText('编辑医生');
    const name = await within(drawer).findByPlaceholderText('请输入姓名', {}, { timeout: 5000 });
    expect((name as HTMLInputElement).value).toBe('张三');
    expect(fake.state.calls.find((c) => c.path.endsWith('/queryById'))!.params).toEqual({ id: '1' });
    fireEvent.click(within(drawer).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(fake.state.calls.some((c) => c.method === 'PUT')).toBe(true), { timeout: 3000 });
    const put = fake.state.calls.find((c) => c.method === 'PUT')!;
    expect(put.path).toBe('/engineDoctor/edit');
    expect(Object.keys(put.body as object).some((k) => k.endsWith('_dictText'))).toBe(false);
    expect(put.body).toMatchObject({ id: '1', realname: '张三', sex: '1', phone: '13800138000', price: 1234.5 });
    expect(await screen.findByText('编辑成功！')).toBeTruthy();
  });
});

describe('form helpers', () => {
  it('strips _dictText and undeclared keys, clears with null on edit', () => {
    expect(stripDictText({ a: 1, a_dictText: 'x' })).toEqual({ a: 1 });
    expect(formBody(schema, 'edit', { realname: 'x', createTime: 't', tenantId: 1 }, '9')).toEqual({
      realname: 'x', sex: null, phone: null, intro: null, price: null, id: '9',
    });
    expect(formBody(schema, 'create', { realname: 'x', foo: 1 })).toEqual({ realname: 'x' });
  });
});

describe('relation options by named id (GET /sys/ref/options)', () => {
  const hospital: ResourceSchema = {
    schemaVersion: 1, name: 'engineHospital', title: '医院管理', entity: '医院',
    fields: [
      { key: 'name', title: '名称', kind: 'string', search: 'like' },
      { key: 'code', title: '编码', kind: 'string', search: 'like' },
    ],
  };
  const withRef: ResourceSchema = {
    ...schema,
    name: 'engineRefDoctor',
    fields: [
      ...schema.fields,
      { key: 'hospitalId', title: '所属医院', kind: 'ref', ref: { resource: 'engineHospital', label: 'name' }, search: 'eq' },
      { key: 'departIds', title: '科室', kind: 'refs', ref: { resource: 'engineDept', label: 'name', filter: { hospitalId: { field: 'hospitalId' } } } },
    ],
    list: { ...schema.list, columns: ['realname', 'hospitalId'] },
  };
  const optionCalls = () => fake.state.calls.filter((c) => c.path.startsWith('/sys/ref/options'));
  const options = ok({ records: [{ value: 'h1', label: '第一医院' }, { value: 'h2', label: '第二医院' }], total: 2 });

  beforeEach(() => {
    registerResourceSchema(hospital);
    registerResourceSchema(withRef);
    setButtonAuth(['add', 'edit', 'list'].map((a) => ({ action: `engineRefDoctor:${a}`, type: '1' })), []);
    fake.state.handlers.get = async (path) => {
      if (path.startsWith('/sys/ref/options')) return options;
      if (path === '/engineRefDoctor/list') return page(rows.map((r) => ({ ...r, hospitalId: 'h1', hospitalId_dictText: '第一医院' })));
      if (path.endsWith('/list')) return fail('没有权限：engineHospital:list', null);
      return ok(null);
    };
  });

  function renderRefPage() {
    return render(
      <ConfigProvider locale={zhCN} button={{ autoInsertSpace: false }}>
        <ResourcePage resource="engineRefDoctor" />
      </ConfigProvider>,
    );
  }

  it('the search form loads the ref options with resource + field once the field shows, never the target list', async () => {
    renderRefPage();
    const table = await screen.findByTestId('resource-table');
    await within(table).findByText('张三');
    // collapsed out of sight (the narrow test page shows one field): no options asked yet
    const expand = await screen.findByText('展开');
    expect(optionCalls()).toHaveLength(0);
    fireEvent.click(expand);
    await waitFor(() => expect(optionCalls().length).toBeGreaterThan(0));
    expect(optionCalls()[0]!.params).toMatchObject({ resource: 'engineRefDoctor', field: 'hospitalId' });
    expect(fake.state.calls.some((c) => c.path === '/engineHospital/list')).toBe(false);
    // typing searches the label on the server (debounced), still by named id
    const input = document.querySelector('.resource-search input[id="hospitalId"]') as HTMLInputElement;
    expect(input).toBeTruthy();
    fireEvent.change(input, { target: { value: '第一' } });
    await waitFor(() => expect(optionCalls().some((c) => c.params?.keyword === '第一')).toBe(true), { timeout: 3000 });
    const last = optionCalls().find((c) => c.params?.keyword === '第一')!;
    expect(last.params).toMatchObject({ resource: 'engineRefDoctor', field: 'hospitalId', keyword: '第一' });
    expect(fake.state.calls.some((c) => c.path === '/engineHospital/list')).toBe(false);
  });

  it('the form: filter by the chosen value, no table picker without the target list permission', async () => {
    renderRefPage();
    const table = await screen.findByTestId('resource-table');
    await within(table).findByText('张三');
    const row = within(table).getByText('张三').closest('tr') as HTMLElement;
    fake.state.handlers.get = async (path) => {
      if (path.startsWith('/sys/ref/options')) return options;
      if (path.endsWith('/queryById')) return ok({ ...rows[0], hospitalId: 'h1', hospitalId_dictText: '第一医院', departIds: 'd9', departIds_dictText: '心内科' });
      if (path === '/engineRefDoctor/list') return page(rows);
      return fail('没有权限', null);
    };
    fireEvent.click(within(row).getByText('编辑'));
    const drawer = await screen.findByTestId('resource-form', {}, { timeout: 5000 });
    await within(drawer).findByText('心内科', {}, { timeout: 5000 });
    await waitFor(() => expect(optionCalls().some((c) => c.params?.field === 'departIds')).toBe(true));
    const dept = optionCalls().find((c) => c.params?.field === 'departIds')!;
    expect(dept.params).toMatchObject({ resource: 'engineRefDoctor', field: 'departIds', hospitalId: 'h1' });
    // engineHospital has two search fields (picker wanted) but no engineHospital:list code
    expect(within(drawer).queryByRole('button', { name: '选择' })).toBeNull();
    expect(fake.state.calls.some((c) => /^\/engine(Hospital|Dept)\/list/.test(c.path))).toBe(false);
    // with the target's list code the picker (which pages the target's list) shows
    act(() => setButtonAuth(['add', 'edit', 'list'].map((x) => ({ action: `engineRefDoctor:${x}`, type: '1' })).concat({ action: 'engineHospital:list', type: '1' }), []));
    expect(await within(drawer).findByRole('button', { name: '选择' })).toBeTruthy();
  });
});
