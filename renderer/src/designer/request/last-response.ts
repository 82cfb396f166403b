/**
 * The last Try it result of each request, shared between the Try it work (which writes it) and the request
 * editor (which previews checks and extractions against it). A tiny external store, not React state: the two
 * sides live in different parts of the tree and the results must survive selecting another step.
 *
 * Keys are request step paths; a path ending in 'request' (the request object) means the same step.
 */
import { useSyncExternalStore } from 'react';
import type { TraceEntry } from '../../../../app/contract/index.ts';
import type { Path } from '../core/doc-path.ts';

const entries = new Map<string, TraceEntry>();
const listeners = new Set<() => void>();
let plan: string | undefined;

const keyOf = (path: Path): string => JSON.stringify(path[path.length - 1] === 'request' ? path.slice(0, -1) : path);
const notify = (): void => { for (const l of listeners) l(); };
const subscribe = (l: () => void): (() => void) => { listeners.add(l); return () => listeners.delete(l); };

/** Stores the result of trying the request at `path` (the step path, or the step path + 'request'). */
export function setLastTry(path: Path, entry: TraceEntry): void {
  entries.set(keyOf(path), entry);
  notify();
}

/** The last Try it result of the request at `path`, re-rendering when it changes. */
export function useLastTry(path: Path): TraceEntry | undefined {
  const key = keyOf(path);
  return useSyncExternalStore(subscribe, () => entries.get(key));
}

/** Reads without subscribing (tests, event handlers). */
export function getLastTry(path: Path): TraceEntry | undefined {
  return entries.get(keyOf(path));
}

/** Forgets every result (another plan was opened: the same paths mean other requests there). */
export function clearLastTries(): void {
  if (entries.size === 0) return;
  entries.clear();
  notify();
}

/**
 * Tells the store which plan is open; results of another plan are dropped. Called by the editors (cheap, idempotent).
 */
export function useLastTryPlan(planId: string): void {
  if (plan !== planId) {
    // A render-time reset is safe here: it is idempotent and only changes the store before anyone reads it.
    if (plan !== undefined) entries.clear();
    plan = planId;
  }
}
