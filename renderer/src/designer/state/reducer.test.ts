import { describe, expect, it } from 'vitest';
import { initState, reducer } from './reducer.ts';

const doc = { scenarios: { a: { steps: [{ think: '1s' }, { think: '2s' }] } } };

describe('designer reducer', () => {
  it('edits, undoes and keeps a valid selection', () => {
    let s = initState(doc);
    s = reducer(s, { type: 'select', selection: { kind: 'step', path: ['scenarios', 'a', 'steps', 1] } });
    s = reducer(s, { type: 'edit', edit: { kind: 'delete', path: ['scenarios', 'a', 'steps', 1] }, now: 0 });
    expect(s.selection).toEqual({ kind: 'scenario', name: 'a' });
    s = reducer(s, { type: 'undo' });
    expect((s.history.present as typeof doc).scenarios.a.steps).toHaveLength(2);
    // A code-view replacement that removes the selected scenario falls back to the settings.
    s = reducer(s, { type: 'select', selection: { kind: 'step', path: ['scenarios', 'a', 'steps', 0] } });
    s = reducer(s, { type: 'edit', edit: { kind: 'replace', doc: { scenarios: { b: { steps: [] } } } }, now: 5000 });
    expect(s.selection).toEqual({ kind: 'settings', section: 'general' });
    s = reducer(s, { type: 'undo' });
    expect(s.history.present).toEqual(doc);
  });

  it('ignores edits that change nothing', () => {
    const s = initState(doc);
    expect(reducer(s, { type: 'edit', edit: { kind: 'move', path: ['nope'], from: 0, to: 1 }, now: 0 })).toBe(s);
  });
});
