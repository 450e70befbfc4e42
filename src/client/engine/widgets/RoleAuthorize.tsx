/**
 * 角色授权 (custom widget of the role list's 授权 action; JeecgBoot UserRoleModal): the menu tree
 * (menus, sub-menus, buttons) the caller may grant, checked by the role's grants.
 * - Parent and child are linked: a node is checked when all its children are, half-checked when
 *   some are; the grants saved are the checked and half-checked nodes (a menu comes with its
 *   directory). The role's grants are shown through the leaves they hold.
 * - 取消关联 checks each node on its own (every granted entry shown as it is stored, e.g. a
 *   directory granted without its pages); 父子关联 links them again.
 * - 展开全部 / 折叠, 全选 / 取消全选; 保存 and 保存并关闭 call saveRolePermission.
 * - A menu with data rules (标 "数据规则") shows them when selected; the ticked ones limit this
 *   role's rows of that menu's module (POST /sys/role/datarule), once the menu is granted.
 */
import { useCallback, useEffect, useMemo, useState, type Key } from 'react';
import { Alert, Button, Checkbox, Empty, Space, Spin, Tag, Tree } from 'antd';
import { feedback, http } from '../../api';
import type { CustomWidgetProps } from '../registry';

export const ROLE_AUTH_TEXTS = {
  expandAll: '展开全部',
  collapseAll: '折叠',
  linked: '父子关联',
  unlinked: '取消关联',
  checkAll: '全选',
  uncheckAll: '取消全选',
  save: '保存',
  saveClose: '保存并关闭',
  cancel: '取消',
  ruleTag: '数据规则',
  rulesOf: (menu: string) => `「${menu}」的数据规则`,
  saveRules: '保存规则',
  rulesHint: '勾选的规则限制该角色在此菜单中可见的数据；请先授予该菜单并保存。',
  noRules: '该菜单没有数据规则',
} as const;

export const ROLE_AUTH_PATHS = {
  tree: '/sys/role/queryTreeList',
  granted: '/sys/permission/queryRolePermission',
  save: '/sys/permission/saveRolePermission',
  rules: (permissionId: string, roleId: string) => `/sys/role/datarule/${permissionId}/${roleId}`,
  saveRules: '/sys/role/datarule',
} as const;

interface TreeNode {
  key: string;
  title: string;
  menuType: number;
  ruleFlag: boolean;
  children?: TreeNode[];
}

interface DataRule {
  id: string;
  ruleName: string;
  ruleColumn: string;
  ruleConditions: string;
  ruleValue: string;
  status: string;
}

function walk(nodes: TreeNode[], fn: (n: TreeNode) => void): void {
  for (const n of nodes) {
    fn(n);
    if (n.children) walk(n.children, fn);
  }
}

/**
 * What a grant tree edits: the tree offered, the subject's grants and where they are saved
 * (a role's, a department's, a department role's); data rules only where `rules` is on.
 */
export interface GrantTreeConfig {
  treePath: string;
  treeQuery?: Record<string, string>;
  grantedPath: string;
  savePath: string;
  /** The subject's id parameter (`roleId`, `departId`). */
  idParam: string;
  rules: boolean;
  testId: string;
}

const ROLE_GRANTS: GrantTreeConfig = {
  treePath: ROLE_AUTH_PATHS.tree,
  grantedPath: ROLE_AUTH_PATHS.granted,
  savePath: ROLE_AUTH_PATHS.save,
  idParam: 'roleId',
  rules: true,
  testId: 'role-authorize',
};

export default function RoleAuthorize({ row, onClose }: CustomWidgetProps) {
  return <GrantTree id={String(row?.id ?? '')} config={ROLE_GRANTS} onClose={onClose} />;
}

export function GrantTree({ id: roleId, config, onClose }: { id: string; config: GrantTreeConfig; onClose: () => void }) {
  const [tree, setTree] = useState<TreeNode[] | null>(null);
  const [checked, setChecked] = useState<Key[]>([]);
  /** 父子关联 (default) or 取消关联: in the latter `checked` is exactly what is saved. */
  const [linked, setLinked] = useState(true);
  const [expanded, setExpanded] = useState<Key[]>([]);
  const [saving, setSaving] = useState(false);
  const [selected, setSelected] = useState<TreeNode | null>(null);
  const [rules, setRules] = useState<DataRule[] | null>(null);
  const [ruleChecked, setRuleChecked] = useState<string[]>([]);

  const all = useMemo(() => {
    const keys: string[] = [];
    const parents: string[] = [];
    const byKey = new Map<string, TreeNode>();
    walk(tree ?? [], (n) => {
      keys.push(n.key);
      byKey.set(n.key, n);
      if (n.children?.length) parents.push(n.key);
    });
    return { keys, parents, byKey };
  }, [tree]);

  useEffect(() => {
    let live = true;
    void Promise.all([
      http.get<{ treeList: TreeNode[]; ids: string[] }>(config.treePath, config.treeQuery ?? {}),
      http.get<string[]>(config.grantedPath, { [config.idParam]: roleId }),
    ]).then(([t, g]) => {
      if (!live) return;
      const list = t.result?.treeList ?? [];
      const granted = new Set((g.result ?? []).map(String));
      // linked checking: the leaves carry the state, parents follow
      const leaves: string[] = [];
      walk(list, (n) => { if (!n.children?.length && granted.has(n.key)) leaves.push(n.key); });
      setTree(list);
      setChecked(leaves);
      setExpanded(list.map((n) => n.key));
    }, () => { if (live) setTree([]); });
    return () => { live = false; };
  }, [roleId, config]);

  const onCheck = useCallback((keys: Key[] | { checked: Key[]; halfChecked: Key[] }) => {
    setChecked(Array.isArray(keys) ? keys : keys.checked);
  }, []);

  // unlinking keeps what is granted (checked and half-checked); linking shows it through its leaves
  const toggleLinked = () => {
    if (linked) {
      setChecked(withAncestors(tree ?? [], checked));
    } else {
      const on = new Set(checked.map(String));
      setChecked(all.keys.filter((k) => on.has(k) && !all.parents.includes(k)));
    }
    setLinked(!linked);
  };

  const save = async (close: boolean) => {
    setSaving(true);
    try {
      const ids = linked ? withAncestors(tree ?? [], checked) : [...new Set(checked.map(String))];
      const env = await http.post(config.savePath, { [config.idParam]: roleId, permissionIds: ids.join(','), lastpermissionIds: '' });
      if (env.success) {
        void feedback.message.success(env.message || '保存成功！');
        if (close) onClose();
      } else void feedback.message.warning(env.message);
    } catch {
      // shown by the request layer
    } finally {
      setSaving(false);
    }
  };

  const selectNode = (keys: Key[]) => {
    const node = keys.length ? all.byKey.get(String(keys[0])) : undefined;
    setSelected(node ?? null);
    setRules(null);
    if (!node?.ruleFlag || !config.rules) return;
    void http.get<{ datarule: DataRule[]; drChecked: string }>(ROLE_AUTH_PATHS.rules(node.key, roleId)).then((env) => {
      setRules(env.result?.datarule ?? []);
      setRuleChecked(String(env.result?.drChecked ?? '').split(',').filter(Boolean));
    }, () => setRules([]));
  };

  const saveRules = async () => {
    if (!selected) return;
    try {
      const env = await http.post(ROLE_AUTH_PATHS.saveRules, { permissionId: selected.key, roleId, dataRuleIds: ruleChecked.join(',') });
      if (env.success) void feedback.message.success(env.message || '保存成功！');
      else void feedback.message.warning(env.message);
    } catch {
      // shown by the request layer
    }
  };

  if (!tree) return <div style={{ padding: 24, textAlign: 'center' }}><Spin /></div>;
  const treeData = toTreeData(tree, config.rules);
  return (
    <div data-testid={config.testId}>
      <Space wrap style={{ marginBottom: 12 }}>
        <Button size="small" onClick={() => setExpanded(all.parents)}>{ROLE_AUTH_TEXTS.expandAll}</Button>
        <Button size="small" onClick={() => setExpanded([])}>{ROLE_AUTH_TEXTS.collapseAll}</Button>
        <Button size="small" onClick={toggleLinked}>{linked ? ROLE_AUTH_TEXTS.unlinked : ROLE_AUTH_TEXTS.linked}</Button>
        <Button size="small" onClick={() => setChecked(all.keys)}>{ROLE_AUTH_TEXTS.checkAll}</Button>
        <Button size="small" onClick={() => setChecked([])}>{ROLE_AUTH_TEXTS.uncheckAll}</Button>
      </Space>
      {tree.length === 0 ? <Empty /> : (
        <Tree
          checkable
          checkStrictly={!linked}
          blockNode
          treeData={treeData}
          checkedKeys={linked ? checked : { checked, halfChecked: [] }}
          expandedKeys={expanded}
          onExpand={(keys) => setExpanded(keys)}
          onCheck={onCheck}
          selectedKeys={selected ? [selected.key] : []}
          onSelect={selectNode}
        />
      )}
      {selected?.ruleFlag && config.rules && (
        <div data-testid="role-data-rules" style={{ marginTop: 16, padding: 12, border: '1px solid #f0f0f0', borderRadius: 6 }}>
          <div style={{ fontWeight: 500, marginBottom: 8 }}>{ROLE_AUTH_TEXTS.rulesOf(selected.title)}</div>
          <Alert type="info" showIcon message={ROLE_AUTH_TEXTS.rulesHint} style={{ marginBottom: 8 }} />
          {rules === null ? <Spin /> : rules.length === 0 ? <Empty description={ROLE_AUTH_TEXTS.noRules} /> : (
            <Checkbox.Group value={ruleChecked} onChange={(v) => setRuleChecked(v.map(String))} style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
              {rules.map((r) => (
                <Checkbox key={r.id} value={r.id} disabled={r.status !== '1'}>
                  {r.ruleName}（{r.ruleColumn} {r.ruleConditions} {r.ruleValue}）
                </Checkbox>
              ))}
            </Checkbox.Group>
          )}
          <div style={{ marginTop: 8 }}><Button size="small" type="primary" onClick={() => void saveRules()}>{ROLE_AUTH_TEXTS.saveRules}</Button></div>
        </div>
      )}
      <div style={{ marginTop: 16, display: 'flex', justifyContent: 'flex-end', gap: 8 }}>
        <Button onClick={onClose}>{ROLE_AUTH_TEXTS.cancel}</Button>
        <Button loading={saving} onClick={() => void save(false)}>{ROLE_AUTH_TEXTS.save}</Button>
        <Button type="primary" loading={saving} onClick={() => void save(true)}>{ROLE_AUTH_TEXTS.saveClose}</Button>
      </div>
    </div>
  );
}

/**
 * Linked checking saves every checked leaf and every node above one (a checked or half-checked
 * parent): computed from the tree, so it holds before any click as after.
 */
export function withAncestors(nodes: TreeNode[], checked: Key[]): string[] {
  const on = new Set(checked.map(String));
  const out: string[] = [];
  const visit = (n: TreeNode): boolean => {
    const below = (n.children ?? []).map(visit).some(Boolean);
    const hit = below || (!n.children?.length && on.has(n.key));
    if (hit) out.push(n.key);
    return hit;
  };
  nodes.forEach(visit);
  return out;
}

interface AntNode { key: string; title: React.ReactNode; children?: AntNode[] }

function toTreeData(nodes: TreeNode[], rules: boolean): AntNode[] {
  return nodes.map((n) => ({
    key: n.key,
    title: n.ruleFlag && rules ? <span><span>{n.title}</span> <Tag color="blue">{ROLE_AUTH_TEXTS.ruleTag}</Tag></span> : n.title,
    ...(n.children?.length ? { children: toTreeData(n.children, rules) } : {}),
  }));
}
