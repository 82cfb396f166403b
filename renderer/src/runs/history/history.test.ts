import { describe, expect, it } from 'vitest';
import type { RunRow } from '../../../../app/contract/runs.ts';
import { effectiveSelection, filterChoices, filterRuns, NO_LABEL, toggle, toggleAll } from './selection.ts';

const row = (id: string, planName: string, label: string | null, startedAt: string): RunRow => ({
  id,
  planId: 'p',
  planName,
  environment: null,
  label,
  status: 'passed',
  startedAt,
  endedAt: null,
  durationMs: 1,
  overrides: {},
  key: null,
  error: null,
});
// Newest first, as runs.list returns them.
const runs = [
  row('c', 'Demo', 'h2', '2025-01-01T10:02:00Z'),
  row('b', 'Other', null, '2025-01-01T10:01:00Z'),
  row('a', 'Demo', 'h1', '2025-01-01T10:00:00Z'),
];

describe('history filters', () => {
  it('filter by plan, by label, by "no label", or both', () => {
    expect(filterRuns(runs, { plan: '', label: '' }).map((r) => r.id)).toEqual(['c', 'b', 'a']);
    expect(filterRuns(runs, { plan: 'Demo', label: '' }).map((r) => r.id)).toEqual(['c', 'a']);
    expect(filterRuns(runs, { plan: '', label: 'h1' }).map((r) => r.id)).toEqual(['a']);
    expect(filterRuns(runs, { plan: '', label: NO_LABEL }).map((r) => r.id)).toEqual(['b']);
    expect(filterRuns(runs, { plan: 'Other', label: 'h2' })).toEqual([]);
  });

  it('offer the plans and labels present', () => {
    expect(filterChoices(runs)).toEqual({ plans: ['Demo', 'Other'], labels: ['h1', 'h2'], unlabelled: true });
  });
});

describe('history selection', () => {
  it('keeps the order runs were picked in', () => {
    let s = toggle([], 'c', true);
    s = toggle(s, 'a', true);
    s = toggle(s, 'a', true);
    expect(s).toEqual(['c', 'a']);
    expect(toggle(s, 'c', false)).toEqual(['a']);
  });

  it('selects all shown runs oldest first, after those already picked, and clears only the shown ones', () => {
    expect(toggleAll(['b'], runs, true)).toEqual(['b', 'a', 'c']);
    expect(toggleAll(['b', 'a', 'x'], filterRuns(runs, { plan: 'Demo', label: '' }), false)).toEqual(['b', 'x']);
  });

  it('acts only on selected runs that are still listed and shown', () => {
    expect(effectiveSelection(['gone', 'a', 'c'], runs).map((r) => r.id)).toEqual(['a', 'c']);
    expect(effectiveSelection(['a', 'b'], filterRuns(runs, { plan: 'Other', label: '' })).map((r) => r.id)).toEqual([
      'b',
    ]);
  });
});
