import { describe, expect, it } from 'vitest';
import { getIn } from '../core/doc-path.ts';
import { applyEdit } from '../core/edits.ts';
import { dropOn } from './dropTarget.ts';
import { buildTree, findNode, stepId } from './model.ts';
import { indentStep, moveScenario, moveStep, moveStepBy, outdentStep, type Move } from './moves.ts';

const R = (url: string) => ({ request: { url } });
const doc = {
  scenarios: {
    a: {
      steps: [
        R('/0'),
        { think: '1s' },
        { group: { name: 'g', steps: [R('/g0'), R('/g1')] } },
        { batch: [R('/b0'), R('/b1')] },
        R('/4'),
      ],
    },
    b: { steps: [R('/x')] },
  },
};
const A = (...rest: (string | number)[]) => ['scenarios', 'a', 'steps', ...rest];
const steps = (d: unknown, ...path: (string | number)[]) => getIn(d, path);
const apply = (m: Move | null) => {
  if (!m) throw new Error('no move');
  return applyEdit(doc, m.edit);
};

describe('moving steps', () => {
  it('moves within a list as one move edit, before the item at the target index', () => {
    const m = moveStep(doc, A(0), { list: A(), index: 2 });
    expect(m).toEqual({ edit: { kind: 'move', path: A(), from: 0, to: 1 }, to: A(1) });
    expect(moveStep(doc, A(4), { list: A(), index: 0 })?.to).toEqual(A(0));
    // Before itself or just after itself: nothing to do.
    expect(moveStep(doc, A(1), { list: A(), index: 1 })).toBeNull();
    expect(moveStep(doc, A(1), { list: A(), index: 2 })).toBeNull();
  });

  it('moves across lists as one replace edit, the target path shifting when it runs through the source list', () => {
    // A step before the group goes into the group: the group moves up by one.
    const m = moveStep(doc, A(0), { list: A(2, 'group', 'steps'), index: 1 });
    expect(m?.edit.kind).toBe('replace');
    expect(m?.to).toEqual(A(1, 'group', 'steps', 1));
    const next = apply(m);
    expect(steps(next, ...A(1, 'group', 'steps'))).toEqual([R('/g0'), R('/0'), R('/g1')]);
    expect(steps(next, ...A())).toHaveLength(4);
    // Out of a batch into another scenario.
    const out = apply(moveStep(doc, A(3, 'batch', 0), { list: ['scenarios', 'b', 'steps'], index: 0 }));
    expect(steps(out, 'scenarios', 'b', 'steps')).toEqual([R('/b0'), R('/x')]);
    expect(steps(out, ...A(3, 'batch'))).toEqual([R('/b1')]);
    // The original is untouched (undo keeps it).
    expect(doc.scenarios.a.steps).toHaveLength(5);
  });

  it('refuses a step into itself and a non-request into a batch', () => {
    expect(moveStep(doc, A(2), { list: A(2, 'group', 'steps'), index: 0 })).toBeNull();
    expect(moveStep(doc, A(1), { list: A(3, 'batch'), index: 0 })).toBeNull();
    expect(moveStep(doc, A(0), { list: A(3, 'batch'), index: 2 })?.to).toEqual(A(2, 'batch', 2));
    expect(moveStep(doc, A(9), { list: A(), index: 0 })).toBeNull();
  });

  it('moves by one with Alt+arrows, and not past the ends', () => {
    expect(moveStepBy(doc, A(1), -1)?.edit).toEqual({ kind: 'move', path: A(), from: 1, to: 0 });
    expect(moveStepBy(doc, A(0), -1)).toBeNull();
    expect(moveStepBy(doc, A(4), 1)).toBeNull();
    expect(moveStepBy(doc, A(2, 'group', 'steps', 0), 1)?.to).toEqual(A(2, 'group', 'steps', 1));
  });

  it('indents into the group or batch above and outdents to just after it', () => {
    expect(indentStep(doc, A(3))?.to).toEqual(A(2, 'group', 'steps', 2));
    expect(indentStep(doc, A(4))?.to).toEqual(A(3, 'batch', 2));
    expect(indentStep(doc, A(1))).toBeNull(); // a request is above
    expect(indentStep(doc, A(0))).toBeNull();
    const out = outdentStep(doc, A(2, 'group', 'steps', 0));
    expect(out?.to).toEqual(A(3));
    expect(steps(apply(out), ...A(3))).toEqual(R('/g0'));
    expect(outdentStep(doc, A(3, 'batch', 1))?.to).toEqual(A(4));
    expect(outdentStep(doc, A(1))).toBeNull();
  });
});

describe('moving scenarios', () => {
  it('reorders the keys in one replace edit', () => {
    const e = moveScenario({ scenarios: { a: 1, b: 2, c: 3 } }, 'a', 2);
    expect(e?.kind).toBe('replace');
    expect(Object.keys(getIn(applyEdit({}, e ?? { kind: 'replace', doc: {} }), ['scenarios']) as object)).toEqual([
      'b',
      'c',
      'a',
    ]);
    expect(moveScenario({ scenarios: { a: 1, b: 2 } }, 'a', 0)).toBeNull();
    expect(moveScenario({ scenarios: { a: 1 } }, 'zz', 0)).toBeNull();
  });
});

describe('drop targets', () => {
  const nodes = buildTree(doc, []);
  const node = (id: string) => {
    const n = findNode(nodes, id);
    if (!n) throw new Error(id);
    return n;
  };

  it('drops a step before or after a step by the pointer height, into a container in its middle', () => {
    expect(dropOn(doc, node(stepId(A(0))), node(stepId(A(4))), 0.2)).toEqual({
      position: 'before',
      target: { list: A(), index: 4 },
    });
    expect(dropOn(doc, node(stepId(A(0))), node(stepId(A(4))), 0.8)).toEqual({
      position: 'after',
      target: { list: A(), index: 5 },
    });
    expect(dropOn(doc, node(stepId(A(0))), node(stepId(A(2))), 0.5)).toEqual({
      position: 'inside',
      target: { list: A(2, 'group', 'steps'), index: 2 },
    });
    expect(dropOn(doc, node(stepId(A(0))), node('scenario:b'), 0.1)).toEqual({
      position: 'inside',
      target: { list: ['scenarios', 'b', 'steps'], index: 1 },
    });
  });

  it('refuses drops that mean nothing or break the plan', () => {
    expect(dropOn(doc, node(stepId(A(0))), node(stepId(A(1))), 0.2)).toBeNull(); // where it already is
    expect(dropOn(doc, node(stepId(A(1))), node(stepId(A(3))), 0.5)).toBeNull(); // a think step into a batch
    expect(dropOn(doc, node(stepId(A(2))), node(stepId(A(2, 'group', 'steps', 0))), 0.2)).toBeNull(); // into itself
    expect(dropOn(doc, node(stepId(A(0))), node('settings:general'), 0.5)).toBeNull();
    expect(dropOn(doc, node('scenario:a'), node(stepId(A(0))), 0.5)).toBeNull();
  });

  it('drops a scenario before or after another scenario', () => {
    expect(dropOn(doc, node('scenario:a'), node('scenario:b'), 0.8)).toEqual({
      position: 'after',
      target: { scenarioBefore: 2 },
    });
    expect(dropOn(doc, node('scenario:a'), node('scenario:b'), 0.2)).toBeNull(); // before b is where a is
    expect(dropOn(doc, node('scenario:b'), node('scenario:a'), 0.2)).toEqual({
      position: 'before',
      target: { scenarioBefore: 0 },
    });
  });
});
