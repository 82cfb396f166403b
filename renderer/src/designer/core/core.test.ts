import { describe, expect, it } from 'vitest';
import { deleteIn, getIn, insertIn, moveIn, renameKey, setIn } from './doc-path.ts';
import { scenarioAt } from './doc/index.ts';
import { initHistory, record, redo, undo } from './history.ts';
import { followEdit } from './selection.ts';
import { knownVariables, stepLabel } from './steps.ts';
import { issuesUnder, validate } from './validation.ts';

const doc = {
  scenarios: {
    a: {
      steps: [
        { request: { url: '/1' } },
        { think: '1s' },
        { group: { name: 'g', steps: [{ request: { url: '/2' } }] } },
      ],
    },
  },
};

describe('doc paths', () => {
  it('edits immutably, sharing untouched parts', () => {
    const next = setIn(doc, ['scenarios', 'a', 'steps', 0, 'request', 'url'], '/x') as typeof doc;
    expect(getIn(next, ['scenarios', 'a', 'steps', 0, 'request', 'url'])).toBe('/x');
    expect(getIn(doc, ['scenarios', 'a', 'steps', 0, 'request', 'url'])).toBe('/1');
    expect(next.scenarios.a.steps[1]).toBe(doc.scenarios.a.steps[1]);
    expect(setIn({}, ['x', 0, 'y'], 1)).toEqual({ x: [{ y: 1 }] });
  });

  it('puts a key the form adds where a person writes it, and keeps the order of keys already there', () => {
    const typed = { scenarios: { a: { steps: [{ request: { checks: [{ status: 200 }], url: '/x', extract: {} } }] } } };
    const req = (d: unknown): string[] => Object.keys(getIn(d, ['scenarios', 'a', 'steps', 0, 'request']) as object);
    const withMethod = setIn(typed, ['scenarios', 'a', 'steps', 0, 'request', 'method'], 'POST');
    expect(req(withMethod)).toEqual(['method', 'checks', 'url', 'extract']); // before checks; the typed order stays
    const withName = setIn(withMethod, ['scenarios', 'a', 'steps', 0, 'request', 'name'], 'n');
    expect(req(withName)[0]).toBe('name');
    const sc = setIn({ scenarios: { a: { steps: [] } } }, ['scenarios', 'a', 'executor'], 'constant-vus');
    expect(Object.keys(scenarioAt(sc, 'a') ?? {})).toEqual(['executor', 'steps']);
    expect(Object.keys(setIn({ scenarios: {}, thresholds: {} }, ['name'], 'p') as object)).toEqual([
      'name',
      'scenarios',
      'thresholds',
    ]);
    expect(Object.keys(setIn({ z: 1 }, ['a'], 2) as object)).toEqual(['z', 'a']); // elsewhere: at the end
  });

  it('deletes, inserts, moves and renames keys in place', () => {
    expect((deleteIn(doc, ['scenarios', 'a', 'steps', 1]) as typeof doc).scenarios.a.steps).toHaveLength(2);
    expect(deleteIn({ a: 1, b: 2, c: 3 }, ['b'])).toEqual({ a: 1, c: 3 });
    expect(insertIn({ l: [1, 3] }, ['l'], 1, 2)).toEqual({ l: [1, 2, 3] });
    expect(insertIn({}, ['l'], 5, 'x')).toEqual({ l: ['x'] });
    expect(moveIn({ l: ['a', 'b', 'c'] }, ['l'], 0, 2)).toEqual({ l: ['b', 'c', 'a'] });
    expect(Object.keys(renameKey({ x: 1, y: 2, z: 3 }, [], 'y', 'w') as object)).toEqual(['x', 'w', 'z']);
  });
});

describe('history', () => {
  it('undoes and redoes, coalescing typing into one step', () => {
    let h = initHistory({ name: '' });
    h = record(h, { kind: 'set', path: ['name'], value: 'a' }, 0);
    h = record(h, { kind: 'set', path: ['name'], value: 'ab' }, 100);
    h = record(h, { kind: 'set', path: ['name'], value: 'abc' }, 200);
    h = record(h, { kind: 'set', path: ['other'], value: 1 }, 300);
    expect(h.past).toHaveLength(2);
    h = undo(h);
    expect(h.present).toEqual({ name: 'abc' });
    h = undo(h);
    expect(h.present).toEqual({ name: '' });
    h = redo(h);
    expect(h.present).toEqual({ name: 'abc' });
    // A pause starts a new step.
    h = record(h, { kind: 'set', path: ['name'], value: 'abcd' }, 5000);
    expect(h.future).toEqual([]);
    expect(undo(h).present).toEqual({ name: 'abc' });
  });
});

describe('selection follows edits', () => {
  const step = (...rest: (string | number)[]) => ({
    kind: 'step' as const,
    path: ['scenarios', 'a', 'steps', ...rest],
  });
  it('moves with the item and shifts around inserts and deletes', () => {
    expect(followEdit(step(0), { kind: 'move', path: ['scenarios', 'a', 'steps'], from: 0, to: 2 })).toEqual(step(2));
    expect(followEdit(step(2), { kind: 'move', path: ['scenarios', 'a', 'steps'], from: 0, to: 2 })).toEqual(step(1));
    expect(followEdit(step(1), { kind: 'insert', path: ['scenarios', 'a', 'steps'], index: 0, value: {} })).toEqual(
      step(2),
    );
    expect(followEdit(step(2), { kind: 'delete', path: ['scenarios', 'a', 'steps', 0] })).toEqual(step(1));
  });
  it('falls back to the parent when the selected step is deleted', () => {
    expect(followEdit(step(1), { kind: 'delete', path: ['scenarios', 'a', 'steps', 1] })).toEqual({
      kind: 'scenario',
      name: 'a',
    });
    expect(
      followEdit(step(2, 'group', 'steps', 0), {
        kind: 'delete',
        path: ['scenarios', 'a', 'steps', 2, 'group', 'steps', 0],
      }),
    ).toEqual(step(2));
    expect(
      followEdit(step(2, 'batch', 1), { kind: 'delete', path: ['scenarios', 'a', 'steps', 2, 'batch', 1] }),
    ).toEqual(step(2));
  });
  it('follows a renamed scenario', () => {
    expect(followEdit(step(1), { kind: 'renameKey', path: ['scenarios'], from: 'a', to: 'b' })).toEqual({
      kind: 'step',
      path: ['scenarios', 'b', 'steps', 1],
    });
    expect(
      followEdit({ kind: 'scenario', name: 'a' }, { kind: 'renameKey', path: ['scenarios'], from: 'a', to: 'b' }),
    ).toEqual({ kind: 'scenario', name: 'b' });
  });
});

describe('steps and validation', () => {
  it('labels steps and lists variables', () => {
    expect(doc.scenarios.a.steps.map(stepLabel)).toEqual(['GET /1', 'Think 1s', 'Group g']);
    expect(
      knownVariables({
        variables: { a: 1 },
        scenarios: {
          s: {
            steps: [
              { request: { extract: { tok: {} } } },
              { group: { steps: [{ batch: [{ request: { extract: { id: {} } } }] }] } },
            ],
          },
        },
      }),
    ).toEqual(['a', 'id', 'tok']);
    // Inside flow control too, the loops' counters and items (named or by default), and setup's extractions.
    expect(
      knownVariables({
        setup: { steps: [{ request: { extract: { token: {} } } }] },
        scenarios: {
          s: {
            steps: [
              {
                if: {
                  condition: 'x',
                  then: [{ request: { extract: { a: {} } } }],
                  else: [{ request: { extract: { b: {} } } }],
                },
              },
              { randomSwitch: [{ weight: 1, steps: [{ request: { extract: { c: {} } } }] }] },
              {
                while: {
                  condition: 'x',
                  max: 2,
                  counter: 'page',
                  steps: [{ forEach: { in: 'skus', as: 'sku', steps: [{ request: { extract: { d: {} } } }] } }],
                },
              },
              { repeat: { times: 2, steps: [{ once: { steps: [{ request: { extract: { e: {} } } }] } }] } },
            ],
          },
        },
      }),
    ).toEqual(['a', 'b', 'c', 'd', 'e', 'index', 'page', 'sku', 'token']);
    expect(stepLabel({ while: {} })).toBe('While');
  });
  it('validates with the engine and indexes issues by path', () => {
    const v = validate({
      version: 1,
      name: 'x',
      defaults: { baseUrl: 'http://h' },
      scenarios: { s: { executor: 'constant-vus', steps: [{ request: { url: '/', methd: 'GET' } }] } },
    });
    expect(v.valid).toBe(false);
    expect(issuesUnder(v.issues, ['scenarios', 's']).map((i) => i.path.join('.'))).toEqual(
      expect.arrayContaining(['scenarios.s.duration', 'scenarios.s.steps.0.request.methd']),
    );
    expect(
      validate({
        version: 1,
        name: 'x',
        scenarios: { s: { executor: 'per-vu-iterations', steps: [{ request: { url: 'http://h/' } }] } },
      }).valid,
    ).toBe(true);
  });
});
