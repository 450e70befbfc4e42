/**
 * 角色用户 (custom widget of the role list's 用户 action; JeecgBoot RoleUserList's right pane):
 * the role's users, searched by 用户账号, in a paged table.
 * - 添加用户 opens a picker of the tenant's users not yet in the role (multi-select, searched by
 *   用户账号); 确定 calls addSysUserRole.
 * - 移除 per row and 批量移除 for the ticked rows, each after a Popconfirm (deleteUserRole /
 *   deleteUserRoleBatch). The server changes the users' 角色分配, so their menu follows.
 */
import { useCallback, useEffect, useState, type Key } from 'react';
import { Button, Input, Modal, Popconfirm, Space, Table, Tag } from 'antd';
import { feedback, http } from '../../api';
import type { CustomWidgetProps } from '../registry';

export const ROLE_USERS_TEXTS = {
  search: '用户账号',
  add: '添加用户',
  remove: '移除',
  removeBatch: '批量移除',
  removeConfirm: '确定将该用户移出此角色吗？',
  removeBatchConfirm: (n: number) => `确定将选中的 ${n} 个用户移出此角色吗？`,
  pickerTitle: '添加用户',
  ok: '确定',
  cancel: '取消',
  pickFirst: '请选择用户',
  username: '用户账号',
  realname: '用户名称',
  status: '状态',
  actions: '操作',
} as const;

export const ROLE_USERS_PATHS = {
  list: '/sys/user/userRoleList',
  add: '/sys/user/addSysUserRole',
  remove: '/sys/user/deleteUserRole',
  removeBatch: '/sys/user/deleteUserRoleBatch',
} as const;

interface RoleUser { id: string; username: string; realname: string; status: string; status_dictText: string }
interface Page { records: RoleUser[]; total: number }

const PAGE_SIZE = 10;

/** One paged, searchable list of users in (or, for the picker, not in) the role. */
function useUserPage(roleId: string, inRole: boolean) {
  const [page, setPage] = useState<Page>({ records: [], total: 0 });
  const [pageNo, setPageNo] = useState(1);
  const [username, setUsername] = useState('');
  const [loading, setLoading] = useState(false);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let live = true;
    setLoading(true);
    const params: Record<string, unknown> = { roleId, pageNo, pageSize: PAGE_SIZE, ...(username ? { username } : {}), ...(inRole ? {} : { inRole: 'false' }) };
    void http.get<Page>(ROLE_USERS_PATHS.list, params).then(
      (env) => { if (live) setPage(env.result ?? { records: [], total: 0 }); },
      () => { if (live) setPage({ records: [], total: 0 }); },
    ).finally(() => { if (live) setLoading(false); });
    return () => { live = false; };
  }, [roleId, inRole, pageNo, username, tick]);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  const search = useCallback((v: string) => { setPageNo(1); setUsername(v.trim()); }, []);
  return { page, pageNo, setPageNo, loading, reload, search };
}

const columns = [
  { title: ROLE_USERS_TEXTS.username, dataIndex: 'username', key: 'username' },
  { title: ROLE_USERS_TEXTS.realname, dataIndex: 'realname', key: 'realname' },
  {
    title: ROLE_USERS_TEXTS.status,
    dataIndex: 'status_dictText',
    key: 'status',
    render: (text: string, r: RoleUser) => <Tag color={r.status === '1' ? 'green' : 'red'}>{text}</Tag>,
  },
];

export default function RoleUsers({ row }: CustomWidgetProps) {
  const roleId = String(row?.id ?? '');
  const users = useUserPage(roleId, true);
  const [selected, setSelected] = useState<Key[]>([]);
  const [picking, setPicking] = useState(false);

  const done = (env: { success: boolean; message: string }) => {
    if (env.success) void feedback.message.success(env.message);
    else void feedback.message.warning(env.message);
    return env.success;
  };
  const removeOne = async (userId: string) => {
    try {
      if (done(await http.delete(ROLE_USERS_PATHS.remove, { roleId, userId }))) {
        setSelected((s) => s.filter((k) => k !== userId));
        users.reload();
      }
    } catch {
      // shown by the request layer
    }
  };
  const removeBatch = async () => {
    try {
      if (done(await http.delete(ROLE_USERS_PATHS.removeBatch, { roleId, userIds: selected.join(',') }))) {
        setSelected([]);
        users.reload();
      }
    } catch {
      // shown by the request layer
    }
  };

  return (
    <div data-testid="role-users">
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search allowClear placeholder={ROLE_USERS_TEXTS.search} aria-label={ROLE_USERS_TEXTS.search} onSearch={users.search} style={{ width: 200 }} />
        <Button type="primary" onClick={() => setPicking(true)}>{ROLE_USERS_TEXTS.add}</Button>
        <Popconfirm
          title={ROLE_USERS_TEXTS.removeBatchConfirm(selected.length)}
          okText={ROLE_USERS_TEXTS.ok}
          cancelText={ROLE_USERS_TEXTS.cancel}
          disabled={!selected.length}
          onConfirm={() => void removeBatch()}
        >
          <Button danger disabled={!selected.length}>{ROLE_USERS_TEXTS.removeBatch}</Button>
        </Popconfirm>
      </Space>
      <Table<RoleUser>
        rowKey="id"
        size="small"
        loading={users.loading}
        dataSource={users.page.records}
        rowSelection={{ selectedRowKeys: selected, onChange: setSelected }}
        pagination={{ current: users.pageNo, pageSize: PAGE_SIZE, total: users.page.total, onChange: users.setPageNo, showSizeChanger: false }}
        columns={[
          ...columns,
          {
            title: ROLE_USERS_TEXTS.actions,
            key: 'actions',
            width: 80,
            render: (_: unknown, r: RoleUser) => (
              <Popconfirm title={ROLE_USERS_TEXTS.removeConfirm} okText={ROLE_USERS_TEXTS.ok} cancelText={ROLE_USERS_TEXTS.cancel} onConfirm={() => void removeOne(r.id)}>
                <a>{ROLE_USERS_TEXTS.remove}</a>
              </Popconfirm>
            ),
          },
        ]}
      />
      {picking && <UserPicker roleId={roleId} onClose={() => setPicking(false)} onAdded={() => { setPicking(false); users.reload(); }} />}
    </div>
  );
}

/** The tenant's users not in the role, several ticked and added at once. */
function UserPicker({ roleId, onClose, onAdded }: { roleId: string; onClose: () => void; onAdded: () => void }) {
  const others = useUserPage(roleId, false);
  const [picked, setPicked] = useState<Key[]>([]);
  const [saving, setSaving] = useState(false);
  const add = async () => {
    if (!picked.length) {
      void feedback.message.warning(ROLE_USERS_TEXTS.pickFirst);
      return;
    }
    setSaving(true);
    try {
      const env = await http.post(ROLE_USERS_PATHS.add, { roleId, userIdList: picked.map(String) });
      if (env.success) {
        void feedback.message.success(env.message);
        onAdded();
      } else void feedback.message.warning(env.message);
    } catch {
      // shown by the request layer
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal open title={ROLE_USERS_TEXTS.pickerTitle} width={640} okText={ROLE_USERS_TEXTS.ok} cancelText={ROLE_USERS_TEXTS.cancel} confirmLoading={saving} onOk={() => void add()} onCancel={onClose} destroyOnClose>
      <div data-testid="role-user-picker">
        <Input.Search allowClear placeholder={ROLE_USERS_TEXTS.search} aria-label={ROLE_USERS_TEXTS.search} onSearch={others.search} style={{ width: 200, marginBottom: 12 }} />
        <Table<RoleUser>
          rowKey="id"
          size="small"
          loading={others.loading}
          dataSource={others.page.records}
          columns={columns}
          // the ticks are kept across pages and searches
          rowSelection={{ selectedRowKeys: picked, onChange: setPicked, preserveSelectedRowKeys: true }}
          pagination={{ current: others.pageNo, pageSize: PAGE_SIZE, total: others.page.total, onChange: others.setPageNo, showSizeChanger: false }}
        />
      </div>
    </Modal>
  );
}
