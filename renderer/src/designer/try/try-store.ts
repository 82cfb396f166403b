/**
 * What Try it and Validate produced for the open plan, shared by the header buttons (which run them) and the
 * results panel (which shows them): a tiny external store, since the two sit in different parts of the tree.
 * It also keeps the variables of the last run, which the next Try it sends so a request can use a value an
 * earlier one extracted. Everything is dropped when another plan is opened.
 */
import { useSyncExternalStore } from 'react';
import type { Result, TraceEntry } from '../../../../app/contract/index.ts';
import type { Variables } from './format.ts';

export type ValidateResult = Result<'designer.validate'>;

export type TryResult =
  | { kind: 'try'; entry: TraceEntry }
  | { kind: 'validate'; result: ValidateResult; selected: number }
  | { kind: 'error'; what: 'try' | 'validate'; error: unknown };

export interface TryState {
  planId: string | undefined;
  /** What is running now (the previous result stays on screen meanwhile). */
  busy: 'try' | 'validate' | null;
  result: TryResult | null;
  /** VU variables after the last Try it or Validate. */
  variables: Variables;
}

const EMPTY: TryState = { planId: undefined, busy: null, result: null, variables: {} };
let state: TryState = EMPTY;
const listeners = new Set<() => void>();
const subscribe = (l: () => void): (() => void) => { listeners.add(l); return () => listeners.delete(l); };

function update(patch: Partial<TryState>): void {
  state = { ...state, ...patch };
  for (const l of listeners) l();
}

/** The state for `planId` (empty when another plan's results are stored), re-rendering on change. */
export function useTryState(planId: string): TryState {
  const s = useSyncExternalStore(subscribe, () => state);
  return s.planId === planId ? s : { ...EMPTY, planId };
}

/** Reads without subscribing (event handlers). */
export function getTryState(planId: string): TryState {
  return state.planId === planId ? state : { ...EMPTY, planId };
}

/** Starts a call for `planId`; returns a function that applies its outcome unless a newer call started since. */
export function beginCall(planId: string, what: 'try' | 'validate'): (outcome: Partial<TryState>) => void {
  if (state.planId !== planId) state = { ...EMPTY, planId };
  const token = Symbol(what);
  current = token;
  update({ busy: what });
  return (outcome) => {
    if (current !== token || state.planId !== planId) return;
    current = undefined;
    update({ busy: null, ...outcome });
  };
}
let current: symbol | undefined;

/** Shows another entry of the Validate result. */
export function selectEntry(planId: string, index: number): void {
  const r = state.result;
  if (state.planId === planId && r?.kind === 'validate') update({ result: { ...r, selected: index } });
}

/** Hides the results (the panel collapses). */
export function closeResults(planId: string): void {
  if (state.planId === planId) update({ result: null });
}

export function clearVariables(planId: string): void {
  if (state.planId === planId) update({ variables: {} });
}
