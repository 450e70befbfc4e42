/**
 * Transitions and declared actions of a list (schema `states`, `actions`, `list.batch`).
 *
 * - Row transitions: only those in the row's `_transitions` (allowed by the
 *   state AND permitted for the user, computed by the server); without the key
 *   the client falls back to the one access rule (useAccess) with the row's state. `PUT <base>/<action>` with
 *   `{id, ...form}`; a transition with `form` opens a modal form (驳回原因),
 *   otherwise a confirmation (`confirm` or `确定<title>吗?`).
 * - Batch transitions (`list.batch` naming a transition): one PUT per selected
 *   row whose `_transitions` allows it; the others are counted as skipped.
 * - Actions: call (confirm + call), form (modal form + call), open (another
 *   module's page with this row's filter in its URL), custom (a registered
 *   widget in a modal, see registry.ts). Toolbar actions get the selected ids.
 * - Permission: `permission` (default `<prefix>:<action>`), `false` = unguarded.
 */
import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import { Drawer, Modal, Spin } from 'antd';
import { LazyResult } from './LazyResult';
import type { HookAPI } from 'antd/es/modal/useModal';
import type { FieldSchema, ResourceAction, ResourceSchema, Transition } from '../../core/schema/types';
import { evaluateCondition } from '../../core/validators/condition';
import { feedback } from '../api';
import { callAction, runTransition, type Row } from './api';
import type { Allowed } from '../state/permissions';
import { loadResourceSchema } from './schemas';
import { filterSearch } from './urlState';
import { isRegulatorCall, regulatorReady } from './regulator';
import { DRAWER_WIDGETS, findCustom, type CustomWidgetProps } from './registry';

const ActionFormModal = lazy(() => import('./ActionFormModal'));

export const ACTION_TEXTS = {
  selectOne: '请选择一条记录！',
  noTarget: '目标页面未配置菜单路径',
  unknownWidget: '未注册的组件',
  done: (title: string) => `${title}成功！`,
  confirm: (title: string) => `确定${title}吗?`,
  batchSkipped: (n: number) => `${n} 条记录当前状态不允许此操作，已跳过`,
} as const;

/** A transition on one row: the server's `_transitions` when it sent them, else the one access rule with the row's state. */
export function transitionAllowed(schema: ResourceSchema, t: Transition, row: Row, allowed: Allowed): boolean {
  const fromServer = row._transitions;
  if (Array.isArray(fromServer)) return fromServer.map(String).includes(t.action);
  return allowed(schema, { action: t.action, record: row });
}

export function rowTransitions(schema: ResourceSchema, row: Row, allowed: Allowed): Transition[] {
  return (schema.states?.transitions ?? []).filter((t) => transitionAllowed(schema, t, row, allowed));
}

/** Transitions named in `list.batch` that the user may run at all. */
export function batchTransitions(schema: ResourceSchema, allowed: Allowed): Transition[] {
  const names = schema.list?.batch ?? [];
  return (schema.states?.transitions ?? []).filter((t) => names.includes(t.action) && allowed(schema, { action: t.action }));
}

export function rowActions(schema: ResourceSchema, row: Row, allowed: Allowed): ResourceAction[] {
  return (schema.actions ?? []).filter((a) => a.placement === 'row' && allowed(schema, { action: a.action })
    && (!a.visibleWhen || evaluateCondition(a.visibleWhen, row)));
}

export function toolbarActions(schema: ResourceSchema, allowed: Allowed): ResourceAction[] {
  return (schema.actions ?? []).filter((a) => a.placement === 'toolbar' && allowed(schema, { action: a.action }));
}

type Pending =
  | { type: 'form'; title: string; fields: FieldSchema[]; submit: (values: Record<string, unknown>) => Promise<boolean> }
  | { type: 'custom'; title: string; name: string; row?: Row; rows?: Row[] };

export interface ActionHost {
  runTransition(t: Transition, row: Row): void;
  runBatchTransition(t: Transition, rows: Row[]): void;
  runAction(a: ResourceAction, target: { row?: Row; rows?: Row[] }): void;
  host: ReactNode;
}

type Navigate = (to: string) => void;

export function useActionHost(schema: ResourceSchema, modal: HookAPI, reload: () => void, navigate: Navigate): ActionHost {
  const [pending, setPending] = useState<Pending | null>(null);

  const settle = useCallback(async (title: string, call: () => Promise<{ success: boolean; message: string }>): Promise<boolean> => {
    try {
      const res = await call();
      if (res.success) {
        void feedback.message.success(res.message || ACTION_TEXTS.done(title));
        reload();
        return true;
      }
      void feedback.message.warning(res.message);
    } catch {
      // HTTP failures were shown by the request layer
    }
    return false;
  }, [reload]);

  const confirmThen = useCallback((title: string, text: string, run: () => Promise<boolean>) => {
    modal.confirm({ title, content: text, okText: '确定', cancelText: '取消', onOk: async () => { await run(); } });
  }, [modal]);

  const runTransitionFn = useCallback((t: Transition, row: Row) => {
    const id = String(row.id);
    // the version the list showed: a row changed meanwhile gets 409 instead of a blind transition
    const ver = row.version !== undefined && row.version !== null ? { version: row.version } : {};
    if (t.form?.length) {
      setPending({ type: 'form', title: t.title, fields: t.form, submit: (values) => settle(t.title, () => runTransition(schema, t.action, { ...values, id, ...ver })) });
      return;
    }
    const ask = () => confirmThen(t.title, t.confirm ?? ACTION_TEXTS.confirm(t.title), () => settle(t.title, () => runTransition(schema, t.action, { id, ...ver })));
    // a regulator call needs the regulator configuration first
    if (isRegulatorCall(t)) void regulatorReady().then((ready) => { if (ready) ask(); });
    else ask();
  }, [schema, settle, confirmThen]);

  const runBatchTransition = useCallback((t: Transition, rows: Row[]) => {
    if (!rows.length) {
      void feedback.message.warning(ACTION_TEXTS.selectOne);
      return;
    }
    const ok = rows.filter((r) => !Array.isArray(r._transitions) || r._transitions.map(String).includes(t.action));
    const skipped = rows.length - ok.length;
    const runAll = async (values: Record<string, unknown>) => {
      let done = 0;
      let lastMessage = '';
      for (const r of ok) {
        try {
          const res = await runTransition(schema, t.action, { ...values, id: String(r.id) });
          if (res.success) done += 1;
          else lastMessage = res.message;
        } catch {
          // shown by the request layer
        }
      }
      if (done) void feedback.message.success(`${ACTION_TEXTS.done(t.title)}（${done} 条）`);
      if (lastMessage) void feedback.message.warning(lastMessage);
      if (skipped) void feedback.message.info(ACTION_TEXTS.batchSkipped(skipped));
      reload();
      return done > 0 || !ok.length;
    };
    if (t.form?.length) {
      setPending({ type: 'form', title: `批量${t.title}`, fields: t.form, submit: runAll });
      return;
    }
    confirmThen(`批量${t.title}`, t.confirm ?? ACTION_TEXTS.confirm(t.title), () => runAll({}));
  }, [schema, reload, confirmThen]);

  const runAction = useCallback((a: ResourceAction, target: { row?: Row; rows?: Row[] }) => {
    const payload: Record<string, unknown> = target.row
      ? { id: String(target.row.id) }
      : target.rows?.length ? { ids: target.rows.map((r) => String(r.id)).join(',') } : {};
    switch (a.kind) {
      case 'call': {
        if (!a.api) return;
        const api = a.api;
        const run = () => settle(a.title, () => callAction(api, payload));
        if (a.confirm || api.method !== 'GET') confirmThen(a.title, a.confirm ?? ACTION_TEXTS.confirm(a.title), run);
        else void run();
        return;
      }
      case 'form': {
        if (!a.api) return;
        const api = a.api;
        setPending({ type: 'form', title: a.title, fields: a.form ?? [], submit: (values) => settle(a.title, () => callAction(api, { ...values, ...payload })) });
        return;
      }
      case 'open': {
        if (!a.open) return;
        const spec = a.open;
        const filter: Record<string, unknown> = {};
        for (const [k, f] of Object.entries(spec.filter)) filter[k] = target.row?.[f.field];
        void loadResourceSchema(spec.resource).then((s) => {
          const path = s?.menu?.path;
          if (!path) void feedback.message.warning(ACTION_TEXTS.noTarget);
          else navigate(`${path}${filterSearch(filter)}`);
        }, () => undefined);
        return;
      }
      case 'custom':
        setPending({ type: 'custom', title: a.title, name: a.component ?? '', row: target.row, rows: target.rows });
        return;
    }
  }, [settle, confirmThen, navigate]);

  const close = useCallback(() => setPending(null), []);
  let host: ReactNode = null;
  if (pending?.type === 'form') {
    host = (
      <Suspense fallback={null}>
        <ActionFormModal title={pending.title} schema={schema} fields={pending.fields} onSubmit={pending.submit} onClose={close} />
      </Suspense>
    );
  } else if (pending?.type === 'custom') {
    const body = <CustomHost name={pending.name} props={{ schema, row: pending.row, rows: pending.rows, onClose: close, onDone: () => { close(); reload(); } }} />;
    host = DRAWER_WIDGETS.has(pending.name) ? (
      <Drawer open title={pending.title} width={650} onClose={close} destroyOnHidden>{body}</Drawer>
    ) : (
      <Modal open title={pending.title} footer={null} width={720} onCancel={close} destroyOnHidden>{body}</Modal>
    );
  }
  return { runTransition: runTransitionFn, runBatchTransition, runAction, host };
}

const lazyCache = new Map<string, ReturnType<typeof lazy<React.ComponentType<CustomWidgetProps>>>>();

function CustomHost({ name, props }: { name: string; props: CustomWidgetProps }) {
  const found = findCustom(name);
  if (!found) return <LazyResult status="warning" title={ACTION_TEXTS.unknownWidget} subTitle={name} />;
  let C = lazyCache.get(name);
  if (!C) {
    C = lazy(found.load);
    lazyCache.set(name, C);
  }
  return (
    <Suspense fallback={<div style={{ padding: 24, textAlign: 'center' }}><Spin /></div>}>
      <C {...props} />
    </Suspense>
  );
}
