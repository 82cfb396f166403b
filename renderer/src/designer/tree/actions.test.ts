import { describe, expect, it } from 'vitest';
import { getIn } from '../core/doc-path.ts';
import { applyEdit } from '../core/edits.ts';
import { validate } from '../core/validation.ts';
import {
  addScenario,
  addStep,
  duplicateScenario,
  duplicateStep,
  renameEdit,
  renameTarget,
  scenarioHasSteps,
} from './actions.ts';

const doc = {
  version: 1,
  name: 'p',
  defaults: { baseUrl: 'http://h' },
  scenarios: {
    a: {
      executor: 'constant-vus',
      duration: '1s',
      steps: [{ request: { name: 'one', url: '/1' } }, { group: { name: 'g', steps: [{ think: '1s' }] } }],
    },
    b: { executor: 'constant-vus', duration: '1s', steps: [{ batch: [{ request: { url: '/b' } }] }] },
  },
};
const keys = (d: unknown) => Object.keys(getIn(d, ['scenarios']) as object);

describe('tree actions', () => {
  it('adds a scenario that is valid as it is, and selects it', () => {
    const change = addScenario('c');
    const next = applyEdit(doc, change.edit);
    expect(keys(next)).toEqual(['a', 'b', 'c']);
    expect(getIn(next, ['scenarios', 'c'])).toMatchObject({ executor: 'constant-vus', vus: 1, duration: '30s' });
    expect(validate(next).valid).toBe(true);
    expect(change.select).toEqual({ kind: 'scenario', name: 'c' });
  });

  it('duplicates a scenario right after it under a free name', () => {
    const once = duplicateScenario(doc, 'a');
    const next = applyEdit(doc, once?.edit ?? { kind: 'replace', doc });
    expect(keys(next)).toEqual(['a', 'a-copy', 'b']);
    expect(once?.select).toEqual({ kind: 'scenario', name: 'a-copy' });
    const twice = duplicateScenario(next, 'a');
    expect(keys(applyEdit(next, twice?.edit ?? { kind: 'replace', doc }))).toEqual(['a', 'a-copy-2', 'a-copy', 'b']);
    expect(duplicateScenario(doc, 'zz')).toBeNull();
  });

  it('duplicates a step right after it and adds steps at the end of a list', () => {
    const dup = duplicateStep(doc, ['scenarios', 'a', 'steps', 0]);
    expect(dup?.edit).toEqual({
      kind: 'insert',
      path: ['scenarios', 'a', 'steps'],
      index: 1,
      value: { request: { name: 'one', url: '/1' } },
    });
    expect(dup?.select).toEqual({ kind: 'step', path: ['scenarios', 'a', 'steps', 1] });
    const add = addStep(doc, ['scenarios', 'a', 'steps', 1, 'group', 'steps'], 'batch');
    expect(add.edit).toMatchObject({ kind: 'insert', index: 1, value: { batch: [{ request: {} }, { request: {} }] } });
    expect(add.select).toEqual({ kind: 'step', path: ['scenarios', 'a', 'steps', 1, 'group', 'steps', 1] });
    expect(addStep(doc, ['scenarios', 'b', 'steps', 0, 'batch'], 'request').edit).toMatchObject({ index: 1 });
  });

  it('renames a scenario in place, a group, and a request (empty goes back to method and URL)', () => {
    const sc = { kind: 'scenario', name: 'a' } as const;
    const renamed = applyEdit(doc, renameEdit(doc, sc, 'z') ?? { kind: 'replace', doc });
    expect(keys(renamed)).toEqual(['z', 'b']);
    expect(renameEdit(doc, sc, 'a')).toBeNull();
    const group = { kind: 'step', path: ['scenarios', 'a', 'steps', 1] } as const;
    expect(renameTarget(doc, group)).toEqual({ kind: 'group', value: 'g' });
    expect(renameEdit(doc, group, 'pay')).toEqual({
      kind: 'set',
      path: ['scenarios', 'a', 'steps', 1, 'group', 'name'],
      value: 'pay',
    });
    const req = { kind: 'step', path: ['scenarios', 'a', 'steps', 0] } as const;
    expect(renameEdit(doc, req, '')).toEqual({
      kind: 'set',
      path: ['scenarios', 'a', 'steps', 0, 'request', 'name'],
      value: undefined,
    });
    expect(renameTarget(doc, { kind: 'step', path: ['scenarios', 'b', 'steps', 0, 'batch', 0] })).toEqual({
      kind: 'request',
      value: '',
    });
    expect(renameTarget(doc, { kind: 'step', path: ['scenarios', 'a', 'steps', 1, 'group', 'steps', 0] })).toBeNull();
    expect(renameTarget(doc, { kind: 'settings', section: 'general' })).toBeNull();
  });

  it('knows when deleting a scenario loses steps', () => {
    expect(scenarioHasSteps(doc, 'a')).toBe(true);
    expect(scenarioHasSteps({ scenarios: { e: { steps: [] } } }, 'e')).toBe(false);
  });
});
