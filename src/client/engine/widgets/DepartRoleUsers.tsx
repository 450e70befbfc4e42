/**
 * 部门角色 › 用户 (JeecgBoot DeptRoleUserModal): the users of the role's department, each with a
 * switch saying whether they hold this department role; a switch calls deptRoleUserAdd (the role as
 * newRoleId to give it, as oldRoleId to take it). Only the department's users are offered (the
 * server refuses others).
 */
import { useEffect, useState } from 'react';
import { Empty, Spin, Switch, Table } from 'antd';
import { feedback, http } from '../../api';
import type { CustomWidgetProps } from '../registry';

export const DEPART_ROLE_USERS_TEXTS = {
  username: '用户账号',
  realname: '用户姓名',
  holds: '拥有此角色',
  empty: '该部门还没有用户，请先在部门用户中添加',
} as const;

export const DEPART_ROLE_USERS_PATHS = {
  users: '/sys/user/queryUserByDepId',
  held: '/sys/sysDepartRole/getDeptRoleByUserId',
  save: '/sys/sysDepartRole/deptRoleUserAdd',
} as const;

interface User { id: string; username: string; realname?: string }

export default function DepartRoleUsers({ row }: CustomWidgetProps) {
  const roleId = String(row?.id ?? '');
  const departId = String(row?.departId ?? '');
  const [users, setUsers] = useState<User[] | null>(null);
  const [holding, setHolding] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void (async () => {
      try {
        const list = (await http.get<User[]>(DEPART_ROLE_USERS_PATHS.users, { id: departId })).result ?? [];
        const held = new Set<string>();
        for (const u of list) {
          const links = (await http.get<Array<{ droleId: string }>>(DEPART_ROLE_USERS_PATHS.held, { userId: u.id, departId })).result ?? [];
          if (links.some((l) => String(l.droleId) === roleId)) held.add(u.id);
        }
        if (live) { setUsers(list); setHolding(held); }
      } catch {
        if (live) setUsers([]);
      }
    })();
    return () => { live = false; };
  }, [roleId, departId]);

  const toggle = async (userId: string, on: boolean) => {
    setBusy(userId);
    try {
      const env = await http.post(DEPART_ROLE_USERS_PATHS.save, { userId, newRoleId: on ? roleId : '', oldRoleId: on ? '' : roleId });
      if (env.success) {
        setHolding((h) => { const n = new Set(h); if (on) n.add(userId); else n.delete(userId); return n; });
        void feedback.message.success(env.message || '保存成功！');
      } else void feedback.message.warning(env.message);
    } catch {
      // shown by the request layer
    } finally {
      setBusy(null);
    }
  };

  if (!users) return <div style={{ padding: 24, textAlign: 'center' }}><Spin /></div>;
  if (users.length === 0) return <Empty description={DEPART_ROLE_USERS_TEXTS.empty} />;
  return (
    <Table<User>
      data-testid="depart-role-users"
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={users}
      columns={[
        { title: DEPART_ROLE_USERS_TEXTS.username, dataIndex: 'username' },
        { title: DEPART_ROLE_USERS_TEXTS.realname, dataIndex: 'realname' },
        {
          title: DEPART_ROLE_USERS_TEXTS.holds,
          key: 'holds',
          render: (_: unknown, u: User) => (
            <Switch aria-label={`${u.username}${DEPART_ROLE_USERS_TEXTS.holds}`} checked={holding.has(u.id)} loading={busy === u.id} onChange={(on) => void toggle(u.id, on)} />
          ),
        },
      ]}
    />
  );
}
