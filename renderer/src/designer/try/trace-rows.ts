/**
 * The Validate trace as the inspector lists it: each request in the order it ran, with flow control's decisions
 * (which branch ran, a loop's passes, the weighted branch drawn, once run or skipped) placed where they belong.
 * The engine reports decisions in the order they were taken, and a loop's count when it ends: here each decision
 * heads the requests it led to (the first request inside its step, in the same passes of the loops around it);
 * one that led to none (a false if without else, a loop with no pass) goes in document order among its neighbours.
 */
import type { FlowTraceEntry, TraceEntry } from '../../../../app/contract/index.ts';
import { startsWith, type Path } from '../core/doc-path.ts';

export type TraceRow =
  | { kind: 'request'; index: number; entry: TraceEntry; depth: number }
  | { kind: 'flow'; flow: FlowTraceEntry; depth: number };

const FLOW_KEYS = new Set(['if', 'repeat', 'while', 'doWhile', 'forEach', 'randomSwitch', 'roundRobinSwitch', 'once']);
/** How many flow steps hold the step at `path` (its indent in the list). */
const depthOf = (path: Path): number =>
  path.slice(0, -1).filter((s) => typeof s === 'string' && FLOW_KEYS.has(s)).length;

/** The decision was taken in the same passes of the loops around it as the request ran in. */
const samePasses = (f: FlowTraceEntry, e: TraceEntry): boolean => f.passes.every((p, i) => e.passes?.[i] === p);

/** The request ran in a later pass of a loop around the decision (so after it). */
function laterPass(f: FlowTraceEntry, e: TraceEntry): boolean {
  const i = f.passes.findIndex((p, k) => e.passes?.[k] !== p);
  return i >= 0 && (e.passes?.[i] ?? -1) > (f.passes[i] as number);
}

/** Document order of two step paths (numbers by value; then before else, as written). */
function comparePaths(a: Path, b: Path): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const x = a[i];
    const y = b[i];
    if (x === y) continue;
    if (typeof x === 'number' && typeof y === 'number') return x - y;
    return x === 'then' ? -1 : y === 'then' ? 1 : String(x) < String(y) ? -1 : 1;
  }
  return a.length - b.length;
}

/** Where a decision goes: before the entry at the returned index (entries.length: at the very end). */
function anchorOf(f: FlowTraceEntry, entries: readonly TraceEntry[]): number {
  const inside = entries.findIndex((e) => e.scenario === f.scenario && startsWith(e.path, f.path) && samePasses(f, e));
  if (inside >= 0) return inside;
  const after = entries.findIndex(
    (e) => e.scenario === f.scenario && ((samePasses(f, e) && comparePaths(e.path, f.path) > 0) || laterPass(f, e)),
  );
  if (after >= 0) return after;
  // Nothing of its scenario after it: after the scenario's last request (or at the end).
  const last = entries.findLastIndex((e) => e.scenario === f.scenario);
  return last >= 0 ? last + 1 : entries.length;
}

export function traceRows(entries: readonly TraceEntry[], flow: readonly FlowTraceEntry[] = []): TraceRow[] {
  const before = new Map<number, FlowTraceEntry[]>();
  for (const f of flow) {
    const at = anchorOf(f, entries);
    before.set(at, [...(before.get(at) ?? []), f]);
  }
  const rows: TraceRow[] = [];
  const heads = (at: number): void => {
    // Outer steps first (a loop before the if inside it); as taken otherwise.
    const list = [...(before.get(at) ?? [])].sort((a, b) => a.path.length - b.path.length);
    for (const f of list) rows.push({ kind: 'flow', flow: f, depth: depthOf(f.path) });
  };
  entries.forEach((entry, index) => {
    heads(index);
    rows.push({ kind: 'request', index, entry, depth: depthOf(entry.path) });
  });
  heads(entries.length);
  return rows;
}

/** "pass 2", "pass 3.1" (nested): the loops' passes counted from 1, as the loop's "3 passes" counts them. */
export function passText(passes: readonly number[] | undefined): string | null {
  return passes && passes.length > 0 ? `pass ${passes.map((p) => p + 1).join('.')}` : null;
}

const KIND_WORDS: Readonly<Record<string, string>> = {
  if: 'If',
  repeat: 'Repeat',
  while: 'While',
  doWhile: 'Do while',
  forEach: 'For each',
  randomSwitch: 'Weighted choice',
  roundRobinSwitch: 'Round robin',
  once: 'Once per VU',
};

/** "While: 3 passes", "Weighted choice: branch 2 'buy' drawn (weight 30 of 100)". */
export function flowTitle(f: FlowTraceEntry): string {
  return `${KIND_WORDS[f.kind] ?? f.kind}: ${f.text}`;
}
