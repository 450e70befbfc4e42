// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { DEFAULT_PROTOCOL_CONFIG, decryptText, encryptText } from '../../src/core/protocol/index';
import { Providers } from '../../src/client/app/Providers';
import { appStore, globalConfigAtom, orgIdAtom, tenantIdAtom, tokenAtom, userInfoAtom } from '../../src/client/state/atoms';
import { KEYS, ls } from '../../src/client/state/storage';
import { applyTenantFromUrl, chooseOrganisation, currentOrgAtom, isAdminTenant } from '../../src/client/state/tenant';
import { feedback } from '../../src/client/api/index';
import {
  ChangePasswordModal,
  DepartPicker,
  ForcedPasswordWatcher,
  OrgPicker,
  OrgSwitch,
  orgListParams,
  orgPickerHooks,
  passwordPopupAtom,
} from '../../src/client/shell/dialogs/index';

const cfg = DEFAULT_PROTOCOL_CONFIG;
type Handler = (method: string, url: URL, body: unknown) => { success: boolean; message?: string; result?: unknown } | undefined;
const calls: Array<{ method: string; path: string; query: URLSearchParams; body: unknown }> = [];
let handler: Handler = () => undefined;

function stubFetch() {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = input instanceof Request ? input : new Request(input, init);
    const url = new URL(req.url);
    const text = req.method === 'GET' ? '' : await req.text();
    const body = text ? JSON.parse(decryptText(text, cfg)) : undefined;
    calls.push({ method: req.method, path: url.pathname.replace(/^\/hospital/, ''), query: url.searchParams, body });
    const r = handler(req.method, url, body) ?? { success: true, message: '', result: null };
    return new Response(encryptText(JSON.stringify({ code: r.success ? 200 : 400, timestamp: 0, message: '', result: null, ...r }), cfg));
  });
}

function mount(node: React.ReactNode) {
  return render(
    <Providers>
      <MemoryRouter>{node}</MemoryRouter>
    </Providers>,
  );
}

const errorsOf = () => Array.from(document.querySelectorAll('.ant-form-item-explain-error')).map((e) => e.textContent);
const input = (placeholder: string) => screen.getByPlaceholderText(placeholder) as HTMLInputElement;
const type = (placeholder: string, v: string) => fireEvent.change(input(placeholder), { target: { value: v } });

beforeEach(() => {
  calls.length = 0;
  handler = () => undefined;
  localStorage.clear();
  appStore.set(tokenAtom, 'tok');
  appStore.set(userInfoAtom, { id: 'u1', username: 'admin', tenantId: 1000 });
  appStore.set(globalConfigAtom, { orgName: '互联网医院平台', superTenantId: 1000 });
  appStore.set(passwordPopupAtom, null);
  stubFetch();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ChangePasswordModal', () => {
  it('shows the required messages', async () => {
    mount(<ChangePasswordModal open onClose={() => undefined} />);
    await screen.findByText('修改密码');
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(errorsOf()).toEqual(['请输入旧密码!', '请输入新密码!', '请确认新密码!']));
    expect(calls).toHaveLength(0);
  });

  it('applies the core password rule and the confirmation check', async () => {
    mount(<ChangePasswordModal open onClose={() => undefined} />);
    await screen.findByText('修改密码');
    type('请输入旧密码', 'Old@123456');
    type('请输入新密码', 'short1!');
    type('请确认新密码', 'different');
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() =>
      expect(errorsOf()).toEqual(['密码由大写字母、小写字母、数字和特殊符号组成，且不少于10位!', '两次输入的密码不一样！']),
    );
    expect(calls).toHaveLength(0);
  });

  it('sends every value encrypted; a refusal shows the server message and keeps the form', async () => {
    handler = (m, u) => (u.pathname.endsWith('/sys/user/updatePassword') ? { success: false, message: '旧密码输入错误' } : undefined);
    const onClose = vi.fn();
    mount(<ChangePasswordModal open onClose={onClose} />);
    await screen.findByText('修改密码');
    type('请输入旧密码', 'Wrong@123456');
    type('请输入新密码', 'New@1234567');
    type('请确认新密码', 'New@1234567');
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(document.body.textContent).toContain('旧密码输入错误'));
    const put = calls.find((c) => c.path === '/sys/user/updatePassword')!;
    expect(put.method).toBe('PUT');
    const b = put.body as Record<string, string>;
    expect(Object.keys(b).sort()).toEqual(['confirmpassword', 'oldpassword', 'password', 'username']);
    expect(decryptText(b.username!, cfg)).toBe('admin');
    expect(decryptText(b.oldpassword!, cfg)).toBe('Wrong@123456');
    expect(decryptText(b.password!, cfg)).toBe('New@1234567');
    expect(decryptText(b.confirmpassword!, cfg)).toBe('New@1234567');
    expect(b.password).not.toBe('New@1234567');
    expect(onClose).not.toHaveBeenCalled();
    expect(input('请输入旧密码').value).toBe('Wrong@123456');
  });

  it('success shows the server message and closes', async () => {
    handler = (m, u) => (u.pathname.endsWith('/sys/user/updatePassword') ? { success: true, message: '密码修改成功！' } : undefined);
    const onClose = vi.fn();
    const success = vi.spyOn(feedback.message, 'success');
    mount(<ChangePasswordModal open onClose={onClose} />);
    await screen.findByText('修改密码');
    type('请输入旧密码', 'Admin@123456');
    type('请输入新密码', 'New@1234567');
    type('请确认新密码', 'New@1234567');
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(success).toHaveBeenCalledWith('密码修改成功！');
  });

  it('without a logged-in user: 系统中没有已登录的用户!', async () => {
    appStore.set(userInfoAtom, null);
    const warning = vi.spyOn(feedback.message, 'warning');
    mount(<ChangePasswordModal open onClose={() => undefined} />);
    await screen.findByText('修改密码');
    type('请输入旧密码', 'Admin@123456');
    type('请输入新密码', 'New@1234567');
    type('请确认新密码', 'New@1234567');
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(warning).toHaveBeenCalledWith('系统中没有已登录的用户!'));
    expect(calls).toHaveLength(0);
  });

  it('ForcedPasswordWatcher opens a non-closable modal when isPopup becomes 1', async () => {
    mount(<ForcedPasswordWatcher />);
    expect(screen.queryByText('修改密码')).toBeNull();
    act(() => appStore.set(passwordPopupAtom, 1));
    await screen.findByText('修改密码');
    expect(document.querySelector('.ant-modal-close')).toBeNull();
    expect(screen.queryByRole('button', { name: '关闭' })).toBeNull();
    act(() => appStore.set(passwordPopupAtom, 0));
    act(() => appStore.set(userInfoAtom, { id: 'u1', username: 'admin', isPopup: 1 }));
    act(() => appStore.set(passwordPopupAtom, null));
    await screen.findByText('修改密码');
  });
});

describe('organisation selection', () => {
  it('trims the search text and pages by 10', () => {
    expect(orgListParams('  测试医院 ', 2)).toEqual({ orgName: '测试医院', pageNo: 2, pageSize: 10 });
    expect(orgListParams('   ', 1)).toEqual({ pageNo: 1, pageSize: 10 });
  });

  it('OrgPicker searches with the trimmed name and 确定 stores tenant + org', async () => {
    const afterSwitch = vi.spyOn(orgPickerHooks, 'afterSwitch').mockImplementation(() => undefined);
    handler = (m, u) =>
      u.pathname.endsWith('/sys/org/list')
        ? {
            success: true,
            result: {
              records: [
                { id: '1000', title: '平台', tenantId: 1000, orgId: '0', type: 'tenant' },
                { id: 'h1', title: '第一医院', tenantId: 1001, orgId: 'h1', type: 'hospital' },
              ],
              total: 2,
            },
          }
        : undefined;
    const onClose = vi.fn();
    mount(<OrgPicker open onClose={onClose} />);
    await screen.findByText('选择机构');
    await screen.findByText('第一医院');
    expect(calls[0]!.query.get('pageSize')).toBe('10');
    type('请输入机构名称', '  第一 ');
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(calls.filter((c) => c.path === '/sys/org/list')).toHaveLength(2));
    expect(calls[1]!.query.get('orgName')).toBe('第一');
    await screen.findByText('第一医院');
    fireEvent.click(screen.getByText('第一医院'));
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(ls.get(KEYS.tenantId)).toBe(1001);
    expect(ls.get(KEYS.orgId)).toBe('h1');
    expect(appStore.get(currentOrgAtom)?.title).toBe('第一医院');
    expect(onClose).toHaveBeenCalled();
    expect(afterSwitch).toHaveBeenCalled();
    afterSwitch.mockRestore();
  });

  it('a whole tenant (the super tenant too) stores no organisation id; an organisation of the super tenant stores its id', () => {
    ls.set(KEYS.orgId, 'old');
    chooseOrganisation({ title: '第二医院租户', tenantId: 1001, orgId: '0' });
    expect(ls.get(KEYS.tenantId)).toBe(1001);
    expect(ls.get(KEYS.orgId)).toBeNull();
    chooseOrganisation({ title: '平台医院', tenantId: 1000, orgId: 'h7' });
    expect(ls.get(KEYS.tenantId)).toBe(1000);
    expect(ls.get(KEYS.orgId)).toBe('h7');
    expect(appStore.get(orgIdAtom)).toBe('h7');
    chooseOrganisation({ title: '平台', tenantId: 1000, orgId: '0' });
    expect(ls.get(KEYS.orgId)).toBeNull();
    expect(appStore.get(orgIdAtom)).toBeNull();
  });

  it('URL tenantId / orgId are stored; a tenant id clears the org id', () => {
    ls.set(KEYS.orgId, 'old');
    applyTenantFromUrl('?tenantId=1001');
    expect(ls.get(KEYS.tenantId)).toBe('1001');
    expect(ls.get(KEYS.orgId)).toBeNull();
    applyTenantFromUrl('?tenantId=1002&orgId=o9');
    expect(ls.get(KEYS.orgId)).toBe('o9');
    expect(appStore.get(tenantIdAtom)).toBe('1002');
    applyTenantFromUrl('');
    expect(ls.get(KEYS.tenantId)).toBe('1002');
  });

  it('admin-tenant check: unset or 0', () => {
    expect(isAdminTenant()).toBe(true);
    ls.set(KEYS.tenantId, 0);
    expect(isAdminTenant()).toBe(true);
    ls.set(KEYS.tenantId, 1001);
    expect(isAdminTenant()).toBe(false);
  });

  it('OrgSwitch shows only for super-tenant users', async () => {
    const r = mount(<OrgSwitch />);
    expect(screen.getByTestId('org-current').textContent).toBe('互联网医院平台');
    expect(screen.getByRole('button', { name: '切换' })).toBeTruthy();
    r.unmount();
    appStore.set(userInfoAtom, { id: 'u2', username: 'hospadmin', tenantId: 1001 });
    mount(<OrgSwitch />);
    expect(screen.queryByTestId('org-switch')).toBeNull();
  });
});

describe('DepartPicker', () => {
  it('no departments: 您尚未设置部门信息! and close', async () => {
    handler = (m, u) => (u.pathname.endsWith('/getCurrentUserDeparts') ? { success: true, result: { list: [], orgCode: '' } } : undefined);
    const onClose = vi.fn();
    const warning = vi.spyOn(feedback.message, 'warning');
    mount(<DepartPicker open onClose={onClose} />);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(warning).toHaveBeenCalledWith('您尚未设置部门信息!');
  });

  it('confirm without a choice marks the select; with one it posts and stores userInfo', async () => {
    handler = (m, u) => {
      if (u.pathname.endsWith('/getCurrentUserDeparts'))
        return {
          success: true,
          result: { list: [{ id: 'd1', orgCode: 'K01', departName: '内科' }, { id: 'd2', orgCode: 'K02', departName: '外科' }], orgCode: '' },
        };
      if (u.pathname.endsWith('/sys/selectDepart')) return { success: true, message: '部门切换成功', result: { userInfo: { id: 'u1', username: 'admin', orgCode: 'K02' } } };
      return undefined;
    };
    const onClose = vi.fn();
    mount(<DepartPicker open onClose={onClose} />);
    await screen.findByText('部门切换');
    fireEvent.click(screen.getByRole('button', { name: '确认' }));
    await waitFor(() => expect(document.querySelector('.ant-select-status-error')).not.toBeNull());
    expect(calls.some((c) => c.path === '/sys/selectDepart')).toBe(false);
    // choose 外科
    fireEvent.mouseDown(document.querySelector('.ant-select-selector')!);
    fireEvent.click(await screen.findByTitle('外科'));
    fireEvent.click(screen.getByRole('button', { name: '确认' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const post = calls.find((c) => c.path === '/sys/selectDepart')!;
    expect(post.method).toBe('POST');
    expect(post.body).toEqual({ orgCode: 'K02', username: 'admin' });
    expect(appStore.get(userInfoAtom)?.orgCode).toBe('K02');
    expect((ls.get(KEYS.userInfo) as { orgCode?: string })?.orgCode).toBe('K02');
  });

  it('shows the current department in the title', async () => {
    handler = (m, u) =>
      u.pathname.endsWith('/getCurrentUserDeparts')
        ? { success: true, result: { list: [{ id: 'd1', orgCode: 'K01', departName: '内科' }], orgCode: 'K01' } }
        : undefined;
    mount(<DepartPicker open onClose={() => undefined} />);
    await screen.findByText('部门切换（当前部门 : 内科）');
  });
});
