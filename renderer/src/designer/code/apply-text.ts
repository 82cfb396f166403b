/**
 * Replaces an editor's text with a minimal edit (see sync.ts minimalEdit) instead of setValue, so the cursor,
 * selection, folding and scroll position survive a change that came from elsewhere (form, undo).
 */
import type { Monaco } from './monaco.ts';
import { minimalEdit } from './sync.ts';
import type { Editor } from './useMonacoEditor.ts';

/**
 * Makes the model's text `next`. `applying.current` is true while the edit runs, so content listeners can
 * tell this edit from typing. Works on read-only editors too (it edits the model, not through the editor).
 */
export function applyText(monaco: Monaco, editor: Editor, next: string, applying: { current: boolean }): void {
  const model = editor.getModel();
  if (!model) return;
  const edit = minimalEdit(model.getValue(), next);
  if (!edit) return;
  const range = monaco.Range.fromPositions(model.getPositionAt(edit.start), model.getPositionAt(edit.end));
  applying.current = true;
  try {
    editor.pushUndoStop();
    model.pushEditOperations(editor.getSelections(), [{ range, text: edit.text }], () => null);
    editor.pushUndoStop();
  } finally {
    applying.current = false;
  }
}
