/** Which plan Try it runs when the document has problems: the request's own problems refuse, others do not. */
import { describe, expect, it } from 'vitest';
import { PlanError } from '../../plan/errors.ts';
import { TraceInputError } from './errors.ts';
import { planForTry } from './try-plan.ts';

const doc = (steps: unknown[], extra: Record<string, unknown> = {}) => ({
  version: 1,
  name: 'p',
  defaults: { baseUrl: 'http://127.0.0.1:1' },
  scenarios: {
    s: { executor: 'constant-vus', vus: 3, duration: '10s', steps },
    other: { executor: 'bogus', steps: [] },
  },
  thresholds: { 'http_req_duration{request:nope}': ['p(95)<1'] },
  ...extra,
});
const path = (i: number) => ['scenarios', 's', 'steps', i];
const issuesOf = (f: () => unknown): string[] => {
  try {
    f();
  } catch (e) {
    if (e instanceof PlanError) return [...new Set(e.issues.map((i) => i.path.join('.')))];
    throw e;
  }
  throw new Error('no PlanError');
};

describe('planForTry', () => {
  it('keeps only the scenario of the request, as one VU, and drops thresholds and other scenarios', () => {
    const plan = planForTry(doc([{ request: { url: '/a' } }]), path(0));
    expect(Object.keys(plan.scenarios)).toEqual(['s']);
    expect(plan.scenarios.s?.executor).toBe('per-vu-iterations');
    expect(plan.thresholds).toBeUndefined();
  });

  it('replaces broken sibling steps and batch items, keeping the indices', () => {
    const steps = [
      { request: { url: 5 } },
      {
        group: {
          name: 'g',
          steps: [
            { request: { methd: 'GET', url: '/x' } },
            { batch: [{ request: { url: '/b0', extra: 1 } }, { request: { url: '/b1' } }] },
          ],
        },
      },
    ];
    const plan = planForTry(doc(steps), [...path(1), 'group', 'steps', 1, 'batch', 1, 'request']);
    const g = plan.scenarios.s?.steps[1];
    expect(plan.scenarios.s?.steps[0]).toEqual({ think: '0s' });
    expect(g && 'group' in g && g.group.steps[0]).toEqual({ think: '0s' });
    expect(
      g && 'group' in g && g.group.steps[1] && 'batch' in g.group.steps[1] && g.group.steps[1].batch[1]?.request.url,
    ).toBe('/b1');
  });

  it('refuses with the problems of the request itself, its groups, or what all requests use', () => {
    expect(issuesOf(() => planForTry(doc([{ request: { url: '/ok' } }, { request: { url: 5 } }]), path(1)))).toEqual([
      'scenarios.s.steps.1.request.url',
    ]);
    expect(
      issuesOf(() =>
        planForTry(doc([{ group: { name: '', steps: [{ request: { url: '/x' } }] } }]), [
          ...path(0),
          'group',
          'steps',
          0,
        ]),
      ),
    ).toEqual(['scenarios.s.steps.0.group.name']);
    expect(
      issuesOf(() => planForTry(doc([{ request: { url: '/x' } }], { defaults: { baseUrl: 5 } }), path(0))),
    ).toEqual(['defaults.baseUrl']);
  });

  it('refuses a request using a variable only a broken step extracted', () => {
    const steps = [{ request: { url: 5, extract: { id: { jsonPath: '$.id' } } } }, { request: { url: '/u/${id}' } }];
    expect(issuesOf(() => planForTry(doc(steps), path(1)))).toEqual(['scenarios.s.steps.1.request.url']);
  });

  it("replaces broken siblings inside branches and loops; the enclosing condition's own problem refuses", () => {
    const steps = [
      {
        if: {
          condition: 'true',
          then: [
            { request: { url: 5 } },
            { while: { condition: 'x == 1', max: 2, steps: [{ request: { methd: 1 } }, { request: { url: '/w' } }] } },
          ],
        },
      },
    ];
    const plan = planForTry(doc(steps, { variables: { x: 1 } }), [...path(0), 'if', 'then', 1, 'while', 'steps', 1]);
    const branch = plan.scenarios.s?.steps[0];
    expect(branch && 'if' in branch && branch.if.then[0]).toEqual({ think: '0s' });
    expect(
      issuesOf(() =>
        planForTry(doc([{ if: { condition: 'a ==', then: [{ request: { url: '/x' } }] } }]), [
          ...path(0),
          'if',
          'then',
          0,
        ]),
      ),
    ).toEqual(['scenarios.s.steps.0.if.condition']);
  });

  it('tries a request of setup or teardown: that list (and setup) with one idle scenario', () => {
    const d = doc([{ request: { url: '/s' } }], {
      setup: {
        steps: [{ request: { url: 5 } }, { request: { url: '/login', extract: { token: { jsonPath: '$.t' } } } }],
      },
      teardown: { steps: [{ request: { url: '/bye/${token}' } }] },
    });
    const setup = planForTry(d, ['setup', 'steps', 1, 'request']);
    expect(setup.setup?.steps[0]).toEqual({ think: '0s' });
    expect(setup.teardown).toBeUndefined();
    expect(Object.keys(setup.scenarios)).toEqual(['try']);
    expect(issuesOf(() => planForTry(d, ['teardown', 'steps', 0]))).toEqual(['setup.steps.0.request.url']);
  });

  it('refuses a path outside the scenarios', () => {
    expect(() => planForTry(doc([]), ['defaults'])).toThrow(TraceInputError);
    expect(() => planForTry(doc([]), ['scenarios', 'zz', 'steps', 0])).toThrow(TraceInputError);
  });
});
