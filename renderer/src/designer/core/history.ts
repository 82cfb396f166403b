/** Undo/redo over whole documents (structural sharing keeps it cheap), with typing coalesced into one step. */
import { applyEdit, coalesces, type Edit } from './edits.ts';
import type { Doc } from './doc-path.ts';

export interface History {
  past: Doc[];
  present: Doc;
  future: Doc[];
  /** The last edit and when it happened, to coalesce typing. */
  last: { edit: Edit; at: number } | undefined;
}

export const HISTORY_LIMIT = 200;
const COALESCE_MS = 1000;

export function initHistory(doc: Doc): History {
  return { past: [], present: doc, future: [], last: undefined };
}

export function record(h: History, edit: Edit, now: number): History {
  const next = applyEdit(h.present, edit);
  if (next === h.present) return h;
  const merge = h.last !== undefined && now - h.last.at < COALESCE_MS && coalesces(h.last.edit, edit);
  const past = merge ? h.past : [...h.past, h.present].slice(-HISTORY_LIMIT);
  return { past, present: next, future: [], last: { edit, at: now } };
}

export function undo(h: History): History {
  const prev = h.past[h.past.length - 1];
  if (h.past.length === 0) return h;
  return { past: h.past.slice(0, -1), present: prev, future: [h.present, ...h.future], last: undefined };
}

export function redo(h: History): History {
  if (h.future.length === 0) return h;
  const [next, ...future] = h.future;
  return { past: [...h.past, h.present], present: next, future, last: undefined };
}
