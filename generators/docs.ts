/**
 * `npm run gen:docs [-- --check]`: the module catalogue docs/modules.md — per module its title,
 * menu, API base and paths, permission codes, fields (kind, dictionary/reference, rules),
 * children, tree and state transitions. Checked in; a test asserts it is up to date.
 */
import { transitionPermission } from '../src/core/projections/access.js';
import { permissionCodes } from '../src/core/projections/menu.js';
import { apiActionsOf, apiBase, apiPath } from '../src/core/schema/naming.js';
import type { Registry } from '../src/core/schema/registry.js';
import type { FieldSchema, ResourceSchema } from '../src/core/schema/types.js';
import { runGenerator } from './generated-file.js';

export const DOCS_FILE = 'docs/modules.md';

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const code = (s: string) => `\`${s}\``;

function dictCell(f: FieldSchema, reg: Registry): string {
  if (f.kind === 'dict' && f.dict) {
    const d = reg.dicts.get(f.dict);
    const items = d ? d.items.map((i) => `${i.value} ${i.text}`).join('、') : '';
    return `${code(f.dict)}${f.multiple ? '（多选）' : ''}${items ? `：${items}` : ''}`;
  }
  if (f.ref) return `→ ${code(`${f.ref.resource}.${f.ref.label}`)}${f.ref.filter ? `（按 ${Object.keys(f.ref.filter).join('、')} 过滤）` : ''}`;
  return '';
}

function rulesCell(f: FieldSchema): string {
  const r: string[] = [];
  if (f.required) r.push('必填');
  if (f.requiredWhen) r.push(`条件必填 ${JSON.stringify(f.requiredWhen)}`);
  if (f.visibleWhen) r.push(`显示条件 ${JSON.stringify(f.visibleWhen)}`);
  if (f.unique) r.push('唯一');
  if (f.minLength !== undefined || f.maxLength !== undefined) r.push(`长度 ${f.minLength ?? 0}–${f.maxLength ?? '∞'}`);
  if (f.min !== undefined || f.max !== undefined) r.push(`取值 ${f.min ?? '-∞'}–${f.max ?? '∞'}`);
  if (f.precision !== undefined) r.push(`${f.precision} 位小数`);
  if (f.pattern) r.push(`格式 ${code(f.pattern)}`);
  if (f.rule) r.push(`规则 ${code(f.rule)}`);
  if (f.default !== undefined) r.push(`默认 ${JSON.stringify(f.default)}`);
  if (f.readOnly) r.push('只读');
  if (f.countOf) r.push(`计数 ${code(`${f.countOf.resource}.${f.countOf.via}`)}${f.countOf.where ? ` ${JSON.stringify(f.countOf.where)}` : ''}${f.countOf.max ? `，不超过 ${code(f.countOf.max)}` : ''}${f.countOf.per ? `，同一 ${code(f.countOf.per.field)} 不超过 ${code(f.countOf.per.max)}` : ''}`);
  if (f.createOnly) r.push('仅新增');
  if (f.writeOnly) r.push('不返回');
  if (f.hidden) r.push('隐藏');
  if (f.sensitive) r.push('列表脱敏');
  if (f.permission?.view) r.push(`查看需 ${code(f.permission.view)}`);
  if (f.permission?.edit) r.push(`修改需 ${code(f.permission.edit)}`);
  return r.join('；');
}

function renderModule(s: ResourceSchema, reg: Registry, childOf: Map<string, string>): string {
  const out: string[] = [];
  out.push(`## ${s.title}（${s.name}）`, '');
  if (s.description) out.push(s.description, '');
  const parent = childOf.get(s.name);
  out.push(`- 实体：${s.entity}`);
  out.push(`- 菜单：${s.menu ? `${s.menu.group} / ${s.title}，${code(s.menu.path)}` : parent ? `无（${parent} 的子表）` : '无'}`);
  out.push(`- 接口前缀：${code(apiBase(s))}；${apiActionsOf(s).map((a) => code(apiPath(s, a))).join('、')}`);
  if (s.list?.tree) out.push(`- 树形：父字段 ${code(s.list.tree.parent)}${s.list.tree.lazy ? '（懒加载）' : ''}；无查询条件时列表返回根节点（带 hasChild），${code(`${apiPath(s, 'childList')}?pid=`)} 返回子节点`);
  out.push(`- 权限：${permissionCodes(s).map((p) => `${code(p.code)} ${p.title}`).join('、')}`);
  out.push('');
  out.push('| 字段 | 标题 | 类型 | 字典 / 引用 | 规则 | 查询 |', '|---|---|---|---|---|---|');
  for (const f of s.fields) out.push(`| ${code(f.key)} | ${cell(f.title)} | ${f.kind} | ${cell(dictCell(f, reg))} | ${cell(rulesCell(f))} | ${f.search || ''} |`);
  out.push('');
  if (s.children?.length) {
    out.push('子表（随主表一次保存）：', '');
    for (const c of s.children) {
      const rows = c.min !== undefined || c.max !== undefined ? `，${c.min ?? 0}–${c.max ?? '∞'} 行` : '';
      out.push(`- ${code(c.key)} ${c.title} → ${code(c.resource)}，外键 ${code(c.foreignKey)}${rows}`);
    }
    out.push('');
  }
  if (s.states) {
    // a transition with its own `field` moves that field: its states are labelled by its dictionary
    const labelOf = (key: string) => {
      const f = s.fields.find((x) => x.key === key);
      const d = f?.dict ? reg.dicts.get(f.dict) : undefined;
      return (v: string) => d?.items.find((i) => i.value === v)?.text ?? v;
    };
    out.push(`状态流转（字段 ${code(s.states.field)}）：`, '');
    out.push('| 动作 | 标题 | 从 | 到 | 接口 | 权限 | 表单 | 效果 |', '|---|---|---|---|---|---|---|---|');
    for (const t of s.states.transitions) {
      const label = labelOf(t.field ?? s.states.field);
      out.push(`| ${code(t.action)} | ${t.title}${t.field ? `（${code(t.field)}）` : ''}${t.system ? '（系统执行）' : ''} | ${t.from.map(label).join('、')} | ${label(t.to)} | ${code(`PUT ${apiPath(s, t.action)}`)} | ${code(transitionPermission(s, t))} | ${(t.form ?? []).map((x) => `${x.title}${x.required ? '*' : ''}`).join('、')} | ${t.effect ? code(t.effect) : ''} |`);
    }
    out.push('');
  }
  if (s.actions?.length) {
    out.push('动作：', '');
    for (const a of s.actions) out.push(`- ${code(a.action)} ${a.title}（${a.kind}，${a.placement === 'row' ? '行' : '工具栏'}）${a.api ? ` ${code(`${a.api.method} ${a.api.path}`)}` : ''}${a.permission === false ? '，不校验权限' : ''}`);
    out.push('');
  }
  return out.join('\n');
}

export function renderDocs(reg: Registry): string {
  const all = [...reg.resources.values()];
  const childOf = new Map<string, string>();
  for (const s of all) for (const c of s.children ?? []) childOf.set(c.resource, s.name);
  const groups = new Map<string, ResourceSchema[]>();
  for (const s of all) {
    const g = s.menu?.group ?? '子表与无菜单模块';
    groups.set(g, [...(groups.get(g) ?? []), s]);
  }
  const order = [...groups.keys()].sort((a, b) => {
    const min = (g: string) => Math.min(...groups.get(g)!.map((s) => (s.menu ? s.menu.order ?? 0 : Infinity)));
    return min(a) - min(b) || a.localeCompare(b, 'zh');
  });
  const out = [
    '# 模块目录',
    '',
    '> 由 `generators/docs.ts` 根据 `schemas/modules` 生成，请勿手工修改；修改模块后运行 `npm run gen:docs`。',
    '',
    `共 ${all.length} 个模块。`,
    '',
  ];
  for (const g of order) {
    const mods = groups.get(g)!.sort((a, b) => (a.menu?.order ?? 0) - (b.menu?.order ?? 0) || a.name.localeCompare(b.name));
    out.push(`# ${g}`, '');
    for (const s of mods) out.push(renderModule(s, reg, childOf));
  }
  return out.join('\n').replace(/\n{3,}/g, '\n\n').trimEnd() + '\n';
}

export function main(argv: string[]): number {
  return runGenerator({ file: DOCS_FILE, script: 'gen:docs', render: renderDocs }, argv);
}

if (process.argv[1] && /generators[\\/]docs\.ts$/.test(process.argv[1])) process.exitCode = main(process.argv.slice(2));
