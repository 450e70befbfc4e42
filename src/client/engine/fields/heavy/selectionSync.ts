/**
 * Keeps the editor's own selection in step with the caret the browser shows.
 *
 * ProseMirror learns where a click put the caret from the document's `selectionchange` event,
 * which the browser delivers later, as a task of its own. On a busy machine a key pressed, a
 * paste or a toolbar command right after the click can be handled first and act at the
 * editor's previous selection — for a freshly opened article the start of its first block (the
 * heading); and ProseMirror's focus check, 20 ms after focusing, even moves the caret back there
 * when that event is late. Reading the browser's selection at those moments — it is always
 * current — makes them act where the user put the caret.
 */
import { TextSelection } from '@tiptap/pm/state';
import type { EditorView } from '@tiptap/pm/view';

/** Adopts the browser's selection inside the editor when the editor's own text selection differs. */
export function syncSelectionFromDom(view: EditorView): void {
  if (view.isDestroyed || view.composing) return;
  const root = view.root as Document | (ShadowRoot & { getSelection?: () => Selection | null });
  const sel = root.getSelection ? root.getSelection() : document.getSelection();
  if (!sel || !sel.anchorNode || !sel.focusNode) return;
  if (!view.dom.contains(sel.anchorNode) || !view.dom.contains(sel.focusNode)) return;
  // node and table-cell selections are drawn by the editor itself, not by the browser's caret
  const current = view.state.selection;
  if (!(current instanceof TextSelection)) return;
  let anchor: number;
  let head: number;
  try {
    anchor = view.posAtDOM(sel.anchorNode, sel.anchorOffset);
    head = view.posAtDOM(sel.focusNode, sel.focusOffset);
  } catch {
    return; // a DOM point the document does not map (a widget): leave it to ProseMirror
  }
  if (current.anchor === anchor && current.head === head) return;
  const { doc } = view.state;
  const next = TextSelection.between(doc.resolve(anchor), doc.resolve(head));
  if (next.eq(current)) return;
  view.dispatch(view.state.tr.setSelection(next));
}

/** `handleDOMEvents` that sync before ProseMirror acts on a click, a key or a paste (return false: it still does). */
export const selectionSyncHandlers = {
  // after the click's focus, before ProseMirror's own 20 ms focus check (a shorter timer runs first)
  focus: (view: EditorView) => {
    setTimeout(() => syncSelectionFromDom(view), 0);
    return false;
  },
  mouseup: (view: EditorView) => {
    syncSelectionFromDom(view);
    return false;
  },
  keydown: (view: EditorView) => {
    syncSelectionFromDom(view);
    return false;
  },
  paste: (view: EditorView) => {
    syncSelectionFromDom(view);
    return false;
  },
};
