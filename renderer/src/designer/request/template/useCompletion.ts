/**
 * The completion popup of a template field as a small state machine: it opens when the caret is inside `${...}`
 * (or on Ctrl+Space), follows the caret, closes on Escape until the user types again, and accepts with Enter or
 * Tab. The text change itself goes through `onAccept`, so the caller keeps owning the value.
 */
import { useState, type KeyboardEvent } from 'react';
import {
  applyCompletion,
  completionContext,
  filterCompletions,
  type Completion,
  type CompletionContext,
  type ContextAt,
} from './completions.ts';

export interface CompletionState {
  open: boolean;
  items: Completion[];
  active: number;
  /** Recompute from the input's text and caret (after typing, clicking, moving the caret; `explicit`: Ctrl+Space). */
  update(text: string, caret: number, typed: boolean, explicit?: boolean): void;
  close(): void;
  /** Handles the popup's keys; returns true when the key was used. */
  onKeyDown(e: KeyboardEvent<HTMLInputElement>): boolean;
  accept(index: number): void;
}

const templateContext: ContextAt = (text, caret) => completionContext(text, caret);

/** `contextAt`: where names go in this field (inside `${...}` by default; expressionContext for a condition). */
export function useCompletion(
  all: readonly Completion[],
  onAccept: (text: string, caret: number) => void,
  contextAt: ContextAt = templateContext,
): CompletionState {
  const [at, setAt] = useState<{ text: string; ctx: CompletionContext } | undefined>();
  const [dismissed, setDismissed] = useState(false);
  const [active, setActive] = useState(0);
  const items = at ? filterCompletions(all, at.ctx.query) : [];
  const open = at !== undefined && !dismissed && items.length > 0;

  const update = (text: string, caret: number, typed: boolean, explicit = false): void => {
    const ctx = contextAt(text, caret, explicit);
    // Moving the caret into an expression does not open the list (clicking a URL should not pop it up);
    // typing or Ctrl+Space does, and an open list follows the caret.
    if (!ctx) setAt(undefined);
    else if (typed || at) setAt({ text, ctx });
    if (typed) setDismissed(false);
    if (ctx?.query !== at?.ctx.query) setActive(0);
  };
  const accept = (index: number): void => {
    const c = items[index];
    if (!at || !c) return;
    const next = applyCompletion(at.text, at.ctx, c);
    onAccept(next.text, next.caret);
    // A partial name (`data.users.`) keeps the list open for the rest of it.
    update(next.text, next.caret, true);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>): boolean => {
    if (e.key === ' ' && e.ctrlKey) {
      const t = e.currentTarget;
      update(t.value, t.selectionStart ?? t.value.length, true, true);
      return true;
    }
    if (!open) return false;
    switch (e.key) {
      case 'ArrowDown':
        setActive((a) => (a + 1) % items.length);
        return true;
      case 'ArrowUp':
        setActive((a) => (a - 1 + items.length) % items.length);
        return true;
      case 'Home':
        setActive(0);
        return true;
      case 'End':
        setActive(items.length - 1);
        return true;
      case 'Enter':
      case 'Tab':
        accept(Math.min(active, items.length - 1));
        return true;
      case 'Escape':
        setDismissed(true);
        return true;
      default:
        return false;
    }
  };
  return {
    open,
    items,
    active: Math.min(active, Math.max(0, items.length - 1)),
    update,
    close: () => setAt(undefined),
    onKeyDown,
    accept,
  };
}
