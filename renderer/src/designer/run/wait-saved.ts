/**
 * Waiting for the designer's autosave: a run starts from the stored plan, so edits not yet saved must be saved
 * first. Pure over the save state: what a waiter should do now (resolve, fail, or keep waiting).
 */
import type { SaveState } from '../state/useAutosave.ts';

export type SaveOutcome = { done: true } | { done: false } | { done: true; error: string };

export function saveOutcome(save: SaveState): SaveOutcome {
  switch (save.status) {
    case 'saved':
      return { done: true };
    case 'unsaved':
    case 'saving':
      return { done: false };
    case 'error':
      return { done: true, error: `the plan could not be saved (${save.message}); fix that first` };
    case 'conflict':
      return {
        done: true,
        error: 'the plan was saved elsewhere meanwhile: reload it (Save state, Reload) before running',
      };
  }
}
