/**
 * Named custom components a schema may refer to (action `kind: "custom"`,
 * `component: "<name>"`). Every entry is a lazy loader, so the list chunk only
 * carries the names. `WIDGET_NAMES` / `PAGE_NAMES` are the lists the schema
 * linter checks against (schemas/registry.json "widgets" / "pages" must stay a
 * superset of what schemas use; tests/client/engine*.test.tsx keeps these in
 * step with the file).
 *
 * A widget gets `CustomWidgetProps`: the schema, the row (row actions) or the
 * selected rows (toolbar actions), and `onClose` / `onDone` (done reloads the list).
 */
import type { ComponentType } from 'react';
import type { ResourceSchema } from '../../core/schema/types';
import type { Row } from './api';

export interface CustomWidgetProps {
  schema: ResourceSchema;
  row?: Row;
  rows?: Row[];
  onClose: () => void;
  onDone: () => void;
}

type Loader = () => Promise<{ default: ComponentType<CustomWidgetProps> }>;

/** Widgets shown in a modal by custom actions. */
export const WIDGETS: Record<string, Loader> = {
  /** The row's audit trail (create / update / state), a placeholder until an audit log API exists. */
  AuditTimeline: () => import('./widgets/AuditTimeline'),
  /** A questionnaire's answer sheets counted per question (`answerSummary`), in a drawer. */
  AnswerSummary: () => import('./widgets/AnswerSummary'),
  /** The row as formatted JSON (read-only). */
  JsonView: () => import('./widgets/RowJson'),
  /** A role's menu and button grants and per-menu data rules (授权), in a drawer. */
  RoleAuthorize: () => import('./widgets/RoleAuthorize'),
  /** A role's users (用户): search, add from the tenant's users, remove one or a batch, in a drawer. */
  RoleUsers: () => import('./widgets/RoleUsers'),
  /** A department's permissions (部门权限): what its department roles may be given, in a drawer. */
  DepartAuthorize: () => import('./widgets/DepartAuthorize'),
  /** A department role's grants (授权) within its department's permissions, in a drawer. */
  DepartRoleAuthorize: () => import('./widgets/DepartRoleAuthorize'),
  /** A department role's users (用户): the department's users, switched on or off. */
  DepartRoleUsers: () => import('./widgets/DepartRoleUsers'),
  /** Home-page decoration: open the editor, the preview QR code, the template select. */
  DecorationDesign: () => import('../pages/decoration/widgets/DecorationDesign'),
  DecorationPreview: () => import('../pages/decoration/widgets/DecorationPreview'),
  DecorationTemplates: () => import('../pages/decoration/widgets/DecorationTemplates'),
};

/** Widgets shown in a side drawer instead of a modal (tall trees, long forms). */
export const DRAWER_WIDGETS: ReadonlySet<string> = new Set(['RoleAuthorize', 'RoleUsers', 'AnswerSummary', 'DepartAuthorize', 'DepartRoleAuthorize', 'DepartRoleUsers']);

/** Whole pages a custom action may open in a drawer. */
export const PAGES: Record<string, Loader> = {};

export const WIDGET_NAMES: readonly string[] = Object.keys(WIDGETS);
export const PAGE_NAMES: readonly string[] = Object.keys(PAGES);

export function findCustom(name: string | undefined): { kind: 'widget' | 'page'; load: Loader } | undefined {
  if (!name) return undefined;
  if (WIDGETS[name]) return { kind: 'widget', load: WIDGETS[name] };
  if (PAGES[name]) return { kind: 'page', load: PAGES[name] };
  return undefined;
}
