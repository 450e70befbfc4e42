/**
 * The editor's state and its history (pure): every change of the page is a new page value; undo
 * and redo walk the pages before and after. Consecutive edits of one block's properties (typing)
 * are one step. `dirty` says the page differs from what the server last stored.
 */
import { defaultProps, isComponentType } from '../../../core/decoration/components';
import type { DecorationNode, DecorationPage, PageSettings } from '../../../core/decoration/types';

export const HISTORY_LIMIT = 100;

export interface EditorState {
  page: DecorationPage;
  selected: string | null;
  past: DecorationPage[];
  future: DecorationPage[];
  dirty: boolean;
  /** Block whose properties the last step edited (merges typing into one step). */
  editing: string | null;
}

export type EditorAction =
  | { type: 'load'; page: DecorationPage }
  | { type: 'insert'; component: string; index: number; id?: string }
  | { type: 'move'; from: number; to: number }
  | { type: 'update'; id: string; props: Record<string, unknown> }
  | { type: 'remove'; id: string }
  | { type: 'duplicate'; id: string; newId?: string }
  | { type: 'toggleHidden'; id: string }
  | { type: 'settings'; patch: Partial<PageSettings> }
  | { type: 'select'; id: string | null }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'saved'; page: DecorationPage };

let seq = 0;
export function newNodeId(type: string): string {
  seq += 1;
  return `${type}-${Date.now().toString(36)}${seq.toString(36)}`;
}

export function initialState(page: DecorationPage): EditorState {
  return { page, selected: null, past: [], future: [], dirty: false, editing: null };
}

function commit(s: EditorState, page: DecorationPage, extra: Partial<EditorState> = {}, editing: string | null = null): EditorState {
  const merge = editing !== null && editing === s.editing;
  return {
    ...s,
    ...extra,
    page,
    past: merge ? s.past : [...s.past, s.page].slice(-HISTORY_LIMIT),
    future: [],
    dirty: true,
    editing,
  };
}

const withComponents = (p: DecorationPage, components: DecorationNode[]): DecorationPage => ({ ...p, components });

export function editorReducer(s: EditorState, a: EditorAction): EditorState {
  const list = s.page.components;
  switch (a.type) {
    case 'load':
      return initialState(a.page);
    case 'saved':
      // the stored page is this one: not dirty unless edited since
      return s.page === a.page ? { ...s, dirty: false } : s;
    case 'select':
      return { ...s, selected: a.id, editing: null };
    case 'insert': {
      if (!isComponentType(a.component)) return s;
      const node: DecorationNode = { id: a.id ?? newNodeId(a.component), type: a.component, props: defaultProps(a.component) };
      const at = Math.max(0, Math.min(a.index, list.length));
      return commit(s, withComponents(s.page, [...list.slice(0, at), node, ...list.slice(at)]), { selected: node.id });
    }
    case 'move': {
      if (a.from === a.to || a.from < 0 || a.to < 0 || a.from >= list.length || a.to >= list.length) return s;
      const next = [...list];
      const [x] = next.splice(a.from, 1);
      next.splice(a.to, 0, x!);
      return commit(s, withComponents(s.page, next));
    }
    case 'update':
      if (!list.some((n) => n.id === a.id)) return s;
      return commit(s, withComponents(s.page, list.map((n) => (n.id === a.id ? { ...n, props: a.props } : n))), {}, a.id);
    case 'remove':
      return commit(s, withComponents(s.page, list.filter((n) => n.id !== a.id)), { selected: s.selected === a.id ? null : s.selected });
    case 'duplicate': {
      const i = list.findIndex((n) => n.id === a.id);
      if (i < 0) return s;
      const copy: DecorationNode = { ...list[i]!, id: a.newId ?? newNodeId(list[i]!.type), props: JSON.parse(JSON.stringify(list[i]!.props)) };
      return commit(s, withComponents(s.page, [...list.slice(0, i + 1), copy, ...list.slice(i + 1)]), { selected: copy.id });
    }
    case 'toggleHidden':
      return commit(s, withComponents(s.page, list.map((n) => (n.id === a.id ? { ...n, hidden: !n.hidden } : n))));
    case 'settings':
      return commit(s, { ...s.page, settings: { ...s.page.settings, ...a.patch } }, {}, '$settings');
    case 'undo': {
      const prev = s.past[s.past.length - 1];
      if (!prev) return s;
      return { ...s, page: prev, past: s.past.slice(0, -1), future: [s.page, ...s.future], dirty: true, editing: null };
    }
    case 'redo': {
      const next = s.future[0];
      if (!next) return s;
      return { ...s, page: next, past: [...s.past, s.page], future: s.future.slice(1), dirty: true, editing: null };
    }
  }
}
