/**
 * Server effects: named behaviour a schema refers to (`states.transitions[].effect`,
 * `actions[].effect`, `effects.afterWrite[]`) and schemas/registry.json lists for the linter.
 * An effect runs inside the transaction of its transition/action/write: throwing rolls
 * everything back. System effects live beside their system (e.g. src/server/auth/effects.ts).
 *
 *   effects.register('auditStamp', async (e) => { e.set({ auditBy: e.caller.user.username }) });
 */
import type { Kysely } from 'kysely';
import type { ResourceAction, Transition } from '../../core/schema/types.js';
import type { AppContext } from '../context.js';
import { nowText } from '../db/ids.js';
import type { ResourceModel } from './model.js';
import type { Caller } from './write.js';

export interface EffectContext {
  ctx: AppContext;
  /** The open transaction. */
  db: Kysely<any>;
  model: ResourceModel;
  caller: Caller;
  /** Row id the transition/action applies to ('' for toolbar actions). */
  id: string;
  /** The row before the change (API record), null for toolbar actions. */
  before: Record<string, unknown> | null;
  /** Validated values of the transition/action form (all of them, stored or not). */
  values: Record<string, unknown>;
  transition?: Transition;
  action?: ResourceAction;
  /**
   * `effects.afterWrite`: the generic write that ran (`id` is its first id, `before` null,
   * `values` the validated payload of add/edit, `set` ignored).
   */
  write?: { op: 'add' | 'edit' | 'delete'; ids: string[] };
  /** Work to do once the transaction has committed (dropping caches, pushing to sockets): writes and transitions. */
  afterCommit?(fn: () => void | Promise<void>): void;
  /** Transitions: extra field values (by key) written with the state change. */
  set(values: Record<string, unknown>): void;
}

/** What the effect returns becomes the `result` of the call (transitions: ignored). */
export type Effect = (e: EffectContext) => Promise<unknown> | unknown;

/** The effects of one app instance, filled in app.ts (buildApp) — never by importing a file. */
export class Effects {
  private byName = new Map<string, Effect>();

  register(name: string, fn: Effect): this {
    if (this.byName.has(name)) throw new Error(`服务端效果重复注册：${name}`);
    this.byName.set(name, fn);
    return this;
  }

  get(name: string): Effect | undefined {
    return this.byName.get(name);
  }

  names(): string[] {
    return [...this.byName.keys()].sort();
  }
}

/** Generic effects any module may name. */
export function registerGenericEffects(effects: Effects): void {
  /** Records who decided and when, in `auditBy` / `auditTime` when the resource has them. */
  effects.register('auditStamp', (e) => {
    const out: Record<string, unknown> = {};
    if (e.model.byKey.has('auditBy')) out.auditBy = e.caller.user.realname || e.caller.user.username;
    if (e.model.byKey.has('auditTime')) out.auditTime = nowText();
    e.set(out);
  });
}
